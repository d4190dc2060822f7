import { sql } from 'kysely';
import Provider, { type Adapter, type AdapterPayload } from 'oidc-provider';
import type { Db } from '../platform/db.ts';
import type { SecurityNotifier } from '../platform/security-notices.ts';
import { RESULT_DEVICE, recordSessionSignIn, signInNoteOf } from './session-devices.ts';

/**
 * oidc-provider's storage in Postgres: one row per artefact (session, grant, code, token,
 * interaction...), keyed by (type, id). Expired rows are invisible and swept periodically.
 *
 * Revocation that wins every race (issue 39, ADR 51): a row of an account records the
 * generation (platform/access-valid-after.ts) its chain began under, and a row below its
 * account's current generation is never found again. The generation is read with the row, in
 * one statement, so a request sees either the row and the generation before a revocation, or
 * neither (the revocation deletes the rows and moves the generation in one transaction). What a
 * request then writes or mints (a rotated refresh token, a code, an access token's `gen`)
 * carries the generation of what it read, not the one current when it writes: a refresh that
 * loaded its token just before a revocation mints tokens that are dead on arrival.
 */

/** Generations of the chains a request read, by account (the request's oidc-provider context). */
const chainsOf = new WeakMap<object, Map<string, number>>();

function noteChain(accountId: string, generation: number): void {
  const ctx = Provider.ctx;
  if (!ctx) return;
  const chains = chainsOf.get(ctx) ?? new Map<string, number>();
  chainsOf.set(ctx, chains);
  // Two rows of one account in one request: the older chain rules.
  chains.set(accountId, Math.min(generation, chains.get(accountId) ?? generation));
}

/** The generation of the chain this request read for `accountId`, if it read one. */
export function chainGeneration(ctx: object | undefined, accountId: string): number | undefined {
  return ctx ? chainsOf.get(ctx)?.get(accountId) : undefined;
}

/**
 * Where a sign-in's interaction says who signed in, and under which generation the check of
 * their credentials began (set by the interaction routes: idp/index.ts `resultUrl`).
 */
export const RESULT_GENERATION = 'revocationGeneration';

function accountOf(type: string, payload: AdapterPayload): { id: string | null; generation?: number } {
  if (payload.accountId) return { id: payload.accountId };
  if (type !== 'Interaction') return { id: null };
  const result = payload.result as Record<string, unknown> | undefined;
  const login = result?.login as { accountId?: unknown } | undefined;
  const generation = result?.[RESULT_GENERATION];
  if (typeof login?.accountId !== 'string') return { id: null };
  return {
    id: login.accountId,
    ...(typeof generation === 'number' ? { generation } : {}),
  };
}

/** Requests whose sign-in was already recorded (a session may be saved twice in one request). */
const signInsRecorded = new WeakSet<object>();

/**
 * A session saved by the request that completed a sign-in (oidc-provider's resume, which logs the
 * interaction's result into the session) records that sign-in with the browser and address the
 * interaction noted (ADR 64): Account → Security's devices and sign-ins.
 */
async function recordSignInOf(db: Db, payload: AdapterPayload, notify?: SecurityNotifier): Promise<void> {
  const ctx = Provider.ctx;
  const result = ctx?.oidc?.result as Record<string, unknown> | undefined;
  const login = result?.login as { accountId?: unknown } | undefined;
  if (!ctx || !payload.uid || !payload.accountId || login?.accountId !== payload.accountId) return;
  const note = signInNoteOf(result?.[RESULT_DEVICE]);
  if (!note || signInsRecorded.has(ctx)) return;
  signInsRecorded.add(ctx);
  await recordSessionSignIn(db, { userId: payload.accountId, sessionId: payload.uid, note }, notify);
}

/** `notify`: where a sign-in from a new device is reported (ADR 68). */
export function createPostgresAdapter(db: Db, notify?: SecurityNotifier): new (name: string) => Adapter {
  return class PostgresAdapter implements Adapter {
    name: string;

    constructor(name: string) {
      this.name = name;
    }

    async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
      const expiresAt = expiresIn ? new Date(Date.now() + expiresIn * 1000) : null;
      const account = accountOf(this.name, payload);
      const known = account.id
        ? (account.generation ?? chainGeneration(Provider.ctx, account.id))
        : undefined;
      // A chain that starts here (nothing read before it in this request) starts now.
      const generation =
        known !== undefined
          ? sql<number>`${known}::bigint`
          : account.id
            ? sql<number>`coalesce((select r.generation from access_valid_after r where r.subject = ${account.id}), 0)`
            : sql<null>`null`;
      const row = {
        id,
        type: this.name,
        payload: JSON.stringify(payload),
        grant_id: payload.grantId ?? null,
        user_code: payload.userCode ?? null,
        uid: payload.uid ?? null,
        account_id: account.id,
        expires_at: expiresAt,
      };
      await db
        .insertInto('oidc_payloads')
        .values({ ...row, generation })
        .onConflict((oc) =>
          oc.columns(['type', 'id']).doUpdateSet({
            payload: row.payload,
            grant_id: row.grant_id,
            user_code: row.user_code,
            uid: row.uid,
            account_id: row.account_id,
            expires_at: row.expires_at,
            // A row keeps the generation it began under (a session saved again stays as old).
            generation: sql<number | null>`coalesce(oidc_payloads.generation, excluded.generation)`,
          }),
        )
        .execute();
      if (this.name === 'Session') await recordSignInOf(db, payload, notify);
    }

    async #findBy(column: 'id' | 'uid' | 'user_code', value: string): Promise<AdapterPayload | undefined> {
      const row = await db
        .selectFrom('oidc_payloads as p')
        .leftJoin('access_valid_after as r', 'r.subject', 'p.account_id')
        .select(['p.payload', 'p.consumed_at', 'p.account_id', 'p.generation'])
        .select(sql<number>`coalesce(r.generation, 0)`.as('current_generation'))
        .where('p.type', '=', this.name)
        .where(`p.${column}`, '=', value)
        .where((eb) => eb.or([eb('p.expires_at', 'is', null), eb('p.expires_at', '>', sql<Date>`now()`)]))
        .executeTakeFirst();
      if (!row) return undefined;
      if (row.account_id) {
        // Rows from before generations existed began under generation 0.
        const generation = row.generation ?? 0;
        if (generation < row.current_generation) return undefined;
        noteChain(row.account_id, generation);
      }
      const payload = row.payload as AdapterPayload;
      return row.consumed_at
        ? { ...payload, consumed: Math.floor(new Date(row.consumed_at).getTime() / 1000) }
        : payload;
    }

    find(id: string) {
      return this.#findBy('id', id);
    }

    findByUid(uid: string) {
      return this.#findBy('uid', uid);
    }

    findByUserCode(userCode: string) {
      return this.#findBy('user_code', userCode);
    }

    async consume(id: string): Promise<void> {
      await db
        .updateTable('oidc_payloads')
        .set({ consumed_at: sql<Date>`now()` })
        .where('type', '=', this.name)
        .where('id', '=', id)
        .execute();
    }

    async destroy(id: string): Promise<void> {
      await db.deleteFrom('oidc_payloads').where('type', '=', this.name).where('id', '=', id).execute();
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      await db.deleteFrom('oidc_payloads').where('grant_id', '=', grantId).execute();
    }
  };
}

/** Deletes expired artefacts; returns how many. */
export async function sweepExpiredPayloads(db: Db): Promise<number> {
  const res = await db
    .deleteFrom('oidc_payloads')
    .where('expires_at', '<', sql<Date>`now()`)
    .executeTakeFirst();
  return Number(res.numDeletedRows);
}
