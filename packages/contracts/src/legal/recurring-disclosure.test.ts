import { describe, expect, it } from 'vitest';
import { recurringDisclosure } from './recurring-disclosure.ts';

describe('recurringDisclosure', () => {
  it('states price, period, renewal date and how to cancel', () => {
    const text = recurringDisclosure.text({
      planName: 'Annual',
      totalCents: 7145,
      intervalCount: 12,
      renewsOn: 'November 27, 2027',
    });
    expect(text).toContain('$71.45');
    expect(text).toContain('every 12 months');
    expect(text).toContain('November 27, 2027');
    expect(text).toContain('renews automatically');
    expect(text).toMatch(/Cancel anytime online in Account Settings → Subscription/);
  });

  it('says "every month" for a monthly plan', () => {
    expect(
      recurringDisclosure.text({ planName: 'Monthly', totalCents: 650, intervalCount: 1, renewsOn: 'x' }),
    ).toContain('$6.50 (including taxes) every month');
  });

  it('reads in Spanish for a Spanish reader, with the same price, period and date', () => {
    const text = recurringDisclosure.text(
      { planName: 'Annual', totalCents: 7145, intervalCount: 12, renewsOn: '27 de noviembre de 2027' },
      'es',
    );
    expect(text).toContain(
      'Su plan Annual se renueva automáticamente: $71.45 (impuestos incluidos) cada 12 meses',
    );
    expect(text).toContain('la próxima vez el 27 de noviembre de 2027, hasta que lo cancele');
    expect(text).toContain('Configuración de la cuenta → Suscripción');
    expect(text).toContain('se le abonan el día 2');
    expect(
      recurringDisclosure.text(
        { planName: 'Monthly', totalCents: 650, intervalCount: 1, renewsOn: 'x' },
        'es',
      ),
    ).toContain('$6.50 (impuestos incluidos) cada mes');
  });
});
