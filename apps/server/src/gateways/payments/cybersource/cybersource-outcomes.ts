import { type CardBrand, type Cents, messages } from '@pria/contracts';
import type { ChargeOutcome, LookupResult, PayoutOutcome, RefundOutcome } from '../port.ts';

/**
 * errorInformation.reason -> what we tell the customer. NOTE: lost/stolen and fraud reasons
 * read as a plain decline on purpose: the customer learns nothing an attacker could use.
 */
const declineReasons: Record<string, string> = {
  INSUFFICIENT_FUND: 'Insufficient funds',
  EXCEEDS_CREDIT_LIMIT: 'Insufficient funds',
  EXPIRED_CARD: 'Expired card',
  INVALID_ACCOUNT: messages.invalidCardNumber,
  CVN_NOT_MATCH: 'Invalid CVC',
  UNAUTHORIZED_CARD: 'Card not authorized for this payment',
  ISSUER_UNAVAILABLE: 'The card issuer did not answer',
  CONSUMER_AUTHENTICATION_FAILED: 'Authentication failed',
  PAYER_AUTHENTICATION_FAILED: 'Authentication failed',
};

/** The same, from the 3-digit reason codes that transaction search reports. */
const reasonCodes: Record<string, string> = {
  '202': 'EXPIRED_CARD',
  '204': 'INSUFFICIENT_FUND',
  '210': 'EXCEEDS_CREDIT_LIMIT',
  '211': 'CVN_NOT_MATCH',
  '231': 'INVALID_ACCOUNT',
  '476': 'CONSUMER_AUTHENTICATION_FAILED',
};

/** Payout decline reasons that mean the card can no longer take a credit (returned, not retried). */
const closedAccount = new Set(['INVALID_ACCOUNT']);

export function declineReason(reason: unknown): string {
  return declineReasons[String(reason)] ?? messages.cardDeclined;
}

/** TMS card types: 001 Visa, 002 Mastercard; anything else is refused at registration. */
export function brandOf(type: unknown): CardBrand | null {
  if (type === '001') return 'visa';
  if (type === '002') return 'mastercard';
  return null;
}

/** USD amounts are strings with two decimals: 300 cents -> "3.00". */
export const usd = (amount: number) => (amount / 100).toFixed(2);
const toCents = (amount: unknown) => Math.round(Number(amount) * 100) as Cents;

/** A POST /pts/v2/payments answer (HTTP 201 or 400) as a charge outcome. */
// biome-ignore lint/suspicious/noExplicitAny: processor JSON
export function chargeOutcomeOf(body: any): ChargeOutcome | null {
  const gatewayTransactionId = String(body?.id ?? '');
  switch (body?.status) {
    case 'AUTHORIZED':
      return { status: 'captured', gatewayTransactionId };
    case 'PENDING_AUTHENTICATION': {
      const auth = body.consumerAuthenticationInformation ?? {};
      const sessionUrl = String(auth.stepUpUrl ?? auth.acsUrl ?? '');
      return { status: 'requires_authentication', sessionUrl, gatewayTransactionId };
    }
    case 'DECLINED':
    case 'AUTHORIZED_RISK_DECLINED':
      return {
        status: 'declined',
        reason: declineReason(body.errorInformation?.reason),
        gatewayTransactionId,
      };
    // NOTE: "authorized, but held for review" never captures on its own; we use no review rules,
    // so it is recorded as a decline the customer can retry rather than as money we have.
    case 'AUTHORIZED_PENDING_REVIEW':
      return { status: 'declined', reason: 'Payment held for review', gatewayTransactionId };
    default:
      return null;
  }
}

/** A POST /pts/v2/payouts answer as a payout outcome. */
// biome-ignore lint/suspicious/noExplicitAny: processor JSON
export function payoutOutcomeOf(body: any): PayoutOutcome | null {
  const gatewayTransactionId = String(body?.id ?? '');
  if (body?.status === 'ACCEPTED' || body?.status === 'AUTHORIZED' || body?.status === 'COMPLETED')
    return { status: 'paid', gatewayTransactionId };
  if (body?.status === 'DECLINED') {
    const reason = String(body.errorInformation?.reason);
    // NOTE: a credit to an account that no longer exists cannot succeed on a later try.
    if (closedAccount.has(reason))
      return { status: 'returned', reason: 'Account closed', gatewayTransactionId };
    return { status: 'failed', reason: declineReason(reason), gatewayTransactionId };
  }
  return null;
}

/** A POST /pts/v2/payments/{id}/refunds answer: PENDING (settles in the day's batch) counts as refunded. */
// biome-ignore lint/suspicious/noExplicitAny: processor JSON
export function refundOutcomeOf(body: any): RefundOutcome | null {
  const gatewayTransactionId = String(body?.id ?? '');
  if (body?.status === 'PENDING' || body?.status === 'COMPLETED' || body?.status === 'TRANSMITTED')
    return { status: 'refunded', gatewayTransactionId };
  if (body?.status === 'DECLINED' || body?.status === 'INVALID_REQUEST')
    return { status: 'failed', reason: declineReason(body.errorInformation?.reason), gatewayTransactionId };
  return null;
}

/**
 * One transaction summary from POST /tss/v2/searches as a lookup result. The kind comes from
 * the applications it ran: ics_oct (original credit = payout) or ics_auth/ics_bill (sale).
 */
// biome-ignore lint/suspicious/noExplicitAny: processor JSON
export function lookupResultOf(summary: any): LookupResult | null {
  const apps: { name?: string; rCode?: string; reasonCode?: string }[] =
    summary?.applicationInformation?.applications ?? [];
  const app = (name: string) => apps.find((a) => a.name === name);
  const common = {
    amountCents: toCents(summary?.orderInformation?.amountDetails?.totalAmount),
    instrumentId: String(summary?.paymentInformation?.paymentInstrument?.id ?? ''),
    gatewayTransactionId: String(summary?.id ?? ''),
  };
  const reasonOf = (code: unknown) => declineReason(reasonCodes[String(code)]);
  const credit = app('ics_credit');
  if (credit) {
    return credit.rCode === '1'
      ? { kind: 'refund', status: 'refunded', ...common }
      : { kind: 'refund', status: 'failed', reason: reasonOf(credit.reasonCode), ...common };
  }
  const oct = app('ics_oct');
  if (oct) {
    if (oct.rCode === '1') return { kind: 'payout', status: 'paid', ...common };
    if (closedAccount.has(reasonCodes[String(oct.reasonCode)] ?? ''))
      return { kind: 'payout', status: 'returned', reason: 'Account closed', ...common };
    return { kind: 'payout', status: 'failed', reason: reasonOf(oct.reasonCode), ...common };
  }
  const auth = app('ics_auth');
  if (!auth) return null;
  if (auth.rCode === '1' && app('ics_bill')?.rCode === '1')
    return { kind: 'charge', status: 'captured', ...common };
  const pa = app('ics_pa_enroll');
  if (pa?.reasonCode === '475' && auth.rCode !== '1') {
    return { kind: 'charge', status: 'requires_authentication', sessionUrl: '', ...common };
  }
  return { kind: 'charge', status: 'declined', reason: reasonOf(auth.reasonCode), ...common };
}
