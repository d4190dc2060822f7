import {
  type ActivityRow as ActivityRowView,
  type ActivityTone,
  formatUsd,
  type Language,
  languages,
  receiptLabel,
} from '@pria/contracts';
import { customerActivity } from '@pria/contracts/i18n/activity';
import { documentWords } from '@pria/contracts/i18n/documents';
import { formatMessage } from '@pria/contracts/i18n/format';
import { planName } from '@pria/contracts/i18n/plan-names';
import { PAYOUT_DELAYED_AFTER_TRIES } from '../billing/index.ts';
import type { ActivityRow } from './transactions.repo.ts';

/**
 * Who reads the activity: the customer (their own, "your card"), in their language (ADR 74), or
 * staff (a client's), in English.
 */
export type ActivityReader = { customer: Language } | 'staff';

/** The State column's words: a receipt's and a statement's where they say the same (documents.ts). */
type StateWord =
  | { documents: keyof typeof documentWords.en }
  | { activity: keyof typeof customerActivity.en };
const doc = (id: keyof typeof documentWords.en): StateWord => ({ documents: id });
const own = (id: keyof typeof customerActivity.en): StateWord => ({ activity: id });

/** What a customer reads in the State column, for charges, Pria's pay-backs and refunds, and what it means. */
const chargeStates: Record<string, [StateWord, ActivityTone]> = {
  created: [doc('charge.processing'), 'pending'],
  submitted: [doc('charge.processing'), 'pending'],
  unknown: [doc('charge.processing'), 'pending'],
  requires_authentication: [own('state.pendingVerification'), 'pending'],
  captured: [doc('charge.captured'), 'done'],
  declined: [doc('charge.declined'), 'problem'],
  missed: [own('state.missed'), 'problem'],
};
const paymentStates: Record<string, [StateWord, ActivityTone]> = {
  pending: [doc('payBack.scheduled'), 'pending'],
  submitted: [doc('payBack.processing'), 'pending'],
  unknown: [doc('payBack.processing'), 'pending'],
  paid: [own('state.paid'), 'done'],
  failed: [doc('payBack.retrying'), 'pending'],
  returned: [doc('payBack.returned'), 'problem'],
  withheld: [own('state.notPaidBack'), 'problem'],
};
const refundStates: Record<string, [StateWord, ActivityTone]> = {
  submitted: [doc('charge.processing'), 'pending'],
  unknown: [doc('charge.processing'), 'pending'],
  refunded: [doc('receipt.refunded'), 'refunded'],
};
const disputed: [StateWord, ActivityTone] = [own('state.disputed'), 'problem'];
const statesOf = { charge: chargeStates, payment: paymentStates, refund: refundStates };

const say = (word: StateWord, lang: Language) =>
  'documents' in word
    ? formatMessage(documentWords, lang, word.documents)
    : formatMessage(customerActivity, lang, word.activity);

/** The customer's own words in one language (contracts/i18n/activity.ts). */
function customerWordsIn(lang: Language) {
  const t = (id: keyof typeof customerActivity.en) => formatMessage(customerActivity, lang, id);
  return {
    payment: t('description.payBack'),
    refund: t('description.refund'),
    paybackDelayed: t('remark.payBackDelayed'),
    paybackReturned: t('remark.payBackReturned'),
    paybackWithheld: t('remark.payBackWithheld'),
    chargeDisputed: t('remark.chargeDisputed'),
    planEnded: t('remark.planEnded'),
    message: (m: string) => m,
  };
}
const customerWords = Object.fromEntries(languages.map((l) => [l, customerWordsIn(l)])) as Record<
  Language,
  ReturnType<typeof customerWordsIn>
>;

/**
 * The activity's own sentences, for each reader (issue 29: staff read "Charge & Pay payment to
 * your card" on a client's page). Remarks: a pay-back that has not gone through (ADR 7), a charge
 * disputed with the bank, a refund that ended the plan. The customer's are the catalog's; staff's
 * are English.
 */
export const activityWords = {
  customer: customerWords.en,
  staff: {
    payment: "Charge & Pay pay-back to the customer's card",
    refund: 'Refund of a plan charge',
    paybackDelayed: 'Pay-back delayed; the engine is retrying',
    paybackReturned: "The card could not receive it; send it to another of the customer's cards in Pay-backs",
    paybackWithheld: 'Withheld: the customer disputed the charge, and their bank returns it instead',
    chargeDisputed: 'The customer disputed this charge with their bank',
    planEnded: "The customer's plan ended with this refund.",
    message: (m: string) => `Message to the customer: ${m}`,
  },
} satisfies Record<'customer' | 'staff', Record<string, string | ((m: string) => string)>>;

type Words = (typeof activityWords)['staff'];

function remarksOf(r: ActivityRow, w: Words): string | null {
  if (r.kind === 'payment' && r.status === 'failed')
    return r.tries >= PAYOUT_DELAYED_AFTER_TRIES ? w.paybackDelayed : r.reason;
  if (r.kind === 'payment' && r.status === 'returned') return w.paybackReturned;
  if (r.kind === 'payment' && r.status === 'withheld') return w.paybackWithheld;
  if (r.kind === 'charge' && (r.dispute === 'open' || r.dispute === 'lost')) return w.chargeDisputed;
  if (r.kind === 'refund') {
    const said = [r.plan_ended ? w.planEnded : null, r.reason ? w.message(r.reason) : null];
    return said.filter(Boolean).join(' ') || null;
  }
  return r.reason;
}

/**
 * A charge's description. English reads the sentence stored on the charge when it was made (what
 * it has always said). Another language says it from what the charge is: the monthly $3, or a
 * plan's charge at checkout or its renewal, with the plan's name in that language and its price
 * (`formatUsd`); a charge it cannot tell (no plan) keeps its stored words.
 */
function chargeDescription(r: ActivityRow, lang: Language): string {
  if (lang === 'en') return r.description;
  const t = (id: keyof typeof customerActivity.en, values?: Record<string, string>) =>
    formatMessage(customerActivity, lang, id, values);
  if (r.charge_kind === 'payin') return t('description.payin');
  if (r.charge_kind !== 'subscription' || r.plan_name === null) return r.description;
  if (r.renewal)
    return t('description.planRenewal', { planName: planName(r.plan_id, lang, r.plan_name, 'inSentence') });
  if (r.price_cents === null) return r.description;
  return t('description.planCharge', {
    planName: planName(r.plan_id, lang, r.plan_name),
    price: formatUsd(r.price_cents),
  });
}

const descriptionOf = (r: ActivityRow, w: Words, lang: Language) =>
  r.kind === 'payment' ? w.payment : r.kind === 'refund' ? w.refund : chargeDescription(r, lang);

/** A row of an activity table: the customer's own (the spec's client) or a client's, for staff. */
export function toActivityRow(r: ActivityRow, reader: ActivityReader = { customer: 'en' }): ActivityRowView {
  const lang = reader === 'staff' ? 'en' : reader.customer;
  const w = reader === 'staff' ? activityWords.staff : customerWords[lang];
  const state =
    r.kind === 'charge' && (r.dispute === 'open' || r.dispute === 'lost')
      ? disputed
      : statesOf[r.kind][r.status];
  return {
    id: r.id,
    type: r.kind,
    createdAt: new Date(r.created_at).toISOString(),
    card: { id: r.card_id, brand: r.brand, lastFour: r.last_four },
    description: descriptionOf(r, w, lang),
    transactionState: state ? say(state[0], lang) : r.status,
    // A status the table does not know is one the engine is still working on.
    stateTone: state ? state[1] : 'pending',
    amount: r.amount_cents,
    remarks: remarksOf(r, w),
    /** A plan charge's or a refund's receipt: download it from GET /receipts/{id}. */
    receipt: r.receipt_number === null ? null : { id: r.id, number: receiptLabel(r.receipt_number) },
  };
}
