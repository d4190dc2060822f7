import { describe, expect, it } from 'vitest';
import { toActivityRow } from './transaction-view.ts';
import type { ActivityRow } from './transactions.repo.ts';

/**
 * The activity's words for each reader (issue 42, ADR 74): the customer reads their own in their
 * language, every English word as it always was; staff read a client's in English.
 */
const row = (r: Partial<ActivityRow>): ActivityRow => ({
  id: '00000000-0000-4000-8000-000000000001',
  kind: 'charge',
  created_at: new Date('2031-03-10T15:00:00Z'),
  description: 'Monthly Charge & Pay',
  status: 'captured',
  amount_cents: 300,
  reason: null,
  tries: 0,
  receipt_number: null,
  dispute: null,
  plan_ended: false,
  card_id: '00000000-0000-4000-8000-000000000002',
  brand: 'visa',
  last_four: '1111',
  charge_kind: 'payin',
  renewal: false,
  plan_id: null,
  plan_name: null,
  price_cents: null,
  ...r,
});

const planCharge = row({
  description: 'Semi-Annual plan, $36.00 + tax',
  amount_cents: 3897,
  charge_kind: 'subscription',
  plan_id: 'semi-annual',
  plan_name: 'Semi-Annual',
  price_cents: 3600,
  receipt_number: 7,
});
const renewal = row({
  description: 'Semi-Annual plan renewal',
  charge_kind: 'subscription',
  renewal: true,
  plan_id: 'semi-annual',
  plan_name: 'Semi-Annual',
  price_cents: 3600,
});

/** Every State a row can be in, with a remark where it has one. */
const rows: [string, ActivityRow][] = [
  ['$3 charged', row({})],
  ['$3 processing', row({ status: 'submitted' })],
  ['$3 declined', row({ status: 'declined', reason: 'Insufficient funds' })],
  ['$3 missed', row({ status: 'missed' })],
  ['$3 disputed', row({ dispute: 'open' })],
  ['plan charge', planCharge],
  ['plan charge to confirm', { ...planCharge, status: 'requires_authentication' }],
  ['renewal', renewal],
  ['pay-back scheduled', row({ kind: 'payment', status: 'pending', description: '', charge_kind: null })],
  ['pay-back paid', row({ kind: 'payment', status: 'paid', description: '', charge_kind: null })],
  [
    'pay-back delayed',
    row({ kind: 'payment', status: 'failed', tries: 3, reason: 'issuer unavailable', charge_kind: null }),
  ],
  ['pay-back returned', row({ kind: 'payment', status: 'returned', charge_kind: null })],
  ['pay-back withheld', row({ kind: 'payment', status: 'withheld', charge_kind: null })],
  [
    'refund',
    row({ kind: 'refund', status: 'refunded', plan_ended: true, reason: 'Sorry!', charge_kind: null }),
  ],
  ['refund processing', row({ kind: 'refund', status: 'submitted', charge_kind: null })],
];

const said = (reader: Parameters<typeof toActivityRow>[1]) =>
  Object.fromEntries(
    rows.map(([name, r]) => {
      const v = toActivityRow(r, reader);
      return [name, [v.description, v.transactionState, v.remarks]];
    }),
  );

describe('the activity in the customer’s language', () => {
  it('says every description, state and remark in Spanish for a Spanish customer', () => {
    expect(said({ customer: 'es' })).toEqual({
      '$3 charged': ['Cargo y Abono mensual', 'Cobrado', null],
      '$3 processing': ['Cargo y Abono mensual', 'En proceso', null],
      // A processor's reason is data: as the processor said it.
      '$3 declined': ['Cargo y Abono mensual', 'Rechazado', 'Insufficient funds'],
      '$3 missed': ['Cargo y Abono mensual', 'No realizado', null],
      '$3 disputed': ['Cargo y Abono mensual', 'En disputa', 'Usted disputó este cargo con su banco'],
      // The plan's name is data; the price is the plan's, in dollars.
      'plan charge': ['Plan Semestral, $36.00 más impuestos', 'Cobrado', null],
      'plan charge to confirm': ['Plan Semestral, $36.00 más impuestos', 'Verificación pendiente', null],
      renewal: ['Renovación del plan semestral', 'Cobrado', null],
      'pay-back scheduled': ['Abono de Cargo y Abono a su tarjeta', 'Programado', null],
      'pay-back paid': ['Abono de Cargo y Abono a su tarjeta', 'Abonado', null],
      'pay-back delayed': [
        'Abono de Cargo y Abono a su tarjeta',
        'Reintentando',
        'Abono demorado; lo estamos reintentando',
      ],
      'pay-back returned': [
        'Abono de Cargo y Abono a su tarjeta',
        'No recibido por la tarjeta',
        'Su tarjeta no pudo recibirlo; el equipo de ayuda de Pria lo enviará a otra de sus tarjetas',
      ],
      'pay-back withheld': [
        'Abono de Cargo y Abono a su tarjeta',
        'No abonado',
        'Usted disputó el cargo con su banco, que le reintegra el dinero en lugar del abono',
      ],
      // Staff's message to the customer is theirs, as typed.
      refund: ['Reembolso del cargo de su plan', 'Reembolsado', 'Su plan terminó con este reembolso. Sorry!'],
      'refund processing': ['Reembolso del cargo de su plan', 'En proceso', null],
    });
  });

  it('says them in English as it always did (the stored description, the same words)', () => {
    const english = {
      '$3 charged': ['Monthly Charge & Pay', 'Charged', null],
      '$3 processing': ['Monthly Charge & Pay', 'Processing', null],
      '$3 declined': ['Monthly Charge & Pay', 'Declined', 'Insufficient funds'],
      '$3 missed': ['Monthly Charge & Pay', 'Missed', null],
      '$3 disputed': ['Monthly Charge & Pay', 'Disputed', 'You disputed this charge with your bank'],
      'plan charge': ['Semi-Annual plan, $36.00 + tax', 'Charged', null],
      'plan charge to confirm': ['Semi-Annual plan, $36.00 + tax', 'Pending Verification', null],
      renewal: ['Semi-Annual plan renewal', 'Charged', null],
      'pay-back scheduled': ['Charge & Pay payment to your card', 'Scheduled', null],
      'pay-back paid': ['Charge & Pay payment to your card', 'Paid', null],
      'pay-back delayed': [
        'Charge & Pay payment to your card',
        'Retrying',
        'Pay-back delayed, we are retrying',
      ],
      'pay-back returned': [
        'Charge & Pay payment to your card',
        'Returned',
        'Your card could not receive it; Pria support will send it to another of your cards',
      ],
      'pay-back withheld': [
        'Charge & Pay payment to your card',
        'Not paid back',
        'You disputed the charge with your bank, which returns it to you instead',
      ],
      refund: ['Refund of your plan charge', 'Refunded', 'Your plan ended with this refund. Sorry!'],
      'refund processing': ['Refund of your plan charge', 'Processing', null],
    };
    expect(said({ customer: 'en' })).toEqual(english);
    expect(said(undefined)).toEqual(english);
  });

  it('keeps the stored English description where it cannot tell which plan a charge paid for', () => {
    const noPlan = { ...planCharge, description: 'Semi-Annual plan', plan_name: null, price_cents: null };
    expect(toActivityRow(noPlan, { customer: 'es' }).description).toBe('Semi-Annual plan');
  });

  it('words a client’s activity for staff in English, whatever language the client reads', () => {
    const staff = said('staff');
    expect(staff['plan charge']).toEqual(['Semi-Annual plan, $36.00 + tax', 'Charged', null]);
    expect(staff['pay-back returned']).toEqual([
      "Charge & Pay pay-back to the customer's card",
      'Returned',
      "The card could not receive it; send it to another of the customer's cards in Pay-backs",
    ]);
    expect(staff.refund).toEqual([
      'Refund of a plan charge',
      'Refunded',
      "The customer's plan ended with this refund. Message to the customer: Sorry!",
    ]);
    expect(staff['$3 disputed']?.[1]).toBe('Disputed');
  });
});

describe('what a state means, the same in every language (stateTone)', () => {
  const cases: [string, Partial<ActivityRow>, string][] = [
    ['a captured charge', { kind: 'charge', status: 'captured' }, 'done'],
    ['a charge still with the processor', { kind: 'charge', status: 'unknown' }, 'pending'],
    ['a charge waiting for 3-D Secure', { kind: 'charge', status: 'requires_authentication' }, 'pending'],
    ['a declined charge', { kind: 'charge', status: 'declined' }, 'problem'],
    ['a missed month', { kind: 'charge', status: 'missed' }, 'problem'],
    [
      'a disputed charge, captured before',
      { kind: 'charge', status: 'captured', dispute: 'open' },
      'problem',
    ],
    ['a scheduled pay-back', { kind: 'payment', status: 'pending' }, 'pending'],
    ['a pay-back being retried', { kind: 'payment', status: 'failed', tries: 5 }, 'pending'],
    ['a paid-back $3', { kind: 'payment', status: 'paid' }, 'done'],
    ['a returned pay-back', { kind: 'payment', status: 'returned' }, 'problem'],
    ['a withheld pay-back', { kind: 'payment', status: 'withheld' }, 'problem'],
    ['a refund', { kind: 'refund', status: 'refunded' }, 'refunded'],
  ];
  it.each(cases)('%s', (_what, r, tone) => {
    for (const reader of [{ customer: 'en' as const }, { customer: 'es' as const }, 'staff' as const])
      expect(toActivityRow(row(r), reader).stateTone).toBe(tone);
  });

  it('says pending for a status it does not know (the engine is still working on it)', () => {
    expect(toActivityRow(row({ kind: 'payment', status: 'something-new' })).stateTone).toBe('pending');
  });
});
