import { describe, expect, it } from 'vitest';
import { moneyEventMessages } from './money-event-messages.ts';
import { noticeMessages } from './notice-messages.ts';

/** Issue 42 (ADR 74): a lifecycle notice in the customer's language, English when none is known. */
describe('a lifecycle notice in Spanish', () => {
  const reminder = {
    type: 'renewal.reminder' as const,
    planName: 'Annual',
    amountCents: 7145,
    renewsAt: '2031-02-01',
    card: { brand: 'visa', lastFour: '1111' },
  };

  it('says the renewal, its amount, date and card in Spanish, by email and SMS', () => {
    const m = noticeMessages({
      data: reminder,
      firstName: 'Lucía',
      publicUrl: 'https://pria.example',
      lang: 'es',
    });
    expect(m.email.subject).toBe('Su suscripción de Pria se renueva el 1 de febrero de 2031');
    expect(m.email.text).toMatch(
      /^Hola, Lucía:\n\nSu plan anual de Pria se renueva el 1 de febrero de 2031\. Le cobraremos \$71\.45, impuestos incluidos, a su Visa •••• 1111\./,
    );
    expect(m.email.text).toContain('Importe: $71.45 (impuestos incluidos)');
    expect(m.email.text).toContain('Plan: Anual\n');
    expect(m.email.text).not.toContain('Annual');
    expect(m.email.html).toContain('<html lang="es">');
    expect(m.email.html).toContain('Configuración de notificaciones</a>');
    expect(m.sms).toBe(
      'Pria: su plan anual se renueva el 1 feb por $71.45 en su Visa terminada en 1111. Para cancelar: https://pria.example/dashboard/account/subscription',
    );
  });

  it('names the plans of a kept plan and a plan change in Spanish (plan anual, plan semestral)', () => {
    const kept = noticeMessages({
      data: {
        type: 'subscription.resumed',
        planName: 'Semi-Annual',
        renewsAsPlanName: 'Annual',
        amountCents: 7145,
        renewsAt: '2031-02-01',
        card: null,
      },
      firstName: null,
      publicUrl: 'https://pria.example',
      lang: 'es',
    });
    expect(kept.email.text).toContain(
      'Su plan semestral sigue vigente hasta el 1 de febrero de 2031; el 1 de febrero de 2031 se renueva como plan anual, como usted eligió',
    );
    expect(kept.email.text).toContain('Se renueva como: Anual');
    expect(kept.sms).toContain('su plan se renovará como plan anual el 1 feb');
    const changed = noticeMessages({
      data: {
        type: 'subscription.plan_changed',
        planName: 'Semi-Annual',
        nextPlanName: 'Annual',
        calledOffPlanName: null,
        amountCents: 7145,
        intervalCount: 12,
        changesAt: '2031-02-01',
        paused: false,
        card: null,
      },
      firstName: null,
      publicUrl: 'https://pria.example',
      lang: 'es',
    });
    expect(changed.email.subject).toBe('Su suscripción cambia al plan anual el 1 de febrero de 2031');
    expect(changed.email.text).toContain('su plan semestral sigue vigente hasta entonces');
    expect(changed.email.text).toContain('por 12 meses del plan anual');
    for (const m of [kept, changed]) expect(`${m.email.text}${m.email.html}${m.sms}`).not.toMatch(/Annual/);
  });

  it('keeps a plan name the catalog does not know as it was stored', () => {
    const m = noticeMessages({
      data: { ...reminder, planName: 'Quarterly' },
      firstName: null,
      publicUrl: 'https://pria.example',
      lang: 'es',
    });
    expect(m.email.text).toContain('Su plan Quarterly de Pria se renueva');
  });

  it('names the plan of a started plan in Spanish (money notice)', () => {
    const m = moneyEventMessages(
      {
        type: 'subscription.started',
        firstName: null,
        amountCents: 3897,
        card: { brand: 'visa', lastFour: '1111' },
        reason: null,
        occurredAt: new Date('2031-01-10T15:00:00Z'),
        publicUrl: 'https://pria.example',
        plan: { name: 'Semi-Annual', priceCents: 3600 },
      },
      'es',
    );
    expect(m.email.text).toContain('Su plan semestral de Pria comenzó el');
    // Its details name the plan as the app does, not "Plan: plan semestral".
    expect(m.email.text).toMatch(/^Plan: Semestral\b/m);
    expect(m.sms).toContain('su plan semestral comenzó');
    expect(`${m.email.text}${m.sms}`).not.toContain('Semi-Annual');
  });

  it('stays English when the language is not known', () => {
    const m = noticeMessages({ data: reminder, firstName: null, publicUrl: 'https://pria.example' });
    expect(m.email.subject).toBe('Your Pria subscription renews on February 01, 2031');
    expect(m.email.text).toMatch(/^Hello,\n\nYour Pria Annual plan renews on February 01, 2031\./);
    expect(m.email.html).toContain('<html lang="en">');
  });

  it('counts the pay-backs still owed with an ICU plural in each language', () => {
    const payBack = { amountCents: 300, at: '2031-02-02', card: null, returned: false };
    const cancelled = (n: number, lang: 'en' | 'es') =>
      noticeMessages({
        data: {
          type: 'subscription.cancelled',
          planName: 'Annual',
          endsAt: '2031-05-01',
          payBacks: Array(n).fill(payBack),
        },
        firstName: null,
        publicUrl: 'https://pria.example',
        lang,
      }).email.text;
    expect(cancelled(1, 'es')).toContain(
      'Todavía le debemos $3.00 el 2 de febrero de 2031: se le abona de todos modos.',
    );
    expect(cancelled(2, 'es')).toContain(': se le abonan de todos modos.');
    expect(cancelled(0, 'es')).not.toContain('Todavía le debemos');
    expect(cancelled(2, 'en')).toContain(': they are paid back all the same.');
  });
});

describe('a money notice in Spanish', () => {
  const at = new Date('2031-02-02T15:00:00Z');
  const card = { brand: 'visa', lastFour: '1111' };

  it('calls the pay-back an abono and a refund a reembolso, never the same word', () => {
    const paidBack = moneyEventMessages(
      {
        type: 'payout.sent',
        firstName: 'Lucía',
        amountCents: 300,
        card,
        reason: null,
        occurredAt: at,
        publicUrl: 'https://pria.example',
      },
      'es',
    );
    expect(paidBack.email.subject).toBe('Le abonamos $3.00 a su Visa •••• 1111');
    expect(paidBack.email.text).toContain('Le abonamos $3.00 a su Visa •••• 1111 el 2 de febrero de 2031');
    expect(paidBack.sms).toBe(
      'Pria: le abonamos $3.00 a su Visa terminada en 1111 el 2 feb por su cargo de Cargo y Abono.',
    );
    expect(paidBack.email.text).not.toMatch(/reembols/i);
    const refunded = moneyEventMessages(
      {
        type: 'refund.sent',
        firstName: null,
        amountCents: 3897,
        card,
        reason: null,
        occurredAt: at,
        publicUrl: 'https://pria.example',
      },
      'es',
    );
    expect(refunded.email.subject).toBe('Le reembolsamos $38.97 a su Visa •••• 1111');
    expect(refunded.email.text).not.toMatch(/abon/i);
    expect(refunded.email.html).toContain('<html lang="es">');
  });

  it('stays the same English when no language is given', () => {
    const m = moneyEventMessages({
      type: 'payout.sent',
      firstName: null,
      amountCents: 300,
      card,
      reason: null,
      occurredAt: at,
      publicUrl: 'https://pria.example',
    });
    expect(m.email.subject).toBe('We paid $3.00 back to your Visa •••• 1111');
    expect(m.sms).toBe('Pria: we paid $3.00 back to Visa ending 1111 on Feb 2 for your Charge & Pay charge.');
  });
});
