import { afterAll, describe, expect, it } from 'vitest';
import { activateLanguage, loadArea } from '../../app/i18n/i18n.ts';
import type { Plan } from '../customer/types.ts';
import { planChangeDetails } from './plan-change-words.ts';

const semiAnnual: Plan = {
  id: 'semi-annual',
  name: 'Semi-Annual',
  price: 3600,
  interval: 'month',
  intervalCount: 6,
  taxPercentage: 8.25,
  tax: 297,
  total: 3897,
};
const annual: Plan = {
  ...semiAnnual,
  id: 'annual',
  name: 'Annual',
  price: 6600,
  intervalCount: 12,
  tax: 545,
  total: 7145,
};
// July 10, 2031 at midnight New York (04:00 UTC).
const changesAt = Date.parse('2031-07-10T04:00:00Z');

describe('planChangeDetails: what a plan change says before it is made (ADR 40)', () => {
  it('names the date, the amount then, and that nothing is charged today', () => {
    const w = planChangeDetails({
      current: semiAnnual,
      chosen: annual,
      scheduled: null,
      changesAt,
      cardName: 'Visa •••• 1111',
      paused: false,
      locale: 'en-US',
    });
    expect(w.message).toBe('Your plan changes to Annual on July 10, 2031.');
    expect(w.details).toContain('Nothing is charged today.');
    expect(w.details).toContain(
      'On July 10, 2031 we charge $71.45 (including taxes) to your Visa •••• 1111 for 12 months of Annual, and it renews every 12 months until you cancel.',
    );
    expect(w.details.join(' ')).not.toMatch(/turns your subscription back on/);
  });

  it('says that a paused plan is turned back on, and calls off a scheduled change by the plan in force', () => {
    const paused = planChangeDetails({
      current: semiAnnual,
      chosen: annual,
      scheduled: null,
      changesAt,
      cardName: null,
      paused: true,
      locale: 'en-US',
    });
    expect(paused.details.join(' ')).toMatch(/turns your subscription back on/);
    const stay = planChangeDetails({
      current: semiAnnual,
      chosen: semiAnnual,
      scheduled: annual,
      changesAt,
      cardName: null,
      paused: false,
      locale: 'en-US',
    });
    expect(stay.message).toBe('Your plan stays Semi-Annual: the change to Annual is called off.');
    expect(stay.details).toContain(
      'On July 10, 2031 we charge $38.97 (including taxes) and your Semi-Annual plan renews for 6 months.',
    );
  });
});

describe('planChangeDetails in Spanish (issue 42)', () => {
  afterAll(() => activateLanguage('en'));

  it('writes the date of the change in Spanish, not "el July 10, 2031"', async () => {
    await activateLanguage('es');
    await loadArea('customer');
    const w = planChangeDetails({
      current: semiAnnual,
      chosen: annual,
      scheduled: null,
      changesAt,
      cardName: 'Visa •••• 1111',
      paused: false,
      locale: 'es-US',
    });
    expect(w.message).toBe('Su plan cambia a Annual el 10 de julio de 2031.');
    expect(w.details.join(' ')).not.toContain('July');
  });
});
