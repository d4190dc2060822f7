import { cents } from '@pria/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DisputeEvent, PaymentGateway } from '../../../gateways/payments/port.ts';
import type { Logger } from '../../../platform/logger.ts';
import { insertCard, insertCharge, insertCustomer } from '../../../test/db-rows.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import type { BillingDeps } from '../billing-deps.ts';
import { syncDisputes } from './sync-disputes.ts';

// Reading the processor's dispute feed (issue 16): from where the last read left off (one
// cursor per processor, kept in the database), each notice recorded once. The feed here is
// scripted (the simulator's own feed, which the scenario tests read, answers what its clock
// says): `feed` holds the notices after each cursor, and every cursor asked for is noted.
let t: TestApp;
const refs: string[] = [];
const asked: (string | null)[] = [];
const warnings: unknown[] = [];
let feed: Record<string, { events: DisputeEvent[]; cursor: string | null }> = {};
let down = false;
let deps: BillingDeps;

const notice = (chargeReference: string, disputeId: string): DisputeEvent => ({
  disputeId,
  chargeReference,
  amountCents: cents(300),
  status: 'open',
  reason: 'Fraudulent',
  at: new Date('2030-04-01T12:00:00Z'),
});
const cursorRow = () => t.db.selectFrom('gateway_cursors').select(['name', 'position']).execute();
const disputeCount = async () =>
  Number(
    (
      await t.db
        .selectFrom('disputes')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

beforeAll(async () => {
  t = await startTestApp();
  const customer = await insertCustomer(t.db, { email: 'feed@example.com' });
  const card = await insertCard(t.db, customer);
  for (const period of ['2030-01', '2030-02', '2030-03']) {
    const id = await insertCharge(t.db, {
      customerId: customer,
      cardId: card,
      period,
      createdAt: new Date(`${period}-28T21:00:00Z`),
    });
    const row = await t.db
      .selectFrom('payment_attempts')
      .select('reference')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    refs.push(row.reference);
  }
  const payments: PaymentGateway = Object.assign(Object.create(t.billing.payments) as PaymentGateway, {
    disputeEvents: async (cursor: string | null) => {
      asked.push(cursor);
      if (down) throw new Error('processor unavailable');
      return feed[cursor ?? 'start'] ?? { events: [], cursor };
    },
  });
  const logger = Object.assign(Object.create(t.billing.logger) as Logger, {
    warn: (o: unknown) => {
      warnings.push(o);
    },
  });
  deps = { ...t.billing, payments, logger };
}, 60_000);
afterAll(() => t?.stop());

describe('reading the dispute feed', () => {
  it('reads from the start the first time and records each new dispute', async () => {
    feed = {
      start: { events: [notice(refs[0] as string, 'dp-1'), notice(refs[1] as string, 'dp-2')], cursor: 'c1' },
    };
    expect(await syncDisputes(deps)).toBe(2);
    expect(asked).toEqual([null]);
    expect(await disputeCount()).toBe(2);
  });

  it('keeps where it left off, per processor', async () => {
    expect(await cursorRow()).toEqual([{ name: `disputes:${t.billing.payments.name}`, position: 'c1' }]);
  });

  it('reads on from the kept cursor', async () => {
    feed.c1 = { events: [notice(refs[2] as string, 'dp-3')], cursor: 'c2' };
    expect(await syncDisputes(deps)).toBe(1);
    expect(asked.at(-1)).toBe('c1');
    expect((await cursorRow())[0]?.position).toBe('c2');
  });

  it('does not count a notice it has already recorded', async () => {
    feed.c2 = { events: [notice(refs[0] as string, 'dp-1')], cursor: 'c3' };
    expect(await syncDisputes(deps)).toBe(0);
    expect(await disputeCount()).toBe(3);
  });

  it('warns of a dispute naming no charge of ours, and records nothing', async () => {
    feed.c3 = { events: [notice('payin:nobody:2030-01', 'dp-9')], cursor: 'c4' };
    expect(await syncDisputes(deps)).toBe(0);
    expect(warnings).toEqual([{ dispute: 'dp-9' }]);
    expect(await disputeCount()).toBe(3);
  });

  it('keeps its place when the processor is down (the next tick reads from there)', async () => {
    down = true;
    await expect(syncDisputes(deps)).rejects.toThrow('processor unavailable');
    expect((await cursorRow())[0]?.position).toBe('c4');
    down = false;
    feed.c4 = { events: [], cursor: 'c4' };
    expect(await syncDisputes(deps)).toBe(0);
    expect(asked.at(-1)).toBe('c4');
  });
});
