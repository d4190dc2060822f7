import { describe, expect, it } from 'vitest';
import type { LookupResult, PaymentGateway } from '../../../gateways/payments/port.ts';
import { fixedClock } from '../../../platform/clock.ts';
import type { BillingDeps } from '../billing-deps.ts';
import { settleInDoubt } from './settle-in-doubt.ts';

/**
 * Several drains (any process) read the same rows in doubt: each goes slice by slice and leases
 * a slice before asking the processor, leaving out what another drain settled or is asking about
 * now, so the processor is asked about a row once (ADRs 36 and 43). No database: the kind's
 * find, lease, release and record are played by the test (leaseInDoubt's own test is
 * lease-in-doubt.test.ts).
 */
const rows = Array.from({ length: 20 }, (_, i) => ({
  id: `row-${String(i).padStart(2, '0')}`,
  reference: `ref-${i}`,
  conclusive: true,
  looked_at: new Date('2031-06-10T15:00:00Z'),
}));

/** The database's side, shared by every drain of a test: what is still in doubt, and the leases. */
function world() {
  return { inDoubt: new Set(rows.map((r) => r.id)), leased: new Set<string>(), asked: [] as string[] };
}

function drain(w: ReturnType<typeof world>, opts: { failRecord?: boolean } = {}) {
  const released: string[][] = [];
  const never: string[][] = [];
  const payments = {
    lookup: async (reference: string): Promise<LookupResult | null> => {
      w.asked.push(reference);
      await new Promise((r) => setImmediate(r)); // another drain may go on meanwhile
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
    find: async () => rows.filter((r) => w.inDoubt.has(r.id)),
    lease: async (ids: string[]) => {
      const mine = ids.filter((id) => w.inDoubt.has(id) && !w.leased.has(id));
      for (const id of mine) w.leased.add(id);
      return mine;
    },
    release: async (ids: string[]) => {
      released.push(ids);
      for (const id of ids) w.leased.delete(id);
    },
    outcome: (id: string) => id,
    record: async (outcomes: string[]) => {
      if (opts.failRecord) throw new Error('the database went away');
      for (const id of outcomes) w.inDoubt.delete(id);
      return outcomes.length;
    },
    neverReceived: async (ids: string[]) => {
      never.push(ids);
      for (const id of ids) w.inDoubt.delete(id); // claimed to be sent again
      return { answered: 0, resend: ids };
    },
  };
  return { released, never, run: () => settleInDoubt(deps, kind) };
}

describe('the settle step in leased slices', () => {
  it('asks about every row in doubt once, and settles or resends each', async () => {
    const w = world();
    const d = drain(w);
    const settled = await d.run();
    expect([...w.asked].sort()).toEqual(rows.map((r) => r.reference).sort());
    expect(settled.answered).toBe(10);
    expect([...settled.resend].sort()).toEqual(rows.filter((_, i) => i % 2 === 1).map((r) => r.id));
    expect(d.never.length).toBeGreaterThan(1); // claimed slice by slice, not at the end
    expect(w.leased.size).toBe(0); // every slice's leases ended
  });

  it('does not ask about rows another drain settled or is looking up now', async () => {
    const w = world();
    // Another drain settled the first ten, and holds a lease on the next five.
    for (const r of rows.slice(0, 10)) w.inDoubt.delete(r.id);
    for (const r of rows.slice(10, 15)) w.leased.add(r.id);
    const settled = await drain(w).run();
    expect([...w.asked].sort()).toEqual(
      rows
        .slice(15)
        .map((r) => r.reference)
        .sort(),
    );
    expect(settled.answered + settled.resend.length).toBe(5);
  });

  it('two drains at once ask about each row once between them', async () => {
    const w = world();
    const [a, b] = await Promise.all([drain(w).run(), drain(w).run()]);
    expect(w.asked).toHaveLength(rows.length);
    expect(new Set(w.asked).size).toBe(rows.length);
    expect(a.answered + b.answered).toBe(10);
    expect(a.resend.length + b.resend.length).toBe(10);
  });

  it("ends a slice's leases when its outcomes cannot be recorded, so another drain can ask", async () => {
    const w = world();
    await expect(drain(w, { failRecord: true }).run()).rejects.toThrow('the database went away');
    expect(w.leased.size).toBe(0);
  });
});
