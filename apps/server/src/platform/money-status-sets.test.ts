import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/harness.ts';
import { finalStates, paymentAttemptMoves, payoutMoves, refundMoves } from './money-state-machines.ts';
import * as sets from './money-status-sets.ts';

// The money state sets, named once (issue 38): each says what the machines say, the partial
// indexes that repeat one hold the same states, and no module writes one out again.
const {
  ATTEMPT_AWAITING_ANSWER,
  ATTEMPT_IN_FLIGHT,
  ATTEMPT_NOT_THROUGH,
  ATTEMPT_SETTLED,
  ATTEMPT_UNRESOLVED,
  DISPUTE_RETURNS_CHARGE,
  PAYOUT_OPEN,
  PAYOUT_SENT,
  PAYOUT_SETTLED,
  PAYOUT_WITHHOLDABLE,
  REFUND_OPEN,
  SENT_UNANSWERED,
} = sets;
const sorted = (states: readonly string[]) => [...states].sort();

describe('the money state sets', () => {
  it('a charge is unresolved while it may still change state, except missed (only a forced run sends it)', () => {
    expect(sorted(ATTEMPT_UNRESOLVED)).toEqual([
      'created',
      'requires_authentication',
      'submitted',
      'unknown',
    ]);
    expect(sorted([...ATTEMPT_UNRESOLVED, 'missed'])).toEqual(sorted(sets.openStates(paymentAttemptMoves)));
  });

  it('a charge in flight is unresolved and not with the cardholder’s bank; awaiting an answer, unresolved and sent', () => {
    expect(sorted(ATTEMPT_IN_FLIGHT)).toEqual(['created', 'submitted', 'unknown']);
    expect(sorted(ATTEMPT_AWAITING_ANSWER)).toEqual(['requires_authentication', 'submitted', 'unknown']);
  });

  it('settled charges are the final ones; those that moved no money are declined and missed', () => {
    expect(sorted(ATTEMPT_SETTLED)).toEqual(sorted(finalStates(paymentAttemptMoves)));
    expect(sorted(ATTEMPT_SETTLED)).toEqual(['captured', 'declined']);
    expect(sorted(ATTEMPT_NOT_THROUGH)).toEqual(['declined', 'missed']);
  });

  it('sent and not answered is the same two open states in charges, pay-backs and refunds', () => {
    for (const moves of [paymentAttemptMoves, payoutMoves, refundMoves] as const) {
      for (const s of SENT_UNANSWERED) expect(sets.openStates(moves as never)).toContain(s);
    }
    expect(sorted(REFUND_OPEN)).toEqual(sorted(SENT_UNANSWERED));
  });

  it('a pay-back is open while the engine still has to make it: not paid, returned (staff) or withheld (dispute)', () => {
    expect(sorted(PAYOUT_OPEN)).toEqual(['failed', 'pending', 'submitted', 'unknown']);
    expect(sorted(PAYOUT_SENT)).toEqual(['paid', 'submitted', 'unknown']);
    expect(sorted(PAYOUT_SETTLED)).toEqual(['paid', 'returned']);
  });

  it('a dispute withholds exactly the pay-backs its machine lets it, none that may be on their way', () => {
    expect(sorted(PAYOUT_WITHHOLDABLE)).toEqual(['failed', 'pending', 'returned']);
    expect(PAYOUT_WITHHOLDABLE.filter((s) => PAYOUT_SENT.includes(s))).toEqual([]);
  });

  it('the bank returns a charge through a dispute open or lost, never won', () => {
    expect(sorted(DISPUTE_RETURNS_CHARGE)).toEqual(['lost', 'open']);
  });
});

describe("the database's partial indexes hold the same sets", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  }, 60_000);
  afterAll(() => t?.stop());

  /** The states a partial index's predicate names (`status = ANY (ARRAY['a'::text, …])`). */
  const indexStates = async (name: string) => {
    const r = await sql<{
      def: string | null;
    }>`select pg_get_expr(i.indpred, i.indrelid) as def from pg_index i
      join pg_class c on c.oid = i.indexrelid where c.relname = ${name}`.execute(t.db);
    const def = r.rows[0]?.def ?? '';
    return { def, states: sorted([...def.matchAll(/'([a-z_]+)'::text/g)].map((m) => m[1] as string)) };
  };

  it.each([
    ['payment_attempts_unresolved', ATTEMPT_UNRESOLVED, '= ANY'],
    ['payouts_open', PAYOUT_OPEN, '= ANY'],
    ['refunds_open', REFUND_OPEN, '= ANY'],
  ] as const)('%s: status in the set', async (name, set, op) => {
    const { def, states } = await indexStates(name);
    expect(def).toContain(`status ${op} (ARRAY[`);
    expect(states).toEqual(sorted(set));
  });

  it('payment_attempts_subscription_once: a plan charge holds its period unless it did not go through', async () => {
    const { def, states } = await indexStates('payment_attempts_subscription_once');
    expect(def).toContain('status <> ALL (ARRAY[');
    expect(states).toEqual(sorted([...ATTEMPT_NOT_THROUGH, 'subscription']));
  });

  it('statusIn writes a set the planner matches to its partial index', async () => {
    // Sequential scans off: the table is empty here, and only whether the index can serve counts.
    const plan = await t.db.transaction().execute(async (tx) => {
      await sql`set local enable_seqscan = off`.execute(tx);
      return sql<{ 'QUERY PLAN': string }>`explain select count(*) from payouts
        where ${sets.statusIn('status', PAYOUT_OPEN)} and period <= '2030-01'`.execute(tx);
    });
    expect(plan.rows.map((r) => r['QUERY PLAN']).join('\n')).toMatch(/payouts_open/);
  });
});

describe('no module writes a set out again', () => {
  const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const files = (dir: string): string[] =>
    readdirSync(dir).flatMap((f) => {
      const p = path.join(dir, f);
      if (statSync(p).isDirectory()) return f === 'migrations' || f === 'test' ? [] : files(p);
      return f.endsWith('.ts') && !f.endsWith('.test.ts') ? [p] : [];
    });
  const named = Object.entries(sets as Record<string, unknown>).flatMap(([name, value]) =>
    Array.isArray(value) && value.length > 1 ? [[name, value as readonly string[]] as const] : [],
  );
  const here = ['money-status-sets.ts', 'money-state-machines.ts'].map((f) => path.join(src, 'platform', f));

  it('finds no list of quoted states, in SQL or TypeScript, equal to a named set', () => {
    const offenders: string[] = [];
    for (const file of files(src).filter((f) => !here.includes(f))) {
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(/[[(]\s*('[a-z_]+'(?:\s*,\s*'[a-z_]+')+)\s*[\])]/g)) {
        const list = sorted([...(m[1] as string).matchAll(/'([a-z_]+)'/g)].map((x) => x[1] as string));
        const same = named.find(([, set]) => JSON.stringify(sorted(set)) === JSON.stringify(list));
        if (same) offenders.push(`${path.relative(src, file)}: ${m[0]} is ${same[0]}`);
      }
    }
    expect(offenders).toEqual([]);
  });
});
