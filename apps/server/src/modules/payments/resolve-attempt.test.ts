import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentGateway } from '../../gateways/payments/port.ts';
import { insertCard, insertCharge, insertCustomer } from '../../test/db-rows.ts';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { resolveAttempt } from './execute-charge.ts';

let t: TestApp;
/** A processor whose search does not (yet) show the call. */
const notIndexedYet = { lookup: async () => null } as unknown as PaymentGateway;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.stop());

async function unknownAttempt(updatedAt: Date) {
  const customerId = await insertCustomer(t.db, { email: `c${updatedAt.getTime()}@example.com` });
  const cardId = await insertCard(t.db, customerId);
  const id = await insertCharge(t.db, {
    customerId,
    cardId,
    kind: 'subscription',
    period: '2031-01-01',
    status: 'submitted',
    createdAt: updatedAt,
  });
  return t.db
    .updateTable('payment_attempts')
    .set({ status: 'unknown', updated_at: updatedAt })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

describe('resolveAttempt when the processor has no record of our reference', () => {
  it('keeps a recent unknown charge open within the search lag (no "declined" a retry would double)', async () => {
    const attempt = await unknownAttempt(new Date());
    const after = await resolveAttempt(t.db, notIndexedYet, attempt, { lookupLagMs: 30 * 60_000 });
    expect(after.status).toBe('unknown');
  });

  it('declares it never received once the lag has passed', async () => {
    const attempt = await unknownAttempt(new Date(Date.now() - 31 * 60_000));
    const after = await resolveAttempt(t.db, notIndexedYet, attempt, { lookupLagMs: 30 * 60_000 });
    expect(after).toMatchObject({ status: 'declined', decline_reason: 'Not received by the processor' });
  });
});
