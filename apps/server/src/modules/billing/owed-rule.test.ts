import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AttemptStatus, DisputeStatus, PayoutStatus } from '../../platform/db-schema.ts';
import { paymentAttemptMoves, payoutMoves } from '../../platform/money-state-machines.ts';
import { insertCard, insertCharge, insertCustomer, insertDispute, insertPayout } from '../../test/db-rows.ts';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import {
  bankReturnSql,
  bankReturnsCharge,
  bankReturnsChargeSql,
  type ChargeForPayback,
  moneyMayBeOwed,
  moneyMayBeOwedSql,
  paybackOwed,
  paybackOwedSql,
  paybackToWrite,
  paybackToWriteSql,
} from './owed-rule.ts';

// Owed a pay-back, one rule (issue 38): every combination of a charge's kind and state, its
// payout's state and its dispute's that the database can hold (a payout only of a captured
// pay-in: payouts_match_capture) is written, and each SQL fragment must answer what its
// TypeScript twin answers for it.
let t: TestApp;
const attemptStates = Object.keys(paymentAttemptMoves) as AttemptStatus[];
const payoutStates = [null, ...(Object.keys(payoutMoves) as PayoutStatus[])];
const disputeStates: (DisputeStatus | null)[] = [null, 'open', 'won', 'lost'];

const combinations: ChargeForPayback[] = (['payin', 'subscription'] as const).flatMap((kind) =>
  attemptStates.flatMap((status) =>
    payoutStates
      .filter((payout) => payout === null || (kind === 'payin' && status === 'captured'))
      .flatMap((payout) => disputeStates.map((dispute) => ({ kind, status, payout, dispute }))),
  ),
);

const written = new Map<string, ChargeForPayback>();
beforeAll(async () => {
  t = await startTestApp();
  const customerId = await insertCustomer(t.db, { email: 'owed-rule@example.com' });
  const cardId = await insertCard(t.db, customerId);
  let month = 0;
  for (const c of combinations) {
    month++;
    const year = 2040 + Math.floor(month / 12);
    const mm = String((month % 12) + 1).padStart(2, '0');
    const id = await insertCharge(t.db, {
      customerId,
      cardId,
      kind: c.kind,
      // One pay-in per card and month; a plan charge's period is a day.
      period: c.kind === 'payin' ? `${year}-${mm}` : `${year}-${mm}-01`,
      status: c.status,
      createdAt: new Date(),
    });
    if (c.payout) await insertPayout(t.db, id, { status: c.payout, createdAt: new Date() });
    if (c.dispute) await insertDispute(t.db, id, { status: c.dispute });
    written.set(id, c);
  }
}, 120_000);
afterAll(() => t?.stop());

describe('owed a pay-back', () => {
  it(`writes every combination the database holds (${combinations.length})`, () => {
    expect(written.size).toBe(combinations.length);
    expect(combinations.length).toBe(2 * attemptStates.length * 4 + (payoutStates.length - 1) * 4);
  });

  it('each SQL fragment answers as its TypeScript twin, for every combination', async () => {
    const r = await sql<{
      id: string;
      owed: boolean;
      to_write: boolean;
      may: boolean;
      returns: boolean;
      bank_return: DisputeStatus | null;
    }>`
      select a.id, ${paybackOwedSql('a')} as owed, ${paybackToWriteSql('a')} as to_write,
             ${moneyMayBeOwedSql('a')} as may, ${bankReturnsChargeSql('a')} as returns,
             ${bankReturnSql('a')} as bank_return
      from payment_attempts a where a.id = any(${[...written.keys()]}::uuid[])`.execute(t.db);
    expect(r.rows).toHaveLength(written.size);
    const disagreements = r.rows.flatMap((row) => {
      const c = written.get(row.id) as ChargeForPayback;
      const twin = {
        owed: paybackOwed(c),
        to_write: paybackToWrite(c),
        may: moneyMayBeOwed(c),
        returns: bankReturnsCharge(c.dispute),
        bank_return: bankReturnsCharge(c.dispute) ? c.dispute : null,
      };
      const sqlSaid = {
        owed: row.owed,
        to_write: row.to_write,
        may: row.may,
        returns: row.returns,
        bank_return: row.bank_return,
      };
      return JSON.stringify(sqlSaid) === JSON.stringify(twin) ? [] : [{ charge: c, sql: sqlSaid, ts: twin }];
    });
    expect(disagreements).toEqual([]);
  });

  it('says what the rule says of the cases that matter', () => {
    const capture = { kind: 'payin', status: 'captured', payout: null, dispute: null } as const;
    expect(paybackToWrite(capture)).toBe(true);
    expect(paybackOwed({ ...capture, payout: 'returned' })).toBe(true);
    expect(paybackToWrite({ ...capture, payout: 'returned' })).toBe(false);
    expect(paybackOwed({ ...capture, payout: 'paid' })).toBe(false);
    // The bank returns a disputed charge itself; won, the charge stands and is paid back.
    expect(paybackOwed({ ...capture, dispute: 'open' })).toBe(false);
    expect(paybackOwed({ ...capture, dispute: 'lost' })).toBe(false);
    expect(paybackOwed({ ...capture, dispute: 'won' })).toBe(true);
    // An open dispute may still be won: the money may still be owed. A lost one, never.
    expect(moneyMayBeOwed({ ...capture, payout: 'withheld', dispute: 'open' })).toBe(true);
    expect(moneyMayBeOwed({ ...capture, payout: 'withheld', dispute: 'lost' })).toBe(false);
    // A pay-in in flight may still take the card's money; a plan charge is never paid back.
    expect(moneyMayBeOwed({ ...capture, status: 'unknown' })).toBe(true);
    expect(moneyMayBeOwed({ ...capture, status: 'declined' })).toBe(false);
    expect(moneyMayBeOwed({ ...capture, kind: 'subscription' })).toBe(false);
  });
});
