import { describe, expect, it } from 'vitest';
import type { LookupResult, PaymentGateway } from '../../../gateways/payments/port.ts';
import { fixedClock } from '../../../platform/clock.ts';
import type { BillingDeps } from '../billing-deps.ts';
import { settleInDoubt } from './settle-in-doubt.ts';

/**
 * Several drains (any process) read the same rows in doubt: each goes slice by slice and leaves
 * out what another settled meanwhile, so the processor is asked about a row about once (ADR 36).
 * No database: the kind's find, stillInDoubt and record are played by the test.
 */
const rows = Array.from({ length: 10 }, (_, i) => ({
  id: `row-${i}`,
  reference: `ref-${i}`,
  conclusive: true,
  looked_at: new Date('2031-06-10T15:00:00Z'),
}));

function setup(settledElsewhere: (asked: number) => Set<string>) {
  const asked: string[] = [];
  const recorded: string[] = [];
  const never: string[][] = [];
  const payments = {
    lookup: async (reference: string): Promise<LookupResult | null> => {
      asked.push(reference);
      // Even rows were received and captured; odd rows never reached the processor.
      return Number(reference.split('-')[1]) % 2 === 0
        ? ({ kind: 'charge', status: 'captured', gatewayTransactionId: reference } as LookupResult)
        : null;
    },
  } as unknown as PaymentGateway;
  const deps = {
    payments,
    concurrency: 1,
    clock: fixedClock('2031-06-10T15:00:00Z'),
  } as unknown as BillingDeps;
  const kind = {
    kind: 'charge' as const,
    find: async () => rows,
    stillInDoubt: async (ids: string[]) => {
      const gone = settledElsewhere(asked.length);
      return ids.filter((id) => !gone.has(id));
    },
    outcome: (id: string) => id,
    record: async (outcomes: string[]) => {
      recorded.push(...outcomes);
      return outcomes.length;
    },
    neverReceived: async (ids: string[]) => {
      never.push(ids);
      return { answered: 0, resend: ids };
    },
  };
  return { asked, recorded, never, run: () => settleInDoubt(deps, kind) };
}

describe('the settle step in slices', () => {
  it('asks about every row in doubt once, and settles or resends each', async () => {
    const s = setup(() => new Set());
    const settled = await s.run();
    expect([...s.asked].sort()).toEqual(rows.map((r) => r.reference).sort());
    expect(settled.answered).toBe(5);
    expect([...settled.resend].sort()).toEqual(
      rows
        .filter((_, i) => i % 2 === 1)
        .map((r) => r.id)
        .sort(),
    );
    expect(s.never.length).toBeGreaterThan(1); // claimed slice by slice, not at the end
  });

  it('does not ask about rows another drain settled after the first slice', async () => {
    // Once the first slice (4 rows at concurrency 1) has been asked, another drain settles all.
    const s = setup((asked) => (asked >= 4 ? new Set(rows.map((r) => r.id)) : new Set()));
    const settled = await s.run();
    expect(s.asked).toHaveLength(4);
    expect(settled.answered + settled.resend.length).toBe(4);
  });
});
