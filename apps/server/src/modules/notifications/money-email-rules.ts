import type { NotificationPreferences, NotificationType } from '@pria/contracts';
import type { MoneyEventType } from '../../platform/db-schema.ts';

/**
 * The preference list an event belongs to (the spec's Charges, Payments, Subscription Updates).
 * A dispute goes with the charge it disputes: a $3 charge's under Charges, a plan payment's
 * under Subscription Updates.
 */
export function notificationTypeOf(
  type: MoneyEventType,
  about: { planCharge?: boolean } = {},
): NotificationType {
  if (type.startsWith('dispute.')) return about.planCharge ? 'subscription' : 'payin';
  if (type.startsWith('charge.')) return 'payin';
  if (type.startsWith('refund.')) return 'subscription';
  if (type.startsWith('payout.')) return 'payout';
  return 'subscription';
}

/**
 * Transactional money emails (issue 40): what the customer paid for the plan — a receipt when a
 * plan is bought or renews, a renewal that did not go through, a refund, a dispute of a plan
 * payment — is always emailed, whatever the notification settings (they are the Subscription
 * Updates list, `notificationTypeOf`). The settings govern only the monthly $3 (Charges) and its
 * pay-backs (Payments), and every text and push message. Security notices and the subscription
 * lifecycle's notices are emailed always too (security-notices.ts, lifecycle-notices.ts).
 */
export function emailedWhateverTheSettings(
  type: MoneyEventType,
  about: { planCharge?: boolean } = {},
): boolean {
  return notificationTypeOf(type, about) === 'subscription';
}

/** The customer gets this money event by email (to a verified address): the one rule for sending now and after verification. */
export function moneyEmailWanted(
  prefs: Pick<NotificationPreferences, 'forEmail'>,
  type: MoneyEventType,
  about: { planCharge?: boolean } = {},
): boolean {
  return emailedWhateverTheSettings(type, about) || prefs.forEmail.includes(notificationTypeOf(type, about));
}
