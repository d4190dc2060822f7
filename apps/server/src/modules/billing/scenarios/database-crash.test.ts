import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type CrashLab,
  crashLabDefaults,
  openCrashLab,
  type PhaseReport,
} from '../../../test/database-crash.ts';
import { exactlyOnceLedger } from '../../../test/exactly-once-ledger.ts';

/**
 * Exactly once through a database crash (issue 38): two worker processes (main.ts, PRIA_ROLE=
 * worker) run a month's pay-in and then its pay-back on an engine clock set to each due instant;
 * mid pay-in PostgreSQL's postmaster is killed with SIGKILL, mid pay-back it is stopped by an
 * immediate shutdown, and each time it is started again on the same data directory after two
 * seconds. The workers are never restarted: they reconnect by themselves, and the next ticks find
 * the open run (the lab sends the tick jobs pg-boss's minute cron would). Then every eligible card
 * is charged once (and the cards of customers who joined after the due instant not at all), every
 * capture paid back once, nothing is left in doubt, and every instant the engine wrote is its
 * clock's (years from the machine's and the database's).
 *
 * This file runs its OWN embedded PostgreSQL (the shared test server cannot be killed).
 */
const PERIOD = '2031-04';
let lab: CrashLab;
let payin: PhaseReport;
let payout: PhaseReport;

beforeAll(async () => {
  lab = await openCrashLab(crashLabDefaults);
}, 120_000);
afterAll(() => lab?.close(), 60_000);

describe('two workers and PostgreSQL crashed mid pay-in and mid pay-back', () => {
  it('the pay-in: killed with some charges written and others in flight, every card ends with its own one outcome', async () => {
    payin = await lab.phase('payin', PERIOD, 'sigkill');
    const n = lab.cards.length;
    // The crash really was mid-run: rows written, others claimed by a drain and not written.
    expect(payin.atRestart?.written).toBeGreaterThan(0);
    expect(payin.atRestart?.written).toBeLessThan(n);
    expect(payin.atRestart?.inFlight).toBeGreaterThan(0);
    // The workers lived through it: nothing had to start them again.
    expect(payin.workerExits).toEqual([]);
  }, 180_000);

  it('the pay-back: stopped with some pay-backs written and others in flight, and started again', async () => {
    payout = await lab.phase('payout', PERIOD, 'immediate');
    expect(payout.atRestart?.written).toBeGreaterThan(0);
    expect(payout.atRestart?.written).toBeLessThan(payout.expected);
    expect(payout.atRestart?.inFlight).toBeGreaterThan(0);
    expect(payout.workerExits).toEqual([]);
  }, 180_000);

  it('charged every eligible card once (and no other) and paid every capture back once, nothing in doubt, every instant by the engine clock', async () => {
    const n = lab.cards.length;
    const declines = lab.cards.filter((c) => c.declines).length;
    const captured = n - declines;
    const ledger = await exactlyOnceLedger(lab.db, PERIOD, lab.cards, { payin, payout }, lab.lateCards);
    expect(payout.expected).toBe(captured);
    expect(ledger).toEqual({
      payinsPerCard: { 1: n },
      wrongOutcome: 0,
      chargesAtProcessorPerCard: { 1: n },
      processorDisagrees: 0,
      chargedNotOwed: { ours: 0, theirs: 0 },
      captured,
      paybacksPerCapture: { 1: captured },
      paidPerCapture: { 1: captured },
      paybacksAtProcessorPerCapture: { 1: captured },
      paidAtProcessorPerCapture: { 1: captured },
      paybacksOfDeclines: 0,
      inDoubt: { attempts: 0, payouts: 0, tries: 0 },
      runsOpen: 0,
      chargeEventsPerCard: { 1: n },
      paybackEventsPerCapture: { 1: captured },
      notByTheEngineClock: {
        'payment_attempts.due_at': 0,
        'payment_attempts.created_at': 0,
        'payment_attempts.sent_at': 0,
        'payment_attempts.settled_at': 0,
        'payouts.due_at': 0,
        'payouts.created_at': 0,
        'payouts.sent_at': 0,
        'payouts.settled_at': 0,
        'payouts.paid_at': 0,
        'money_events.occurred_at (charges)': 0,
        'money_events.occurred_at (pay-backs)': 0,
        'billing_runs.as_of (pay-in)': 0,
        'billing_runs.as_of (pay-back)': 0,
        'billing_runs.window_closed_at': 0,
      },
      // The books staff read: every $3 charged is paid back, nothing pending or outstanding.
      books: {
        period: PERIOD,
        charged: { count: captured, cents: 300 * captured },
        declined: { count: declines },
        missed: { count: 0 },
        pending: { count: 0 },
        paidBack: { count: captured, cents: 300 * captured },
        retrying: { count: 0, cents: 0 },
        returned: { count: 0, cents: 0 },
        disputed: { count: 0, cents: 0 },
        withheld: { count: 0, cents: 0 },
        lost: { count: 0, cents: 0 },
        refunded: { count: 0, cents: 0 },
        outstanding: { count: 0, cents: 0 },
      },
    });
  });
});
