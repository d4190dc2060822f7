/**
 * npm run bench:crash -- [--customers N] [--latency-ms L] [--concurrency C] [--batch B] [--drains D]
 *                        [--stale-seconds S] [--kill-at SHARE] [--outage-ms MS]
 *
 * The two-worker database crash (issue 38) with its figures: on a PostgreSQL of its own, N
 * subscribers, two worker processes (main.ts, PRIA_ROLE=worker). First a baseline month, its
 * pay-in and pay-back undisturbed; then the next month, with PostgreSQL's postmaster killed
 * (SIGKILL) mid pay-in and stopped by an immediate shutdown mid pay-back, each time started again
 * on the same data directory. Prints each run's time against the baseline's (ratio, with the
 * seconds beside), what the crash left, and checks both months exactly once (exit 1 otherwise).
 */
import { parseArgs } from 'node:util';
import {
  type CrashLabOptions,
  crashLabDefaults,
  openCrashLab,
  type PhaseReport,
} from '../src/test/database-crash.ts';
import { exactlyOnceLedger } from '../src/test/exactly-once-ledger.ts';

const { values } = parseArgs({
  options: {
    customers: { type: 'string', default: String(crashLabDefaults.customers) },
    'latency-ms': { type: 'string', default: String(crashLabDefaults.latencyMs) },
    concurrency: { type: 'string', default: String(crashLabDefaults.concurrency) },
    batch: { type: 'string', default: String(crashLabDefaults.batchSize) },
    drains: { type: 'string', default: String(crashLabDefaults.drainJobs) },
    'stale-seconds': { type: 'string', default: String(crashLabDefaults.staleAfterSeconds) },
    'kill-at': { type: 'string', default: String(crashLabDefaults.killAtShare) },
    'outage-ms': { type: 'string', default: String(crashLabDefaults.outageMs) },
  },
});
const options: CrashLabOptions = {
  ...crashLabDefaults,
  customers: Number(values.customers),
  latencyMs: Number(values['latency-ms']),
  concurrency: Number(values.concurrency),
  batchSize: Number(values.batch),
  drainJobs: Number(values.drains),
  staleAfterSeconds: Number(values['stale-seconds']),
  killAtShare: Number(values['kill-at']),
  outageMs: Number(values['outage-ms']),
};
const BASELINE = '2031-03';
const CRASHED = '2031-04';

const setupStart = performance.now();
const lab = await openCrashLab(options);
const setupSeconds = (performance.now() - setupStart) / 1000;
let failed = false;
try {
  const base = {
    payin: await lab.phase('payin', BASELINE, null),
    payout: await lab.phase('payout', BASELINE, null),
  };
  const crash = {
    payin: await lab.phase('payin', CRASHED, 'sigkill'),
    payout: await lab.phase('payout', CRASHED, 'immediate'),
  };
  const s = (x: number | undefined) => (x === undefined ? '-' : `${x.toFixed(2)} s`);
  const ratio = (x: number | undefined, b: PhaseReport) =>
    x === undefined ? '-' : `${(x / b.seconds).toFixed(2)}×`;
  console.log(
    `\n${lab.cards.length} customers (${lab.cards.filter((c) => c.declines).length} declined by their issuer), ` +
      `2 workers, simulator latency ${options.latencyMs} ms, ${options.concurrency} calls in flight per drain, ` +
      `${options.drainJobs} drains of ${options.batchSize}-card chunks, staleness window ${options.staleAfterSeconds} s, ` +
      `outage ${options.outageMs} ms; setup (PostgreSQL, migrations, seeding) ${setupSeconds.toFixed(1)} s\n`,
  );
  console.log(
    '| run | rows | workers started | baseline: tick to completed | with the crash | ratio | kill to PostgreSQL ready | restart to completed | ratio to the baseline | written at the kill | at restart: written / in flight / never claimed / at the processor | workers that exited |',
  );
  console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | ---: |');
  for (const kind of ['payin', 'payout'] as const) {
    const b = base[kind];
    const c = crash[kind];
    const r = c.atRestart;
    console.log(
      `| ${kind === 'payin' ? 'pay-in' : 'pay-back'} (${c.crash}) | ${c.expected} | ${s(b.workersStartSeconds)}, ${s(c.workersStartSeconds)} | ` +
        `${s(b.seconds)} | ${s(c.seconds)} | ${ratio(c.seconds, b)} | ${s(c.downSeconds)} | ${s(c.secondsFromRestart)} | ` +
        `${ratio(c.secondsFromRestart, b)} | ${c.writtenAtKill ?? '-'} | ` +
        `${r ? `${r.written} / ${r.inFlight} / ${r.unsent} / ${r.atProcessor}` : '-'} | ${c.workerExits.length} |`,
    );
  }
  for (const [period, runs] of [
    [BASELINE, base],
    [CRASHED, crash],
  ] as const) {
    const ledger = await exactlyOnceLedger(lab.db, period, lab.cards, runs, lab.lateCards);
    const n = lab.cards.length;
    const captured = ledger.captured;
    const problems = [
      ledger.payinsPerCard[1] !== n && `pay-ins per card ${JSON.stringify(ledger.payinsPerCard)}`,
      ledger.chargesAtProcessorPerCard[1] !== n &&
        `charges at the processor per card ${JSON.stringify(ledger.chargesAtProcessorPerCard)}`,
      ledger.wrongOutcome && `${ledger.wrongOutcome} cards without their own outcome`,
      (ledger.chargedNotOwed?.ours || ledger.chargedNotOwed?.theirs) &&
        `cards not owed the month charged ${JSON.stringify(ledger.chargedNotOwed)}`,
      ledger.processorDisagrees && `${ledger.processorDisagrees} cards where the processor disagrees`,
      ledger.paidPerCapture[1] !== captured &&
        `paid pay-backs per capture ${JSON.stringify(ledger.paidPerCapture)}`,
      ledger.paidAtProcessorPerCapture[1] !== captured &&
        `paid at the processor per capture ${JSON.stringify(ledger.paidAtProcessorPerCapture)}`,
      ledger.paybacksOfDeclines && `${ledger.paybacksOfDeclines} pay-backs of declined charges`,
      ledger.chargeEventsPerCard[1] !== n &&
        `charge events per card ${JSON.stringify(ledger.chargeEventsPerCard)}`,
      ledger.paybackEventsPerCapture[1] !== captured &&
        `pay-back events per capture ${JSON.stringify(ledger.paybackEventsPerCapture)}`,
      ledger.runsOpen && `${ledger.runsOpen} runs not completed`,
      Object.values(ledger.inDoubt ?? {}).some((x) => x > 0) && `in doubt ${JSON.stringify(ledger.inDoubt)}`,
      Object.values(ledger.notByTheEngineClock).some((x) => x > 0) &&
        `not by the engine's clock ${JSON.stringify(ledger.notByTheEngineClock)}`,
      ledger.books.outstanding.count !== 0 && `outstanding ${ledger.books.outstanding.count}`,
    ].filter(Boolean);
    console.log(
      `\n${period}${period === CRASHED ? ' (crashed)' : ' (baseline)'}: ${n} cards charged once each at the processor and in our books: ` +
        `${captured} captured, ${n - captured} declined; ${ledger.books.paidBack.count} paid back once ` +
        `($${(ledger.books.paidBack.cents / 100).toFixed(2)}), outstanding ${ledger.books.outstanding.count}, ` +
        `pending ${ledger.books.pending.count}; ${problems.length === 0 ? 'exactly once: yes' : `PROBLEMS: ${problems.join('; ')}`}`,
    );
    if (problems.length > 0) failed = true;
  }
  for (const c of [crash.payin, crash.payout])
    for (const e of c.workerExits)
      console.log(
        `worker ${e.slot} exited during the ${c.kind} (${e.code ?? e.signal}):\n${e.output.slice(-1500)}`,
      );
} finally {
  await lab.close();
}
if (failed) process.exitCode = 1;
