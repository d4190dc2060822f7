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
      /^Hola, Lucía:\n\nSu plan Annual de Pria se renueva el 1 de febrero de 2031\. Le cobraremos \$71\.45, impuestos incluidos, a su Visa •••• 1111\./,
    );
    expect(m.email.text).toContain('Importe: $71.45 (impuestos incluidos)');
    expect(m.email.html).toContain('<html lang="es">');
    expect(m.email.html).toContain('Configuración de notificaciones</a>');
    expect(m.sms).toBe(
      'Pria: su plan Annual se renueva el 1 feb por $71.45 en su Visa terminada en 1111. Para cancelar: https://pria.example/dashboard/account/subscription',
    );
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
