import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../platform/db.ts';
import {
  finalStates,
  type MoneyTable,
  moneyStateMachines,
  type StateMachine,
} from '../../platform/money-state-machines.ts';
import { insertCard, insertCharge, insertCustomer, insertPayout, insertRefund } from '../../test/db-rows.ts';
import { startTestApp, type TestApp } from '../../test/harness.ts';

// Every money state machine is held by the database (migration 0090, ADR 46): each move not in
// the TypeScript twin (platform/money-state-machines.ts) is tried here against the database, as
// the runtime role the app connects as and as the owner, and refused; each move in it is
// accepted. The moves themselves are made by the engine's own paths, exercised by the billing,
// payments and subscriptions tests. Rows are written in the state a test starts from: an insert
// is not a move.
let t: TestApp;
let customerId: string;
let cardId: string;
let otherCardId: string;
let tryPayoutId: string;
let bigCharge: string;

const machines = Object.entries(moneyStateMachines) as [MoneyTable, StateMachine<string>][];
const states = (m: StateMachine<string>) => Object.keys(m.moves);
const moves = (allowed: boolean) =>
  machines.flatMap(([table, m]) =>
    states(m).flatMap((from) =>
      states(m)
        .filter((to) => to !== from && (m.moves[from] ?? []).includes(to) === allowed)
        .map((to) => [table, from, to] as [MoneyTable, string, string]),
    ),
  );
const allowedMoves = moves(true);
const forbiddenMoves = moves(false);

let month = 0;
/** A pay-in month of its own for each charge: one pay-in per card and month. */
const nextPeriod = () => {
  month++;
  return `${2040 + Math.floor(month / 12)}-${String((month % 12) + 1).padStart(2, '0')}`;
};

/** A new row of `table`, written in `state`. */
async function insertRowIn(table: MoneyTable, state: string): Promise<string> {
  const capture = () =>
    insertCharge(t.db, { customerId, cardId, period: nextPeriod(), createdAt: new Date() });
  switch (table) {
    case 'payment_attempts':
      return insertCharge(t.db, {
        customerId,
        cardId,
        period: nextPeriod(),
        status: state as never,
        createdAt: new Date(),
      });
    case 'payouts':
      return insertPayout(t.db, await capture(), { status: state as never, createdAt: new Date() });
    case 'payout_tries': {
      const r = await sql<{ id: string }>`
        insert into payout_tries (payout_id, try_no, reference, outcome)
        values (${tryPayoutId}, (select coalesce(max(try_no), 0) + 1 from payout_tries where payout_id = ${tryPayoutId}),
                ${`try-${randomUUID()}`}, ${state})
        returning id`.execute(t.db);
      return String(r.rows[0]?.id);
    }
    case 'refunds':
      return insertRefund(t.db, bigCharge, { cents: 1, status: state as never });
    case 'disputes': {
      const decided = state === 'open' ? null : new Date();
      const r = await sql<{ id: string }>`
        insert into disputes (processor_dispute_id, attempt_id, customer_id, card_id, amount_cents, status,
                              payback_sent, opened_at, decided_at, decided_by)
        values (${`case-${randomUUID()}`}, ${await capture()}, ${customerId}, ${cardId}, 300, ${state}, false, now(),
                ${decided}, ${decided ? 'finance@pria.example' : null})
        returning id`.execute(t.db);
      return String(r.rows[0]?.id);
    }
    case 'billing_runs': {
      const r = await sql<{ id: string }>`
        insert into billing_runs (kind, period, status, as_of, started_by, finished_at)
        values ('subscriptions', ${`${nextPeriod()}-01`}, ${state}, now(), 'schedule',
                ${state === 'completed' ? new Date() : null})
        returning id`.execute(t.db);
      return String(r.rows[0]?.id);
    }
  }
}

/** One row per table and state for the refusals: a refused update leaves it as it was. */
const standing = new Map<string, Promise<string>>();
const rowIn = (table: MoneyTable, state: string) => {
  const key = `${table}:${state}`;
  if (!standing.has(key)) standing.set(key, insertRowIn(table, state));
  return standing.get(key) as Promise<string>;
};

const stateColumn = (table: MoneyTable) => moneyStateMachines[table].column;
const move = (db: Db, table: MoneyTable, id: string, to: string) =>
  sql`update ${sql.table(table)} set ${sql.ref(stateColumn(table))} = ${to} where id = ${id}`.execute(db);
const stateOf = async (table: MoneyTable, id: string) =>
  (
    await sql<{ state: string }>`select ${sql.ref(stateColumn(table))} as state from ${sql.table(table)}
      where id = ${id}`.execute(t.db)
  ).rows[0]?.state;

/** A change of one outcome column, whatever it holds. */
const changeOf = (column: string) =>
  column.endsWith('_at')
    ? sql`coalesce(${sql.ref(column)}, now()) + interval '1 day'`
    : column === 'tries'
      ? sql`tries + 1`
      : column === 'paid_to_card_id'
        ? sql`${otherCardId}::uuid`
        : sql`coalesce(${sql.ref(column)}, '') || '-changed'`;
const change = (db: Db, table: MoneyTable, id: string, column: string) =>
  sql`update ${sql.table(table)} set ${sql.ref(column)} = ${changeOf(column)} where id = ${id}`.execute(db);

beforeAll(async () => {
  t = await startTestApp();
  customerId = await insertCustomer(t.db, { email: 'machines@example.com' });
  cardId = await insertCard(t.db, customerId);
  otherCardId = await insertCard(t.db, customerId, { slot: 2, lastFour: '4444' });
  const capture = await insertCharge(t.db, {
    customerId,
    cardId,
    period: nextPeriod(),
    createdAt: new Date(),
  });
  tryPayoutId = await insertPayout(t.db, capture, { status: 'paid', createdAt: new Date() });
  // A plan charge big enough for every 1-cent refund the tests write.
  bigCharge = await insertCharge(t.db, {
    customerId,
    cardId,
    kind: 'subscription',
    period: '2040-01-01',
    amount: 1_000_000,
    createdAt: new Date(),
  });
}, 60_000);
afterAll(() => t?.stop());

describe('the machines in the database', () => {
  it('hold exactly the moves of their TypeScript twin', async () => {
    const rows = await t.db
      .selectFrom('money_state_transitions')
      .select(['table_name', 'from_status', 'to_status'])
      .execute();
    const inDatabase = rows.map((r) => `${r.table_name}: ${r.from_status} -> ${r.to_status}`).sort();
    expect(inDatabase).toEqual(allowedMoves.map(([table, from, to]) => `${table}: ${from} -> ${to}`).sort());
  });

  it('compile them into the functions the guards ask: every move and every final state', async () => {
    for (const [table, m] of machines) {
      const pairs = states(m).flatMap((from) => states(m).map((to) => ({ from, to })));
      const asked = await sql<{ from: string; to: string; move: boolean; final: boolean }>`
        select p.from, p.to, pria_money_move(${table}, p.from, p.to) as move, pria_money_final(${table}, p.from) as final
        from unnest(${pairs.map((p) => p.from)}::text[], ${pairs.map((p) => p.to)}::text[]) as p("from", "to")`.execute(
        t.db,
      );
      for (const a of asked.rows) {
        const move = `${table}: ${a.from} -> ${a.to}`;
        expect({ move, allowed: a.move }).toEqual({ move, allowed: (m.moves[a.from] ?? []).includes(a.to) });
        expect({ state: `${table}: ${a.from}`, final: a.final }).toEqual({
          state: `${table}: ${a.from}`,
          final: finalStates(m.moves).includes(a.from),
        });
      }
    }
  });

  it("name each table's states as its CHECK constraint does", async () => {
    for (const [table, m] of machines) {
      const check = await sql<{ def: string }>`
        select pg_get_constraintdef(oid) as def from pg_constraint
        where conrelid = ${table}::regclass and conname = ${`${table}_${m.column}_check`}`.execute(t.db);
      const def = check.rows[0]?.def ?? '';
      const inCheck = [...def.matchAll(/'([a-z_]+)'::text/g)].map((x) => x[1]).sort();
      expect({ table, states: inCheck }).toEqual({ table, states: states(m).sort() });
    }
  });

  it('guard each table with one trigger before update, on for every role', async () => {
    const tables = machines.map(([table]) => table);
    const guards = await sql<{ table: string; def: string; enabled: string }>`
      select c.relname as table, pg_get_triggerdef(g.oid) as def, g.tgenabled as enabled
      from pg_trigger g join pg_class c on c.oid = g.tgrelid
      where g.tgname = c.relname || '_guard' and c.relname = any(${tables})`.execute(t.db);
    expect(guards.rows.map((g) => g.table).sort()).toEqual([...tables].sort());
    for (const g of guards.rows) {
      expect(g.def).toMatch(/BEFORE UPDATE .* FOR EACH ROW WHEN/);
      // 'O': fires in the ordinary (origin) replication mode, the one every session runs in.
      expect(g.enabled).toBe('O');
    }
  });

  it('cannot be switched off by the runtime role', async () => {
    await expect(sql`set session_replication_role = replica`.execute(t.appDb)).rejects.toThrow(
      /permission denied/,
    );
    await expect(
      sql`alter table payment_attempts disable trigger payment_attempts_guard`.execute(t.appDb),
    ).rejects.toThrow(/must be owner/);
    await expect(sql`delete from money_state_transitions`.execute(t.appDb)).rejects.toThrow(
      /permission denied/,
    );
    await expect(
      sql`insert into money_state_transitions values ('payment_attempts', 'captured', 'declined')`.execute(
        t.appDb,
      ),
    ).rejects.toThrow(/permission denied/);
  });
});

describe('a move not in its machine', () => {
  it('exists for every machine that has a final state', () => {
    const tables = new Set(forbiddenMoves.map(([table]) => table));
    for (const [table, m] of machines) {
      if (finalStates(m.moves).length > 0) expect(tables).toContain(table);
    }
  });

  it.each(forbiddenMoves)(
    'is refused, as the runtime role and as the owner: %s: %s -> %s',
    async (table, from, to) => {
      const id = await rowIn(table, from);
      for (const db of [t.appDb, t.db]) {
        await expect(move(db, table, id, to)).rejects.toMatchObject({
          code: '23514',
          constraint: `${table}_transition`,
          message: expect.stringContaining(`${table}: ${from} -> ${to} is not allowed`),
        });
      }
      expect(await stateOf(table, id)).toBe(from);
    },
  );
});

describe('a move in its machine', () => {
  it.each(allowedMoves)('is accepted from the runtime role: %s: %s -> %s', async (table, from, to) => {
    const id = await insertRowIn(table, from);
    await move(t.appDb, table, id, to);
    expect(await stateOf(table, id)).toBe(to);
  });
});

describe("a final row's outcome", () => {
  const writtenOnce = machines.flatMap(([table, m]) =>
    finalStates(m.moves).flatMap((state) =>
      m.writtenOnce.map((column) => [table, state, column] as [MoneyTable, string, string]),
    ),
  );

  it.each(writtenOnce)('is written once: %s, %s, %s', async (table, state, column) => {
    const id = await rowIn(table, state);
    for (const db of [t.appDb, t.db]) {
      await expect(change(db, table, id, column)).rejects.toMatchObject({
        code: '23514',
        constraint: `${table}_written_once`,
        message: expect.stringContaining(`${table}: ${state} is final`),
      });
    }
  });

  it('may still change before the row is final: a failed pay-back gets its next error', async () => {
    const id = await insertRowIn('payouts', 'failed');
    await change(t.appDb, 'payouts', id, 'last_error');
    await change(t.appDb, 'payouts', id, 'next_try_at');
    expect(await stateOf('payouts', id)).toBe('failed');
  });

  it('leaves what is not the outcome: staff verify a capture, a refund ends the plan it paid', async () => {
    const id = await insertRowIn('payment_attempts', 'captured');
    await sql`update payment_attempts set is_verified = true, verified_at = now(), verified_by = 'finance@pria.example',
      plan_ended_at = now(), updated_at = now() where id = ${id}`.execute(t.appDb);
    const refund = await insertRowIn('refunds', 'refunded');
    await sql`update refunds set plan_ended_at = now(), updated_at = now() where id = ${refund}`.execute(
      t.appDb,
    );
  });
});

describe('who a row is', () => {
  it('never changes for a dispute: its charge, amount and side when it opened', async () => {
    const id = await insertRowIn('disputes', 'open');
    for (const change of [sql`amount_cents = 1`, sql`payback_sent = true`, sql`attempt_id = ${bigCharge}`]) {
      await expect(sql`update disputes set ${change} where id = ${id}`.execute(t.appDb)).rejects.toThrow(
        /disputes: .* are immutable/,
      );
    }
  });

  it("never changes for a pay-back's try: its pay-back, number, reference and instrument", async () => {
    const id = await insertRowIn('payout_tries', 'unknown');
    for (const change of [sql`try_no = try_no + 100`, sql`reference = 'another'`, sql`instrument_id = 'x'`]) {
      await expect(sql`update payout_tries set ${change} where id = ${id}`.execute(t.appDb)).rejects.toThrow(
        /payout_tries: .* are immutable/,
      );
    }
  });
});
