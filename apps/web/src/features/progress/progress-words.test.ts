import {
  creditEducation,
  type ProgressMonth,
  progressMonthStates,
  progressStateDetail,
  progressStateLabel,
  progressSummary,
} from '@pria/contracts';
import { afterAll, describe, expect, it } from 'vitest';
import { activateLanguage, i18n, loadArea } from '../../app/i18n/i18n.ts';
import { creditEducationWords, stateDetailIn, stateLabels, summaryIn } from './progress-words.ts';

type Month = Pick<ProgressMonth, 'state' | 'reason' | 'dispute' | 'paidBackCents'>;

/** Every sentence the contracts can write: each state, each decline advice, each dispute outcome. */
const months: Month[] = [
  ...progressMonthStates.map((state) => ({ state, reason: null, dispute: null, paidBackCents: 0 })),
  ...['Insufficient funds', 'Expired card', 'Stolen card', 'Do not honor', 'Something else'].map(
    (reason) => ({
      state: 'declined' as const,
      reason,
      dispute: null,
      paidBackCents: 0,
    }),
  ),
  ...(['won', 'lost', 'open', null] as const).flatMap((dispute) =>
    [0, 300].map((paidBackCents) => ({ state: 'disputed' as const, reason: null, dispute, paidBackCents })),
  ),
];
const totals = [0, 1, 14].map((n) => ({
  months: n,
  chargedCents: n * 300,
  paidBackCents: n * 300,
  onTimeRun: n,
}));

describe("the progress panel's words", () => {
  afterAll(() => activateLanguage('en'));

  it('read in English exactly as the contracts write them', async () => {
    await activateLanguage('en');
    await loadArea('customer');
    for (const state of progressMonthStates)
      expect(i18n._(stateLabels[state])).toBe(progressStateLabel[state]);
    for (const m of months) expect(stateDetailIn(i18n, m)).toBe(progressStateDetail(m));
    for (const t of totals) expect(summaryIn(i18n, t)).toBe(progressSummary(t));
    expect(creditEducationWords.map((e) => ({ title: i18n._(e.title), text: i18n._(e.text) }))).toEqual(
      creditEducation,
    );
  });

  it('read in Spanish once the customer area speaks it: abono for the pay-back, one month in the singular', async () => {
    await activateLanguage('es');
    await loadArea('customer');
    expect(summaryIn(i18n, { months: 1, chargedCents: 300, paidBackCents: 300, onTimeRun: 1 })).toBe(
      '1 mes, $3.00 cobrados, $3.00 abonados',
    );
    expect(summaryIn(i18n, { months: 14, chargedCents: 4200, paidBackCents: 4200, onTimeRun: 14 })).toBe(
      '14 meses, $42.00 cobrados, $42.00 abonados',
    );
    expect(i18n._(stateLabels.payback_returned)).toMatch(/abono/i);
    expect(
      stateDetailIn(i18n, {
        state: 'declined',
        reason: 'Insufficient funds',
        dispute: null,
        paidBackCents: 0,
      }),
    ).toContain('(Insufficient funds)');
    for (const state of progressMonthStates)
      expect(i18n._(stateLabels[state]), state).not.toBe(progressStateLabel[state]);
    for (const m of months)
      expect(stateDetailIn(i18n, m), JSON.stringify(m)).not.toBe(progressStateDetail(m));
    creditEducationWords.forEach((e, i) => {
      expect(i18n._(e.title)).not.toBe(creditEducation[i]?.title);
      expect(i18n._(e.text)).not.toBe(creditEducation[i]?.text);
    });
    // The glossary: the pay-back is never a "devolución", and only a refund is a "reembolso".
    for (const m of months) expect(stateDetailIn(i18n, m)).not.toMatch(/devoluci/i);
    for (const m of months.filter((x) => x.state !== 'refunded'))
      expect(stateDetailIn(i18n, m), m.state).not.toMatch(/reembols/i);
  });
});
