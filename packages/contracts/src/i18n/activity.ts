import { defineCatalog } from './format.ts';

/**
 * The customer's activity list (GET /transactions, apps/server/src/modules/transactions): what a
 * row's Description, State and Remarks say, in the customer's language (ADR 74). The State words
 * a receipt or statement already has (Charged, Declined, Processing, Scheduled, Retrying,
 * Returned, Refunded) are `documents.ts`'s, read from there; these are the rest. Plan names come
 * from data and stay as written; amounts arrive written by `formatUsd`. What staff read of a
 * client's activity stays English (transaction-view.ts).
 */
export const customerActivity = defineCatalog({
  en: {
    'description.payin': 'Monthly Charge & Pay',
    'description.planCharge': '{planName} plan, {price} + tax',
    'description.planRenewal': '{planName} plan renewal',
    'description.payBack': 'Charge & Pay payment to your card',
    'description.refund': 'Refund of your plan charge',
    'state.pendingVerification': 'Pending Verification',
    'state.missed': 'Missed',
    'state.paid': 'Paid',
    'state.notPaidBack': 'Not paid back',
    'state.disputed': 'Disputed',
    'remark.payBackDelayed': 'Pay-back delayed, we are retrying',
    'remark.payBackReturned':
      'Your card could not receive it; Pria support will send it to another of your cards',
    'remark.payBackWithheld': 'You disputed the charge with your bank, which returns it to you instead',
    'remark.chargeDisputed': 'You disputed this charge with your bank',
    'remark.planEnded': 'Your plan ended with this refund.',
  },
  es: {
    'description.payin': 'Cargo y Abono mensual',
    'description.planCharge': 'Plan {planName}, {price} más impuestos',
    'description.planRenewal': 'Renovación del plan {planName}',
    'description.payBack': 'Abono de Cargo y Abono a su tarjeta',
    'description.refund': 'Reembolso del cargo de su plan',
    'state.pendingVerification': 'Verificación pendiente',
    'state.missed': 'No realizado',
    'state.paid': 'Abonado',
    'state.notPaidBack': 'No abonado',
    'state.disputed': 'En disputa',
    'remark.payBackDelayed': 'Abono demorado; lo estamos reintentando',
    'remark.payBackReturned':
      'Su tarjeta no pudo recibirlo; el equipo de ayuda de Pria lo enviará a otra de sus tarjetas',
    'remark.payBackWithheld':
      'Usted disputó el cargo con su banco, que le reintegra el dinero en lugar del abono',
    'remark.chargeDisputed': 'Usted disputó este cargo con su banco',
    'remark.planEnded': 'Su plan terminó con este reembolso.',
  },
});
