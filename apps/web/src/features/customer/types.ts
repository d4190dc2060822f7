import type { CustomerRecord, OwnSubscriptionView, SubscriptionView } from '@pria/contracts';

/**
 * The API's shapes, from the contracts the server answers with (its serializer checks every
 * answer against the same schemas), never written here a second time.
 */
export type { AddressView as Address, PlanView as Plan, SubscriptionStatus } from '@pria/contracts';

/** GET /customers/me: the customer with their subscription and notification choices. */
export type Customer = CustomerRecord;

/** A subscription as the customer record embeds it, or as GET /subscriptions/me adds why (and what) ended it. */
export type Subscription = SubscriptionView &
  Partial<Pick<OwnSubscriptionView, 'inactiveReason' | 'inactiveAfter' | 'verificationUrl' | 'endedBy'>>;

/** "Ann B. Lee" from whatever parts are filled; the email when there is no name yet. */
export function fullName(
  customer: Pick<Customer, 'firstName' | 'middleName' | 'lastName'> | undefined,
): string {
  if (!customer) return '';
  return [customer.firstName, customer.middleName, customer.lastName].filter(Boolean).join(' ');
}
