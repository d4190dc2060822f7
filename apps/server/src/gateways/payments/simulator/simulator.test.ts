import { cents, encryptCard } from '@pria/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from '../../../platform/db.ts';
import { createTestDatabase } from '../../../test/harness.ts';
import {
  type BillingAddress,
  type CreateInstrumentInput,
  GatewayDeclined,
  GatewayInvalidCard,
  GatewayTimeout,
} from '../port.ts';
import { createSimulatorGateway, type SimulatorGateway } from './simulator-gateway.ts';
import { testCards } from './test-cards.ts';

let db: Db;
let url: string;
let gw: SimulatorGateway;
const address: BillingAddress = {
  address1: '1 Main St',
  address2: null,
  locality: 'Springfield',
  administrativeArea: 'IL',
  country: 'US',
  postalCode: '62701',
};
const nextYear = new Date().getFullYear() + 1;
let seq = 0;
const ref = (what: string) => `${what}:${process.pid}:${++seq}`;

async function register(number: string, overrides: Partial<CreateInstrumentInput> & { cvc?: string } = {}) {
  const { cvc = '123', ...rest } = overrides;
  return gw.createInstrument({
    reference: ref('card'),
    encryptedCard: await encryptCard({ number, cvc }, await gw.publicKey()),
    expirationMonth: 12,
    expirationYear: nextYear,
    name: 'Ann Example',
    billingAddress: address,
    ...rest,
  });
}
const charge = (
  instrumentId: string,
  initiator: 'customer' | 'merchant' = 'merchant',
  reference = ref('payin'),
) =>
  gw.charge({
    reference,
    instrumentId,
    amountCents: cents(300),
    description: 'Pria monthly charge',
    initiator,
  });

beforeAll(async () => {
  // Empty: the simulator makes its own schema at start (the first test checks it does).
  url = await createTestDatabase({ empty: true });
  ({ db } = createDb(url, 5));
  gw = await createSimulatorGateway({ db, publicUrl: 'http://pria.test/' });
});
afterAll(() => db?.destroy());

describe('simulator start-up', () => {
  it('creates its own schema idempotently and keeps one key pair across restarts', async () => {
    const again = await Promise.all([
      createSimulatorGateway({ db, publicUrl: 'http://pria.test' }),
      createSimulatorGateway({ db, publicUrl: 'http://pria.test' }),
    ]);
    const kid = (await gw.publicKey()).kid;
    for (const g of again) expect((await g.publicKey()).kid).toBe(kid);
    const pub = await gw.publicKey();
    expect(pub).toMatchObject({ kty: 'RSA', alg: 'RSA-OAEP-256', use: 'enc' });
    expect(pub).not.toHaveProperty('d');
    const tables = await sql<{ table_name: string }>`
      select table_name from information_schema.tables where table_schema = 'gateway_sim' order by 1`.execute(
      db,
    );
    expect(tables.rows.map((r) => r.table_name)).toEqual([
      'dispute_events',
      'instruments',
      'keys',
      'sessions',
      'transactions',
    ]);
    const pubTables =
      await sql`select 1 from information_schema.tables where table_schema = 'public'`.execute(db);
    expect(pubTables.rows).toHaveLength(0);
  });

  it('compares its keys as bytes (collate "C"), and gives a schema made earlier the same once', async () => {
    const keys = async () =>
      (
        await sql<{ key: string; collation: string | null }>`
          select table_name || '.' || column_name as key, collation_name as collation
          from information_schema.columns
          where table_schema = 'gateway_sim'
            and (table_name, column_name) in (('transactions', 'id'), ('transactions', 'reference'),
              ('transactions', 'instrument_id'), ('transactions', 'session_id'), ('instruments', 'id'),
              ('instruments', 'reference'), ('sessions', 'session_id'), ('sessions', 'reference'))
          order by 1`.execute(db)
      ).rows;
    expect(await keys()).toHaveLength(8);
    for (const k of await keys()) expect(k).toEqual({ key: k.key, collation: 'C' });
    // A schema of the previous version: the database's collation on every key.
    await sql`alter table gateway_sim.transactions alter column id type text collate "default",
      alter column reference type text collate "default"`.execute(db);
    await sql`alter table gateway_sim.instruments alter column id type text collate "default"`.execute(db);
    await sql`comment on schema gateway_sim is 'pria-simulator 3'`.execute(db);
    await createSimulatorGateway({ db, publicUrl: 'http://pria.test' });
    for (const k of await keys()) expect(k).toEqual({ key: k.key, collation: 'C' });
  });
});

describe('registration', () => {
  it('registers Visa and Mastercard from a JWE and keeps only a fingerprint of the number', async () => {
    const visa = await register('4111 1111 1111 1111');
    expect(visa).toMatchObject({
      brand: 'visa',
      lastFour: '1111',
      expirationMonth: 12,
      expirationYear: nextYear,
    });
    const mc = await register('5555555555554444');
    expect(mc).toMatchObject({ brand: 'mastercard', lastFour: '4444' });
    const mc2 = await register('2223003122003222');
    expect(mc2.brand).toBe('mastercard');
    const dump = await sql<{ t: string }>`select i::text as t from gateway_sim.instruments i`.execute(db);
    for (const { t } of dump.rows) {
      expect(t).not.toContain('4111111111111111');
      expect(t).not.toContain('5555555555554444');
    }
  });

  it('returns the same instrument for the same reference', async () => {
    const reference = ref('card');
    const a = await register('4111111111111111', { reference });
    const b = await register('4111111111111111', { reference });
    expect(b.instrumentId).toBe(a.instrumentId);
  });

  it('refuses the declined test card at registration', async () => {
    await expect(register('4000000000000002')).rejects.toThrow(GatewayDeclined);
    await expect(register('4000000000000002')).rejects.toMatchObject({ reason: 'Your card was declined.' });
  });

  it.each([
    ['a number failing Luhn', '4111111111111112', {}, 'Invalid card number'],
    ['American Express', '378282246310005', {}, 'Only Visa and Mastercard cards are accepted'],
    ['Discover', '6011111111111117', {}, 'Only Visa and Mastercard cards are accepted'],
    ['an expiry in the past', '4111111111111111', { expirationYear: 2020 }, 'The card has expired'],
    ['a 2-digit CVC', '4111111111111111', { cvc: '12' }, 'Invalid CVC'],
    ['a 5-digit CVC', '4111111111111111', { cvc: '12345' }, 'Invalid CVC'],
  ])('refuses %s', async (_what, number, overrides, reason) => {
    const err = await register(number, overrides).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(GatewayInvalidCard);
    expect((err as GatewayInvalidCard).reason).toBe(reason);
  });

  it('refuses data that is not a JWE to its key', async () => {
    const other = await encryptCard(
      { number: '4111111111111111', cvc: '123' },
      {
        ...(await gw.publicKey()),
        n: (await gw.publicKey()).n?.replace(/^./, (c) => (c === 'A' ? 'B' : 'A')),
      },
    ).catch(() => 'not.a.jwe.at.all');
    await expect(register('4111111111111111', { encryptedCard: other })).rejects.toThrow(GatewayInvalidCard);
  });
});

describe('charges', () => {
  it('captures on the success cards, once per reference', async () => {
    const visa = await register('4111111111111111');
    const reference = ref('payin');
    const [a, b] = await Promise.all([
      charge(visa.instrumentId, 'merchant', reference),
      charge(visa.instrumentId, 'merchant', reference),
    ]);
    expect(a.status).toBe('captured');
    expect(b).toEqual(a);
    expect(await charge(visa.instrumentId, 'merchant', reference)).toEqual(a);
    const rows = await sql`select 1 from gateway_sim.transactions where reference = ${reference}`.execute(db);
    expect(rows.rows).toHaveLength(1);
    expect(await gw.lookup(reference)).toMatchObject({
      kind: 'charge',
      status: 'captured',
      amountCents: 300,
    });
  });

  it("numbers its transactions in time order, as its ledger's primary key grows at one end", async () => {
    const visa = await register('4111111111111111');
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const o = await charge(visa.instrumentId);
      ids.push(o.gatewayTransactionId ?? '');
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    for (const id of ids) expect(id).toMatch(/^sim_txn_[0-9a-f]{32}$/);
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(3);
  });

  it('declines every charge on the insufficient-funds card', async () => {
    const card = await register('4000000000009995');
    expect(await charge(card.instrumentId)).toMatchObject({
      status: 'declined',
      reason: 'Insufficient funds',
    });
    expect(await charge(card.instrumentId, 'customer')).toMatchObject({
      status: 'declined',
      reason: 'Insufficient funds',
    });
  });

  it('declines charges on the expired-card card', async () => {
    const card = await register('4000000000000069');
    expect(await charge(card.instrumentId)).toMatchObject({ status: 'declined', reason: 'Expired card' });
  });

  it('declines a success card once its expiry month is over by its clock, and captures through that month', async () => {
    const card = await register('4111111111111111'); // expires 12/nextYear
    const at = (now: Date) => createSimulatorGateway({ db, publicUrl: 'http://pria.test/', now: () => now });
    const inLastMonth = await at(new Date(nextYear, 11, 31, 12));
    const afterIt = await at(new Date(nextYear + 1, 0, 1, 12));
    const pay = (g: SimulatorGateway) =>
      g.charge({
        reference: ref('payin'),
        instrumentId: card.instrumentId,
        amountCents: cents(300),
        description: 'Pria monthly charge',
        initiator: 'merchant',
      });
    expect(await pay(inLastMonth)).toMatchObject({ status: 'captured' });
    expect(await pay(afterIt)).toMatchObject({ status: 'declined', reason: 'Expired card' });
  });

  it('captures then times out on the timeout card; lookup finds exactly one capture', async () => {
    const card = await register('4000000000000119');
    const reference = ref('payin');
    await expect(charge(card.instrumentId, 'merchant', reference)).rejects.toThrow(GatewayTimeout);
    expect(await gw.lookup(reference)).toMatchObject({
      kind: 'charge',
      status: 'captured',
      instrumentId: card.instrumentId,
    });
    // A caller that (wrongly) resends gets the first outcome, not a second charge.
    expect(await charge(card.instrumentId, 'merchant', reference)).toMatchObject({ status: 'captured' });
    const rows = await sql`select 1 from gateway_sim.transactions where reference = ${reference}`.execute(db);
    expect(rows.rows).toHaveLength(1);
  });

  it('asks the customer to authenticate on customer-initiated charges only', async () => {
    const card = await register('4000002760003184');
    expect(await charge(card.instrumentId, 'merchant')).toMatchObject({ status: 'captured' });
    const reference = ref('checkout');
    const outcome = await charge(card.instrumentId, 'customer', reference);
    expect(outcome.status).toBe('requires_authentication');
    if (outcome.status !== 'requires_authentication') return;
    expect(outcome.sessionUrl).toMatch(/^http:\/\/pria\.test\/gateway-sim\/sessions\/[\w-]{20,}$/);
    expect(await gw.lookup(reference)).toMatchObject({ status: 'requires_authentication' });

    const seen: string[] = [];
    gw.onSessionCompleted(({ reference: r, outcome: o }) => {
      seen.push(`${r}:${o.status}`);
    });
    const sessionId = outcome.sessionUrl.split('/').pop() ?? '';
    await gw.completeSession(sessionId, true);
    await gw.completeSession(sessionId, false); // a second submit changes nothing
    expect(await gw.lookup(reference)).toMatchObject({ status: 'captured' });
    expect(seen).toEqual([`${reference}:captured`]);
  });

  it('declines charges on an instrument deleted at the gateway', async () => {
    const card = await register('4111111111111111');
    await gw.deleteInstrument(card.instrumentId);
    await gw.deleteInstrument(card.instrumentId); // idempotent
    expect(await charge(card.instrumentId)).toMatchObject({
      status: 'declined',
      reason: 'Instrument not found',
    });
  });

  it('refuses non-positive or fractional amounts', async () => {
    const card = await register('4111111111111111');
    for (const amount of [0, -300, 1.5]) {
      await expect(
        gw.charge({
          reference: ref('x'),
          instrumentId: card.instrumentId,
          amountCents: amount as never,
          description: 'x',
          initiator: 'merchant',
        }),
      ).rejects.toThrow(RangeError);
    }
  });
});

describe('payouts and lookups', () => {
  it('pays out to registered cards (even insufficient-funds ones) once per reference', async () => {
    for (const number of ['4111111111111111', '4000000000009995', '4000000000000119']) {
      const card = await register(number);
      const reference = ref('payout');
      const a = await gw.payout({ reference, instrumentId: card.instrumentId, amountCents: cents(300) });
      const b = await gw.payout({ reference, instrumentId: card.instrumentId, amountCents: cents(300) });
      expect(a.status).toBe('paid');
      expect(b).toEqual(a);
      expect(await gw.lookup(reference)).toMatchObject({ kind: 'payout', status: 'paid', amountCents: 300 });
    }
  });

  it('fails payouts to deleted instruments', async () => {
    const card = await register('5555555555554444');
    await gw.deleteInstrument(card.instrumentId);
    const out = await gw.payout({
      reference: ref('payout'),
      instrumentId: card.instrumentId,
      amountCents: cents(300),
    });
    expect(out).toMatchObject({ status: 'failed', reason: 'Instrument not found' });
  });

  it('updates instruments and refuses unknown ones', async () => {
    const card = await register('4111111111111111');
    await gw.updateInstrument(card.instrumentId, {
      expirationMonth: 1,
      expirationYear: nextYear + 2,
      billingAddress: address,
    });
    await expect(
      gw.updateInstrument('sim_ins_nope', {
        expirationMonth: 1,
        expirationYear: nextYear,
        billingAddress: address,
      }),
    ).rejects.toThrow('Instrument not found');
  });

  it('returns null for a reference it never saw', async () => {
    expect(await gw.lookup('never-sent')).toBeNull();
  });

  it('answers lookups in flight at once each with its own transaction, in one statement', async () => {
    const card = await register('4111111111111111');
    const paid = ref('payout');
    await gw.payout({ reference: paid, instrumentId: card.instrumentId, amountCents: cents(300) });
    const captured = ref('payin');
    await charge(card.instrumentId, 'merchant', captured);
    const statements: string[] = [];
    const { db: watched } = createDb(url, 2, (e) => {
      if (e.level === 'query') statements.push(e.query.sql);
    });
    const sim = await createSimulatorGateway({ db: watched, publicUrl: 'http://pria.test/' });
    try {
      statements.length = 0;
      const answers = await Promise.all([
        sim.lookup(captured),
        sim.lookup('never-sent'),
        sim.lookup(paid),
        sim.lookup(captured),
      ]);
      expect(answers).toEqual([
        expect.objectContaining({ kind: 'charge', status: 'captured', amountCents: 300 }),
        null,
        expect.objectContaining({ kind: 'payout', status: 'paid', amountCents: 300 }),
        expect.objectContaining({ kind: 'charge', status: 'captured' }),
      ]);
      expect(statements.filter((s) => s.includes('gateway_sim.transactions'))).toHaveLength(1);
    } finally {
      await watched.destroy();
    }
  });

  it('declines a challenge left past its window when it is looked up, and tells the listeners once', async () => {
    let now = new Date();
    const sim = await createSimulatorGateway({
      db,
      publicUrl: 'http://pria.test/',
      now: () => now,
      authenticationWindowMs: 60_000,
    });
    const card = await register('4000002760003184');
    const reference = ref('checkout');
    const outcome = await sim.charge({
      reference,
      instrumentId: card.instrumentId,
      amountCents: cents(3897),
      description: 'Plan',
      initiator: 'customer',
    });
    expect(outcome.status).toBe('requires_authentication');
    const seen: string[] = [];
    sim.onSessionCompleted(({ reference: r, outcome: o }) => {
      seen.push(`${r}:${o.status}`);
    });
    now = new Date(now.getTime() + 61_000);
    const [a, b] = await Promise.all([sim.lookup(reference), sim.lookup(reference)]);
    expect(a).toMatchObject({ status: 'declined', reason: 'Authentication expired' });
    expect(b).toEqual(a);
    expect(await sim.lookup(reference)).toEqual(a);
    expect(seen).toEqual([`${reference}:declined`]);
  });
});

describe('hard pay-backs, refunds and disputes', () => {
  it('fails the first two pay-backs on 4000 0000 0000 0077 and returns every one on 4000 0000 0000 5126', async () => {
    const shaky = await register('4000000000000077');
    const tries = [];
    for (let i = 0; i < 3; i++) {
      tries.push(
        await gw.payout({
          reference: ref('payout'),
          instrumentId: shaky.instrumentId,
          amountCents: cents(300),
        }),
      );
    }
    expect(tries.map((t) => t.status)).toEqual(['failed', 'failed', 'paid']);
    expect(tries[0]).toMatchObject({ reason: 'Issuer unavailable' });
    const closed = await register('4000000000005126');
    const reference = ref('payout');
    const out = await gw.payout({ reference, instrumentId: closed.instrumentId, amountCents: cents(300) });
    expect(out).toMatchObject({ status: 'returned', reason: 'Account closed' });
    expect(await gw.lookup(reference)).toMatchObject({ kind: 'payout', status: 'returned' });
  });

  it('refunds a capture once per reference, never more than it, and nothing uncaptured', async () => {
    const card = await register('4111111111111111');
    const chargeReference = ref('sub');
    await charge(card.instrumentId, 'merchant', chargeReference);
    const first = ref('refund');
    const a = await gw.refund({
      reference: first,
      chargeReference,
      chargeTransactionId: null,
      amountCents: cents(200),
    });
    const again = await gw.refund({
      reference: first,
      chargeReference,
      chargeTransactionId: null,
      amountCents: cents(200),
    });
    expect(a.status).toBe('refunded');
    expect(again).toEqual(a);
    expect(await gw.lookup(first)).toMatchObject({ kind: 'refund', status: 'refunded', amountCents: 200 });
    const tooMuch = await gw.refund({
      reference: ref('refund'),
      chargeReference,
      chargeTransactionId: null,
      amountCents: cents(101),
    });
    expect(tooMuch).toMatchObject({
      status: 'failed',
      reason: 'The refund exceeds what is left of the charge',
    });
    const rest = await gw.refund({
      reference: ref('refund'),
      chargeReference,
      chargeTransactionId: null,
      amountCents: cents(100),
    });
    expect(rest.status).toBe('refunded');
    const declinedCard = await register('4000000000009995');
    const declined = ref('sub');
    await charge(declinedCard.instrumentId, 'merchant', declined);
    expect(
      await gw.refund({
        reference: ref('refund'),
        chargeReference: declined,
        chargeTransactionId: null,
        amountCents: cents(100),
      }),
    ).toMatchObject({ status: 'failed', reason: 'The charge was not captured' });
  });

  it('disputes what a charge still carries after its refunds, and nothing of a charge refunded in full', async () => {
    const card = await register('4111111111111111');
    const partly = ref('sub');
    await charge(card.instrumentId, 'merchant', partly);
    const refund = (chargeReference: string, amount: number) =>
      gw.refund({
        reference: ref('refund'),
        chargeReference,
        chargeTransactionId: null,
        amountCents: cents(amount),
      });
    await refund(partly, 120);
    const id = await gw.openDispute(partly);
    const opened = (await gw.disputeEvents(null)).events.filter((e) => e.disputeId === id);
    expect(opened).toMatchObject([{ status: 'open', amountCents: 300 - 120 }]);

    const whole = ref('sub');
    await charge(card.instrumentId, 'merchant', whole);
    await refund(whole, 300);
    expect(await gw.openDispute(whole)).toBeNull();
  });

  it('disputes charges on 4000 0000 0000 0259 after three days of its clock, and on demand; decisions follow', async () => {
    let now = new Date('2031-01-10T12:00:00Z');
    const timed = await createSimulatorGateway({ db, publicUrl: 'http://pria.test/', clock: () => now });
    const card = await register('4000000000000259');
    const disputed = ref('payin');
    await timed.charge({
      reference: disputed,
      instrumentId: card.instrumentId,
      amountCents: cents(300),
      description: 'x',
      initiator: 'merchant',
    });
    const start = await timed.disputeEvents(null);
    const mine = (events: { chargeReference: string }[]) =>
      events.filter((e) => e.chargeReference === disputed);
    expect(mine(start.events)).toEqual([]);
    now = new Date('2031-01-13T12:00:01Z');
    const later = await timed.disputeEvents(start.cursor);
    expect(mine(later.events)).toMatchObject([
      { status: 'open', amountCents: 300, chargeReference: disputed },
    ]);
    // Read from the cursor again: nothing new.
    expect(mine((await timed.disputeEvents(later.cursor)).events)).toEqual([]);

    const other = await register('4111111111111111');
    const plain = ref('payin');
    await timed.charge({
      reference: plain,
      instrumentId: other.instrumentId,
      amountCents: cents(300),
      description: 'x',
      initiator: 'merchant',
    });
    const id = await timed.openDispute(plain);
    expect(id).toMatch(/^sim_dp_/);
    expect(await timed.openDispute('payin:never-charged')).toBeNull();
    expect(await timed.decideDispute(id as string, 'won')).toBe(true);
    expect(await timed.decideDispute(id as string, 'lost')).toBe(false);
    const feed = await timed.disputeEvents(later.cursor);
    expect(feed.events.filter((e) => e.chargeReference === plain).map((e) => e.status)).toEqual([
      'open',
      'won',
    ]);
    await timed.close();
  });
});

describe('faults and latency', () => {
  it('times out before processing (nothing recorded) or after (recorded), per the fault rate', async () => {
    const card = await register('4111111111111111');
    const dice = (values: number[]) => () => values.shift() ?? 0.99;
    const before = await createSimulatorGateway({
      db,
      publicUrl: 'http://pria.test',
      faultRate: 1,
      random: dice([0, 0.1]),
    });
    const r1 = ref('payin');
    await expect(
      before.charge({
        reference: r1,
        instrumentId: card.instrumentId,
        amountCents: cents(300),
        description: 'x',
        initiator: 'merchant',
      }),
    ).rejects.toThrow(GatewayTimeout);
    expect(await gw.lookup(r1)).toBeNull();

    const after = await createSimulatorGateway({
      db,
      publicUrl: 'http://pria.test',
      faultRate: 1,
      random: dice([0, 0.9]),
    });
    const r2 = ref('payin');
    await expect(
      after.charge({
        reference: r2,
        instrumentId: card.instrumentId,
        amountCents: cents(300),
        description: 'x',
        initiator: 'merchant',
      }),
    ).rejects.toThrow(GatewayTimeout);
    expect(await gw.lookup(r2)).toMatchObject({ status: 'captured' });

    const slow = await createSimulatorGateway({ db, publicUrl: 'http://pria.test', latencyMs: 50 });
    const started = Date.now();
    await slow.lookup('nothing');
    expect(Date.now() - started).toBeGreaterThanOrEqual(45);
  });

  it('documents only Luhn-valid test cards', async () => {
    const { luhnValid } = await import('@pria/contracts');
    for (const number of Object.keys(testCards)) expect(luhnValid(number), number).toBe(true);
  });
});
