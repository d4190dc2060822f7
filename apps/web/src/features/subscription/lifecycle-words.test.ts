import { afterAll, describe, expect, it } from 'vitest';
import { activateLanguage, loadArea } from '../../app/i18n/i18n.ts';
import type { Plan, Subscription } from '../customer/types.ts';
import { fundingCardWords } from './funding.ts';
import {
  cancelDetails,
  deletionMoneyWords,
  keptWords,
  planChangedWords,
  renewalWords,
} from './lifecycle-words.ts';

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
// June 1, 2027 at midnight New York (04:00 UTC): the end of a plan bought on December 1, 2026.
const expiresAt = Date.parse('2027-06-01T04:00:00Z');
const sub: Subscription = {
  id: 's1',
  plan: semiAnnual,
  card: { id: 'c1' },
  status: 'active',
  expiresAt,
  isEnabled: true,
  autoRenews: true,
  endsAt: null,
  cancelledAt: null,
  cancelledBy: null,
  pausedAt: null,
  nextPlan: null,
};
const changed: Subscription = { ...sub, nextPlan: annual };

describe('renewalWords: the renewal that would happen, said once (issue 40)', () => {
  it('names the plan in force, its amount and date when nothing is scheduled', () => {
    expect(renewalWords(sub, 'en-US')).toBe('Semi-Annual, $38.97 (including taxes) on June 01, 2027');
  });

  it('names the scheduled plan and its amount, not the plan in force, when a change waits for the renewal', () => {
    expect(renewalWords(changed, 'en-US')).toBe('Annual, $71.45 (including taxes) on June 01, 2027');
  });

  it('says nothing before the first payment (no date to renew on)', () => {
    expect(renewalWords({ ...sub, expiresAt: null }, 'en-US')).toBeNull();
  });
});

describe('the cancel dialog names the renewal it calls off', () => {
  it('with a scheduled change: Annual and $71.45, and that the change does not happen unless kept', () => {
    const lines = cancelDetails(changed, [], 'en-US');
    expect(lines[0]).toBe(
      'Your plan will not renew, so the renewal is not charged: Annual, $71.45 (including taxes) on June 01, 2027.',
    );
    expect(lines[1]).toBe('Your change to Annual does not happen either, unless you keep your subscription.');
    expect(lines.join(' ')).not.toContain('$38.97');
  });

  it('without one: the plan in force, and no word of a change', () => {
    const lines = cancelDetails(sub, [], 'en-US');
    expect(lines[0]).toContain('Semi-Annual, $38.97 (including taxes) on June 01, 2027');
    expect(lines.join(' ')).not.toContain('change to');
    expect(lines).toContain('It stays active until June 01, 2027, the end of the period you paid for.');
  });
});

describe('keeping the subscription says the same renewal', () => {
  it('Annual after a plan change', () => {
    expect(keptWords(changed, 'en-US')).toBe(
      'Your subscription will renew as usual: Annual, $71.45 (including taxes) on June 01, 2027.',
    );
  });
});

describe("the plan change's toast names the new plan and what happens next (issue 40)", () => {
  it('a change waiting for the renewal: Annual, $71.45 on its date', () => {
    expect(planChangedWords(changed, 'en-US')).toBe(
      'Your plan changes at renewal: Annual, $71.45 (including taxes) on June 01, 2027.',
    );
  });

  it('staying on the plan in force (the change called off): it renews as usual', () => {
    expect(planChangedWords(sub, 'en-US')).toBe(
      'Your plan renews as usual: Semi-Annual, $38.97 (including taxes) on June 01, 2027.',
    );
  });
});

describe('the funding card warning names the renewal it would leave with nothing to charge', () => {
  it('a renewing plan with a change: Annual, $71.45 on its date', () => {
    expect(fundingCardWords(changed, 1, 'en-US').message).toBe(
      'Your plan renews on this card: Annual, $71.45 (including taxes) on June 01, 2027. Removing this card would leave your plan with nothing to charge.',
    );
  });

  it('a cancelled plan: it runs to its end, and renews as Annual only if kept', () => {
    const cancelled = { ...changed, autoRenews: false, cancelledAt: Date.parse('2026-12-02T15:00:00Z') };
    expect(fundingCardWords(cancelled, 0, 'en-US').message).toBe(
      'Your plan runs until June 01, 2027. If you keep it or turn it back on, it renews on this card: Annual, $71.45 (including taxes) on June 01, 2027. Removing this card would leave your plan with nothing to charge.',
    );
  });
});

// Issue 42: a Spanish sentence said "el June 01, 2027". Each function writes its dates in the
// calendar locale it is given, in the sentence of the language spoken.
describe('in Spanish, the dates are Spanish too', () => {
  afterAll(() => activateLanguage('en'));
  const owed = {
    at: '2026-12-02T21:00:00.000Z',
    period: '2026-11',
    amountCents: 300,
    card: {
      id: 'c1',
      brand: 'visa',
      lastFour: '1111',
      expirationMonth: 12,
      expirationYear: 2040,
      expiredBy: false,
    },
    returned: false,
  };
  const cancelled = { ...changed, autoRenews: false, cancelledAt: Date.parse('2026-12-02T15:00:00Z') };

  it('renewalWords, keptWords and the funding card warning', async () => {
    await activateLanguage('es');
    await loadArea('customer');
    expect(renewalWords(sub, 'es-US')).toBe(
      'Semi-Annual, $38.97 (impuestos incluidos) el 1 de junio de 2027',
    );
    expect(keptWords(changed, 'es-US')).toBe(
      'Su suscripción se renovará como de costumbre: Annual, $71.45 (impuestos incluidos) el 1 de junio de 2027.',
    );
    expect(fundingCardWords(cancelled, 0, 'es-US').message).toBe(
      'Su plan dura hasta el 1 de junio de 2027. Si lo conserva o lo vuelve a activar, se renueva con esta tarjeta: Annual, $71.45 (impuestos incluidos) el 1 de junio de 2027. Si elimina esta tarjeta, su plan no tendría a qué cobrar.',
    );
  });

  it('the cancel dialog: the end date and each $3 owed back (owedWords)', async () => {
    await activateLanguage('es');
    await loadArea('customer');
    const lines = cancelDetails(sub, [owed], 'es-US');
    expect(lines).toContain('Sigue activo hasta el 1 de junio de 2027, el final del período que pagó.');
    expect(lines).toContain(
      'Todavía le debemos $3.00 en Visa •••• 1111: se le abona el 2 de diciembre de 2026.',
    );
  });

  it('deleting the account: the date paid until', async () => {
    await activateLanguage('es');
    await loadArea('customer');
    expect(deletionMoneyWords(sub, [], 'es-US').lines[0]).toBe(
      'Eliminar su cuenta termina hoy su plan Semi-Annual, aunque lo pagó hasta el 1 de junio de 2027: el resto de ese período no se reembolsa.',
    );
  });
});
