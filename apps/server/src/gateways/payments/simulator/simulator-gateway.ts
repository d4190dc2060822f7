import { randomBytes, randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { type Cents, isExpiryPast, messages } from '@pria/contracts';
import type { JWK } from 'jose';
import { Kysely, PostgresDialect, type Selectable, sql } from 'kysely';
import { batched } from '../../../platform/batch.ts';
import { int8Array, textArray } from '../../../platform/binary-arrays.ts';
import { createPool, namedStatement } from '../../../platform/db.ts';
import { timeOrderedHex } from '../../../platform/ids.ts';
import { insertOptimistically } from '../../../platform/insert-optimistically.ts';
import {
  assertPositiveCents,
  type ChargeInput,
  type ChargeOutcome,
  type CreateInstrumentInput,
  type DisputeEvent,
  GatewayDeclined,
  GatewayError,
  GatewayInvalidCard,
  GatewayTimeout,
  type Instrument,
  type LookupResult,
  type PaymentGateway,
  type PayoutInput,
  type PayoutOutcome,
  type RefundInput,
  type RefundOutcome,
  type UpdateInstrumentInput,
} from '../port.ts';
import { readCard } from './read-card.ts';
import { loadOrCreateKeys, type SimKeys } from './sim-keys.ts';
import {
  ensureSimulatorSchema,
  type SimDatabase,
  type SimDb,
  type SimInstrumentsTable,
  type SimTransactionsTable,
} from './sim-schema.ts';
import { type Behaviour, behaviourOf } from './test-cards.ts';

export interface SimulatorOptions<DB = unknown> {
  /** Any Kysely instance on the database; the simulator works only in schema gateway_sim. */
  db: Kysely<DB>;
  /** Base URL of this server, for hosted authentication pages (`/gateway-sim/sessions/<id>`). */
  publicUrl: string;
  /** Every call answers this long after it was made at the earliest (the round trip, the processor's work included). */
  latencyMs?: number;
  /** Probability (0..1) that a call times out, half before and half after it is processed. */
  faultRate?: number;
  random?: () => number;
  now?: () => Date;
  /**
   * The processor's clock for disputes: a charge on the dispute test card is disputed
   * `disputeAfterDays` after it was captured, by this clock (the app's, so tests can walk it).
   */
  clock?: () => Date;
  disputeAfterDays?: number;
  /**
   * How long a hosted authentication (3-D Secure) session waits for the customer, by `clock`:
   * afterwards the charge is declined "Authentication expired". Default 15 minutes.
   */
  authenticationWindowMs?: number;
  /**
   * Give the simulator its own connection pool on this database, as a real processor has its
   * own systems. Its commits are asynchronous (synchronous_commit off): the processor's
   * durability is not ours to pay for on the shared 2-core machine. Without it, it uses `db`.
   */
  connectionString?: string;
}

export type SessionCompleted = (event: { reference: string; outcome: ChargeOutcome }) => void | Promise<void>;

type TxRow = Selectable<SimTransactionsTable>;
type NewTx = Omit<TxRow, 'seq' | 'created_at' | 'updated_at'>;
/** What a call's answer needs of a transaction (no timestamps to parse on the hot path). */
type TxOutcome = Pick<
  TxRow,
  'id' | 'reference' | 'kind' | 'instrument_id' | 'amount_cents' | 'status' | 'reason' | 'session_id'
>;
/** What a charge or payout needs of an instrument. */
type ActiveInstrument = Pick<
  Selectable<SimInstrumentsTable>,
  'id' | 'behaviour' | 'expiration_month' | 'expiration_year'
>;
/** A processor-side id: the prefix and 32 random hex digits (randomUUID is pooled, randomBytes is not). */
const newId = (prefix: string) => `${prefix}_${randomUUID().replaceAll('-', '')}`;
/** A transaction id in time order (a UUIDv7's hex), so the ledger's key and ours grow at one end (ADR 44). */
const newTxId = () => `sim_txn_${timeOrderedHex()}`;

/** Starts the simulator: creates its schema if needed and loads (or makes) its key pair. */
export async function createSimulatorGateway<DB>(opts: SimulatorOptions<DB>): Promise<SimulatorGateway> {
  let own: Kysely<unknown> | null = null;
  if (opts.connectionString) {
    const pool = createPool({
      connectionString: opts.connectionString,
      max: 20,
      options: '-c synchronous_commit=off',
    });
    own = new Kysely<unknown>({ dialect: new PostgresDialect({ pool }) });
  }
  const db = own ?? (opts.db as unknown as Kysely<unknown>);
  await ensureSimulatorSchema(db);
  const sim = (db as unknown as Kysely<SimDatabase>).withSchema('gateway_sim');
  const gateway = new SimulatorGateway(opts, sim, await loadOrCreateKeys(sim));
  if (own) gateway.onClose(() => own.destroy());
  return gateway;
}

/**
 * A payment processor in a box, behaving like a real one where it matters to us: idempotency
 * by reference, declines as outcomes, timeouts after the money moved, 3-D Secure style
 * authentication for customer-initiated charges. See README.md for the test cards.
 */
export class SimulatorGateway implements PaymentGateway {
  readonly name = 'simulator';
  readonly publicUrl: string;
  private readonly sim: SimDb;
  private readonly keys: SimKeys;
  private readonly latencyMs: number;
  private readonly faultRate: number;
  private readonly random: () => number;
  private readonly now: () => Date;
  private readonly clock: () => Date;
  private readonly disputeAfterDays: number;
  private readonly authenticationWindowMs: number;
  private readonly listeners: SessionCompleted[] = [];
  private readonly closers: (() => Promise<void>)[] = [];
  /** Charges and payouts in flight at once are read and written as one statement each. */
  private readonly loadInstrument: (id: string) => Promise<ActiveInstrument | undefined>;
  private readonly writeTx: (row: NewTx) => Promise<{ tx: TxOutcome; inserted: boolean }>;
  private readonly writePlainTx: (row: NewTx) => Promise<{ tx: TxOutcome; inserted: true } | null>;
  private readonly findByReference: (reference: string) => Promise<TxOutcome | undefined>;

  /** Releases what the simulator holds (its own pool, when it has one). */
  async close(): Promise<void> {
    for (const close of this.closers.splice(0)) await close();
  }

  onClose(close: () => Promise<void>): void {
    this.closers.push(close);
  }

  constructor(opts: Omit<SimulatorOptions, 'db'>, sim: SimDb, keys: SimKeys) {
    this.sim = sim;
    this.keys = keys;
    this.publicUrl = opts.publicUrl.replace(/\/$/, '');
    this.latencyMs = opts.latencyMs ?? 0;
    this.faultRate = opts.faultRate ?? 0;
    this.random = opts.random ?? Math.random;
    this.now = opts.now ?? (() => new Date());
    this.clock = opts.clock ?? this.now;
    this.disputeAfterDays = opts.disputeAfterDays ?? 3;
    this.authenticationWindowMs = opts.authenticationWindowMs ?? AUTHENTICATION_WINDOW_MS;
    this.loadInstrument = batched(async (ids: string[]) => {
      const rows = await this.sim
        .selectFrom('instruments')
        .select(['id', 'behaviour', 'expiration_month', 'expiration_year'])
        .where('id', 'in', [...new Set(ids)])
        .where('deleted_at', 'is', null)
        .execute();
      const byId = new Map(rows.map((r) => [r.id, r]));
      return ids.map((id) => byId.get(id));
    });
    this.writeTx = batched((rows: NewTx[]) => this.insertTxs(rows));
    this.writePlainTx = batched((rows: NewTx[]) => this.insertPlainTxs(rows));
    this.findByReference = batched((references: string[]) => this.lookupMany(references));
  }

  async publicKey(): Promise<JWK> {
    return { ...this.keys.publicJwk };
  }

  createInstrument(input: CreateInstrumentInput): Promise<Instrument> {
    return this.roundTrip(() => this.createInstrumentHere(input));
  }

  private async createInstrumentHere(input: CreateInstrumentInput): Promise<Instrument> {
    const fault = await this.network(input.reference);
    const existing = await this.sim
      .selectFrom('instruments')
      .selectAll()
      .where('reference', '=', input.reference)
      .executeTakeFirst();
    if (existing) return toInstrument(existing);

    let plaintext: string;
    try {
      plaintext = await this.keys.decrypt(input.encryptedCard);
    } catch {
      throw new GatewayInvalidCard('The card data could not be read');
    }
    const card = readCard(plaintext, input.expirationMonth, input.expirationYear, this.now());
    const behaviour = behaviourOf(card.number);
    // The $0 verification: the issuer refuses this one outright.
    if (behaviour === 'decline_registration') throw new GatewayDeclined(messages.cardDeclined);

    await this.sim
      .insertInto('instruments')
      .values({
        id: newId('sim_ins'),
        reference: input.reference,
        card_hash: this.keys.fingerprint(card.number),
        brand: card.brand,
        last_four: card.number.slice(-4),
        expiration_month: input.expirationMonth,
        expiration_year: input.expirationYear,
        name: input.name,
        billing_address: JSON.stringify(input.billingAddress),
        behaviour,
      })
      .onConflict((oc) => oc.column('reference').doNothing())
      .execute();
    const row = await this.sim
      .selectFrom('instruments')
      .selectAll()
      .where('reference', '=', input.reference)
      .executeTakeFirstOrThrow();
    if (fault === 'after') throw new GatewayTimeout(input.reference);
    return toInstrument(row);
  }

  updateInstrument(instrumentId: string, input: UpdateInstrumentInput): Promise<void> {
    return this.roundTrip(() => this.updateInstrumentHere(instrumentId, input));
  }

  private async updateInstrumentHere(instrumentId: string, input: UpdateInstrumentInput): Promise<void> {
    await this.network();
    const updated = await this.sim
      .updateTable('instruments')
      .set({
        expiration_month: input.expirationMonth,
        expiration_year: input.expirationYear,
        billing_address: JSON.stringify(input.billingAddress),
        updated_at: this.now(),
      })
      .where('id', '=', instrumentId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    if (updated.numUpdatedRows === 0n) throw new GatewayError('Instrument not found');
  }

  deleteInstrument(instrumentId: string): Promise<void> {
    return this.roundTrip(() => this.deleteInstrumentHere(instrumentId));
  }

  private async deleteInstrumentHere(instrumentId: string): Promise<void> {
    await this.network();
    await this.sim
      .updateTable('instruments')
      .set({ deleted_at: this.now() })
      .where('id', '=', instrumentId)
      .where('deleted_at', 'is', null)
      .execute();
  }

  charge(input: ChargeInput): Promise<ChargeOutcome> {
    return this.roundTrip(() => this.chargeHere(input));
  }

  private async chargeHere(input: ChargeInput): Promise<ChargeOutcome> {
    assertPositiveCents(input.amountCents);
    const fault = await this.network(input.reference);
    const row = {
      id: newTxId(),
      reference: input.reference,
      kind: 'charge' as const,
      instrument_id: input.instrumentId,
      amount_cents: input.amountCents,
      description: input.description,
      initiator: input.initiator,
      status: 'captured' as TxRow['status'],
      reason: null as string | null,
      session_id: null as string | null,
      return_url: input.returnUrl ?? null,
    };
    // NOTE: no look-up first: the inserts below are idempotent on the reference, and a repeat
    // replays the first outcome. A plain card's charge is written in one round trip.
    const plain = await this.writePlainTx(row);
    const { tx, inserted, behaviour } = plain
      ? { ...plain, behaviour: 'success' as const }
      : await this.chargeByVerdict(row, input.initiator);
    if (inserted && tx.session_id) await this.openSession(tx.session_id, tx.reference);
    // NOTE: the money moved, but the answer is lost on the way back: the caller must look it up.
    if (!inserted) return this.replay(tx, 'charge') as ChargeOutcome;
    if (behaviour === 'disputed' && tx.status === 'captured') {
      const opens = new Date(this.clock().getTime() + this.disputeAfterDays * 86_400_000);
      await this.addDisputeEvent({
        reference: tx.reference,
        amountCents: tx.amount_cents,
        status: 'open',
        at: opens,
      });
    }
    if (behaviour === 'timeout_after_charge' || fault === 'after') throw new GatewayTimeout(input.reference);
    return this.replay(tx, 'charge') as ChargeOutcome;
  }

  /** What the card's issuer does with a charge (see README.md for the test cards), written. */
  private async chargeByVerdict(row: NewTx, initiator: ChargeInput['initiator']) {
    const instrument = await this.activeInstrument(row.instrument_id);
    const behaviour = (instrument?.behaviour ?? 'missing') as Behaviour | 'missing';
    const expired =
      instrument && isExpiryPast(instrument.expiration_month, instrument.expiration_year, this.now());
    let verdict: Pick<NewTx, 'status' | 'reason' | 'session_id'> = {
      status: 'captured',
      reason: null,
      session_id: null,
    };
    if (behaviour === 'missing') verdict = { ...verdict, status: 'declined', reason: 'Instrument not found' };
    else if (behaviour === 'insufficient_funds')
      verdict = { ...verdict, status: 'declined', reason: 'Insufficient funds' };
    else if (behaviour === 'expired_card' || expired)
      verdict = { ...verdict, status: 'declined', reason: 'Expired card' };
    else if (behaviour === 'requires_authentication' && initiator === 'customer') {
      verdict = {
        ...verdict,
        status: 'requires_authentication',
        session_id: randomBytes(24).toString('base64url'),
      };
    }
    return { ...(await this.insertTx({ ...row, ...verdict })), behaviour };
  }

  payout(input: PayoutInput): Promise<PayoutOutcome> {
    return this.roundTrip(() => this.payoutHere(input));
  }

  private async payoutHere(input: PayoutInput): Promise<PayoutOutcome> {
    assertPositiveCents(input.amountCents);
    const fault = await this.network(input.reference);
    const row: NewTx = {
      id: newTxId(),
      reference: input.reference,
      kind: 'payout',
      instrument_id: input.instrumentId,
      amount_cents: input.amountCents,
      description: null,
      initiator: null,
      status: 'paid',
      reason: null,
      session_id: null,
      return_url: null,
    };
    const { tx, inserted } =
      (await this.writePlainTx(row)) ??
      (await this.insertTx({
        ...row,
        ...(await this.payoutVerdict(await this.activeInstrument(input.instrumentId))),
      }));
    if (inserted && fault === 'after') throw new GatewayTimeout(input.reference);
    return this.replay(tx, 'payout') as PayoutOutcome;
  }

  refund(input: RefundInput): Promise<RefundOutcome> {
    return this.roundTrip(() => this.refundHere(input));
  }

  private async refundHere(input: RefundInput): Promise<RefundOutcome> {
    assertPositiveCents(input.amountCents);
    const fault = await this.network(input.reference);
    const charge = await this.findTx(input.chargeReference);
    const left = charge ? await this.leftOf(charge) : 0;
    const reason =
      charge?.kind !== 'charge' || charge.status !== 'captured'
        ? 'The charge was not captured'
        : input.amountCents > left
          ? 'The refund exceeds what is left of the charge'
          : null;
    const { tx, inserted } = await this.insertTx({
      id: newTxId(),
      reference: input.reference,
      kind: 'refund',
      instrument_id: charge?.instrument_id ?? 'unknown',
      amount_cents: input.amountCents,
      // The refunded charge's reference: what is left of it is counted by this.
      description: input.chargeReference,
      initiator: null,
      status: reason ? 'failed' : 'refunded',
      reason,
      session_id: null,
      return_url: null,
    });
    if (inserted && fault === 'after') throw new GatewayTimeout(input.reference);
    return this.replay(tx, 'refund') as RefundOutcome;
  }

  /** What is left of a charge after its refunds: what can still be refunded or disputed. */
  private async leftOf(charge: { reference: string; amount_cents: number }): Promise<number> {
    const refunded = await this.sim
      .selectFrom('transactions')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount_cents'), eb.lit(0)).as('n'))
      .where('kind', '=', 'refund')
      .where('status', '=', 'refunded')
      .where('description', '=', charge.reference)
      .executeTakeFirst();
    return charge.amount_cents - Number(refunded?.n ?? 0);
  }

  async disputeEvents(cursor: string | null): Promise<{ events: DisputeEvent[]; cursor: string | null }> {
    return this.roundTrip(async () => {
      await this.network();
      const [at, seq] = cursor ? cursor.split('|') : [];
      const rows = await this.sim
        .selectFrom('dispute_events')
        .selectAll()
        .where('at', '<=', this.clock())
        .$if(Boolean(at), (q) =>
          q.where(sql<boolean>`(at, seq) > (${at}::timestamptz, ${Number(seq)}::bigint)`),
        )
        .orderBy('at')
        .orderBy('seq')
        .limit(500)
        .execute();
      const last = rows.at(-1);
      return {
        events: rows.map((r) => ({
          disputeId: r.dispute_id,
          chargeReference: r.charge_reference,
          amountCents: Number(r.amount_cents) as Cents,
          status: r.status,
          reason: r.reason,
          at: new Date(r.at),
        })),
        cursor: last ? `${new Date(last.at).toISOString()}|${last.seq}` : cursor,
      };
    });
  }

  /**
   * Test trigger (admin and CLI in development): the cardholder disputes a captured charge now,
   * or the network decides an open dispute. Unknown charges and repeated decisions change nothing.
   */
  async openDispute(
    chargeReference: string,
    reason = 'Cardholder disputes the charge',
  ): Promise<string | null> {
    const charge = await this.findTx(chargeReference);
    if (charge?.kind !== 'charge' || charge.status !== 'captured') return null;
    // A processor keeps one case per charge at a time: a cardholder disputing again while a
    // dispute is open gets that case, not a second one.
    const open = await this.sim
      .selectFrom('dispute_events as o')
      .select('o.dispute_id')
      .where('o.charge_reference', '=', charge.reference)
      .where('o.status', '=', 'open')
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('dispute_events as d')
              .select('d.seq')
              .whereRef('d.dispute_id', '=', 'o.dispute_id')
              .where('d.status', '<>', 'open'),
          ),
        ),
      )
      .executeTakeFirst();
    if (open) return open.dispute_id;
    // The cardholder disputes what the card still carries: a refunded part is not theirs to
    // claim again, and a charge refunded in full leaves nothing to dispute.
    const left = await this.leftOf(charge);
    if (left <= 0) return null;
    return this.addDisputeEvent({
      reference: charge.reference,
      amountCents: left,
      status: 'open',
      at: this.clock(),
      reason,
    });
  }

  async decideDispute(disputeId: string, outcome: 'won' | 'lost'): Promise<boolean> {
    const open = await this.sim
      .selectFrom('dispute_events')
      .selectAll()
      .where('dispute_id', '=', disputeId)
      .where('status', '=', 'open')
      .executeTakeFirst();
    if (!open) return false;
    const decided = await this.sim
      .selectFrom('dispute_events')
      .select('seq')
      .where('dispute_id', '=', disputeId)
      .where('status', '<>', 'open')
      .executeTakeFirst();
    if (decided) return false;
    const added = await this.sim
      .insertInto('dispute_events')
      .values({
        dispute_id: disputeId,
        charge_reference: open.charge_reference,
        amount_cents: open.amount_cents,
        status: outcome,
        reason: open.reason,
        at: this.clock(),
      })
      .onConflict((oc) => oc.columns(['dispute_id', 'status']).doNothing())
      .returning('seq')
      .executeTakeFirst();
    return Boolean(added);
  }

  private async addDisputeEvent(e: {
    reference: string;
    amountCents: number;
    status: 'open' | 'won' | 'lost';
    at: Date;
    reason?: string;
  }): Promise<string> {
    const disputeId = newId('sim_dp');
    await this.sim
      .insertInto('dispute_events')
      .values({
        dispute_id: disputeId,
        charge_reference: e.reference,
        amount_cents: e.amountCents,
        status: e.status,
        reason: e.reason ?? 'Cardholder disputes the charge',
        at: e.at,
      })
      .execute();
    return disputeId;
  }

  /** What the card's issuer does with a credit (see README.md for the test cards). */
  private async payoutVerdict(
    instrument: ActiveInstrument | undefined,
  ): Promise<{ status: 'paid' | 'failed' | 'returned'; reason: string | null }> {
    if (!instrument) return { status: 'failed', reason: 'Instrument not found' };
    if (instrument.behaviour === 'payout_returned') return { status: 'returned', reason: 'Account closed' };
    if (instrument.behaviour === 'payout_fails_twice') {
      const failed = await this.sim
        .selectFrom('transactions')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('instrument_id', '=', instrument.id)
        .where('kind', '=', 'payout')
        .where('status', '=', 'failed')
        .executeTakeFirst();
      if (Number(failed?.n ?? 0) < 2) return { status: 'failed', reason: 'Issuer unavailable' };
    }
    return { status: 'paid', reason: null };
  }

  lookup(reference: string): Promise<LookupResult | null> {
    return this.roundTrip(() => this.lookupHere(reference));
  }

  private async lookupHere(reference: string): Promise<LookupResult | null> {
    await this.network();
    const tx = await this.findByReference(reference);
    if (!tx) return null;
    return {
      kind: tx.kind,
      amountCents: tx.amount_cents as Cents,
      instrumentId: tx.instrument_id,
      ...this.outcomeOf(tx),
    } as LookupResult;
  }

  /**
   * The lookups in flight at once, in one named statement (a restarted worker looks up every
   * card a dead one had in flight, one call each: bench:billing's recovery): a challenge of one
   * of these references left past its window is declined first, as expireSessions does, and its
   * listeners are told once.
   */
  private async lookupMany(references: string[]): Promise<(TxOutcome | undefined)[]> {
    const rows = await lookupStatement(this.sim, [
      [...new Set(references)],
      AUTHENTICATION_EXPIRED,
      this.now(),
      this.clock(),
    ]);
    for (const expired of rows.filter((r) => r.expired)) await this.tellListeners(expired);
    const byReference = new Map(rows.map((r) => [r.reference, r]));
    return references.map((reference) => byReference.get(reference));
  }

  /** Called after the customer finishes (or cancels) a hosted authentication page. */
  onSessionCompleted(listener: SessionCompleted): void {
    this.listeners.push(listener);
  }

  // --- hosted authentication sessions (used by sessions.routes.ts) ---

  async findSession(sessionId: string): Promise<TxRow | undefined> {
    await this.expireSessions({ sessionId });
    return this.sim
      .selectFrom('transactions')
      .selectAll()
      .where('session_id', '=', sessionId)
      .executeTakeFirst();
  }

  /** Settles a pending authentication exactly once; a second submit, or a late one, changes nothing. */
  async completeSession(sessionId: string, authenticated: boolean): Promise<TxRow | undefined> {
    await this.expireSessions({ sessionId });
    const tx = await this.sim
      .updateTable('transactions')
      .set({
        status: authenticated ? 'captured' : 'declined',
        reason: authenticated ? null : 'Authentication failed',
        updated_at: this.now(),
      })
      .where('session_id', '=', sessionId)
      .where('status', '=', 'requires_authentication')
      .returningAll()
      .executeTakeFirst();
    if (tx) await this.tellListeners(tx);
    return tx;
  }

  private async tellListeners(tx: TxOutcome) {
    const outcome = this.outcomeOf(tx) as ChargeOutcome;
    for (const listener of this.listeners) {
      await Promise.resolve(listener({ reference: tx.reference, outcome })).catch(() => {});
    }
  }

  /** A new session's window starts now, by the processor's clock. */
  private async openSession(sessionId: string, reference: string) {
    await this.sim
      .insertInto('sessions')
      .values({
        session_id: sessionId,
        reference,
        expires_at: new Date(this.clock().getTime() + this.authenticationWindowMs),
      })
      .onConflict((oc) => oc.column('session_id').doNothing())
      .execute();
  }

  /**
   * A challenge the customer left past its window is declined "Authentication expired", once
   * (an issuer's challenge times out the same way); asked lazily, whenever the session is read.
   */
  private async expireSessions(which: { reference: string } | { sessionId: string }) {
    const expired = await sql<TxOutcome>`
      update gateway_sim.transactions t
      set status = 'declined', reason = ${AUTHENTICATION_EXPIRED}, updated_at = ${this.now()}
      from gateway_sim.sessions s
      where s.session_id = t.session_id
        and t.status = 'requires_authentication'
        and s.expires_at <= ${this.clock()}
        and ${'reference' in which ? sql`s.reference = ${which.reference}` : sql`s.session_id = ${which.sessionId}`}
      returning t.id, t.reference, t.kind, t.instrument_id, t.amount_cents, t.status, t.reason, t.session_id`.execute(
      this.sim,
    );
    for (const tx of expired.rows) await this.tellListeners(tx);
  }

  sessionUrl(sessionId: string): string {
    return `${this.publicUrl}/gateway-sim/sessions/${sessionId}`;
  }

  // --- internals ---

  /**
   * The caller sees every answer `latencyMs` after its call at the earliest: the round trip,
   * the processor's own work included (as a real processor's response time includes it).
   */
  private async roundTrip<T>(work: () => Promise<T>): Promise<T> {
    if (this.latencyMs <= 0) return work();
    const answerAt = sleep(this.latencyMs);
    try {
      return await work();
    } finally {
      await answerAt;
    }
  }

  /** Maybe a fault: 'before' throws now (nothing happened), 'after' is returned. */
  private async network(reference?: string): Promise<'after' | null> {
    if (this.faultRate > 0 && this.random() < this.faultRate) {
      if (this.random() < 0.5) throw new GatewayTimeout(reference);
      return reference ? 'after' : null;
    }
    return null;
  }

  private findTx(reference: string) {
    return this.sim
      .selectFrom('transactions')
      .selectAll()
      .where('reference', '=', reference)
      .executeTakeFirst();
  }

  private activeInstrument(id: string) {
    return this.loadInstrument(id);
  }

  private insertTx(row: NewTx) {
    return this.writeTx(row);
  }

  /**
   * Unique on reference: of two racing calls with one reference (in one batch or not), one row
   * wins and both see it; the call whose row was written is the one that `inserted`.
   */
  private async insertTxs(rows: NewTx[]): Promise<{ tx: TxOutcome; inserted: boolean }[]> {
    // NOTE: sorted by reference, so two batches racing on the same references wait on each
    // other in one order instead of deadlocking. One multi-row insert whose values travel as
    // ten arrays: a batch is one statement to plan and parse, whatever its size.
    const sorted = [...rows].sort((a, b) =>
      a.reference < b.reference ? -1 : a.reference > b.reference ? 1 : 0,
    );
    const col = <K extends keyof NewTx>(k: K) => sorted.map((r) => r[k]);
    const written = await sql<TxOutcome>`
      insert into gateway_sim.transactions
        (id, reference, kind, instrument_id, amount_cents, description, initiator, status, reason, session_id, return_url)
      select * from unnest(${col('id')}::text[], ${col('reference')}::text[], ${col('kind')}::text[],
                           ${col('instrument_id')}::text[], ${col('amount_cents')}::bigint[], ${col('description')}::text[],
                           ${col('initiator')}::text[], ${col('status')}::text[], ${col('reason')}::text[],
                           ${col('session_id')}::text[], ${col('return_url')}::text[])
      on conflict (reference) do nothing
      returning ${txOutcomeColumns}`.execute(this.sim);
    const byReference = new Map(written.rows.map((t) => [t.reference, t]));
    const missing = [...new Set(rows.map((r) => r.reference).filter((ref) => !byReference.has(ref)))];
    if (missing.length) {
      const earlier = await sql<TxOutcome>`
        select ${txOutcomeColumns} from gateway_sim.transactions where reference = any(${missing}::text[])`.execute(
        this.sim,
      );
      for (const t of earlier.rows) byReference.set(t.reference, t);
    }
    return rows.map((row) => {
      const tx = byReference.get(row.reference);
      if (!tx) throw new GatewayError('transaction vanished');
      return { tx: { ...tx, amount_cents: Number(tx.amount_cents) }, inserted: tx.id === row.id };
    });
  }

  /**
   * The common case in one round trip: a charge or payout (status `captured` / `paid` in `rows`)
   * to an active instrument of the plain `success` test card whose expiry has not passed is
   * written as such, with the instrument read in the same statement. Answers null for a row not
   * written here (another card, a missing or expired instrument, a reference already used): its
   * call takes the full path (instrument read, verdict, insert), which decides every case.
   */
  private async insertPlainTxs(rows: NewTx[]): Promise<({ tx: TxOutcome; inserted: true } | null)[]> {
    // NOTE: sorted by reference, as insertTxs does, so racing batches never deadlock.
    const sorted = [...rows].sort((a, b) =>
      a.reference < b.reference ? -1 : a.reference > b.reference ? 1 : 0,
    );
    const col = <K extends keyof NewTx>(k: K) => sorted.map((r) => r[k]);
    // The expiry rule of isExpiryPast, read off the same clock: valid through its month.
    const now = this.now();
    const [year, month] = [now.getFullYear(), now.getMonth() + 1];
    // NOTE: the arrays travel in binary (platform/binary-arrays.ts), as our drains' writes do.
    const parameters = [
      textArray(col('id')),
      textArray(col('reference')),
      textArray(col('kind')),
      textArray(col('instrument_id')),
      int8Array(col('amount_cents')),
      textArray(col('description')),
      textArray(col('initiator')),
      textArray(col('status')),
      textArray(col('return_url')),
      year,
      month,
    ];
    const written = await insertOptimistically((_, again) =>
      (again ? plainTxsAgainStatement : plainTxsStatement)(this.sim, parameters),
    );
    // A row written here is the row sent, with no reason and no session: only its id comes back.
    const ids = new Set(written.map((t) => t.id));
    return rows.map((row) =>
      ids.has(row.id)
        ? {
            tx: {
              id: row.id,
              reference: row.reference,
              kind: row.kind,
              instrument_id: row.instrument_id,
              amount_cents: row.amount_cents,
              status: row.status,
              reason: null,
              session_id: null,
            },
            inserted: true,
          }
        : null,
    );
  }

  private replay(tx: TxOutcome, kind: TxRow['kind']) {
    if (tx.kind !== kind)
      throw new GatewayError(`reference ${tx.reference} was already used for a ${tx.kind}`);
    return this.outcomeOf(tx);
  }

  private outcomeOf(tx: TxOutcome): ChargeOutcome | PayoutOutcome | RefundOutcome {
    const gatewayTransactionId = tx.id;
    switch (tx.status) {
      case 'captured':
      case 'paid':
      case 'refunded':
        return { status: tx.status, gatewayTransactionId };
      case 'declined':
      case 'failed':
      case 'returned':
        return { status: tx.status, reason: tx.reason ?? 'Declined', gatewayTransactionId };
      case 'requires_authentication':
        return { status: tx.status, sessionUrl: this.sessionUrl(tx.session_id ?? ''), gatewayTransactionId };
    }
  }
}

/** How long a 3-D Secure challenge waits for the customer (the issuer's window). */
export const AUTHENTICATION_WINDOW_MS = 15 * 60 * 1000;
export const AUTHENTICATION_EXPIRED = 'Authentication expired';

const txOutcomeColumns = sql.raw(
  'id, reference, kind, instrument_id, amount_cents, status, reason, session_id',
);

/**
 * The one-round-trip path's insert (insertPlainTxs), a named statement: each connection parses
 * and plans it once (hundreds of batches per run). NOTE: the instrument is read as a scalar
 * subquery, one primary-key probe per row: as a join, the planner may hash every instrument.
 * Written twice, as our drains' writes are (ADR 44): first without ON CONFLICT (a reference used
 * before is rare: a retried call), then, only if that one failed on the reference, with it.
 */
const plainTxsText = (onConflict: string) =>
  `insert into gateway_sim.transactions
     (id, reference, kind, instrument_id, amount_cents, description, initiator, status, reason, session_id, return_url)
   select v.id, v.reference, v.kind, v.instrument_id, v.amount_cents, v.description, v.initiator, v.status,
          null, null, v.return_url
   from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::bigint[], $6::text[], $7::text[], $8::text[],
               $9::text[]) with ordinality
          as v(id, reference, kind, instrument_id, amount_cents, description, initiator, status, return_url, n)
   where (select i.deleted_at is null and i.behaviour = 'success'
                 and (v.kind = 'payout' or i.expiration_year > $10::int
                      or (i.expiration_year = $10::int and i.expiration_month >= $11::int))
          from gateway_sim.instruments i where i.id = v.instrument_id)
   order by v.n
   ${onConflict}
   returning id`;
const plainTxsStatement = namedStatement<{ id: string }>('sim_insert_plain_txs', plainTxsText(''));
const plainTxsAgainStatement = namedStatement<{ id: string }>(
  'sim_insert_plain_txs_again',
  plainTxsText('on conflict (reference) do nothing'),
);

/**
 * Lookups by reference (a batch of them), a named statement: a challenge of one of these
 * references left past its window is declined first (as expireSessions does), and the
 * transactions are read with that outcome.
 */
const lookupStatement = namedStatement<TxOutcome & { expired: boolean }>(
  'sim_lookup_many',
  `with expired as (
     update gateway_sim.transactions t
     set status = 'declined', reason = $2, updated_at = $3
     from gateway_sim.sessions s
     where s.session_id = t.session_id and t.status = 'requires_authentication'
       and s.expires_at <= $4 and s.reference = any($1::text[])
     returning t.id, t.reference, t.kind, t.instrument_id, t.amount_cents, t.status, t.reason, t.session_id)
   select id, reference, kind, instrument_id, amount_cents, status, reason, session_id, true as expired
   from expired
   union all
   select id, reference, kind, instrument_id, amount_cents, status, reason, session_id, false
   from gateway_sim.transactions
   where reference = any($1::text[]) and reference not in (select e.reference from expired e)`,
);

function toInstrument(r: Selectable<SimInstrumentsTable>): Instrument {
  return {
    instrumentId: r.id,
    brand: r.brand,
    lastFour: r.last_four,
    expirationMonth: r.expiration_month,
    expirationYear: r.expiration_year,
    fingerprint: r.card_hash,
  };
}
