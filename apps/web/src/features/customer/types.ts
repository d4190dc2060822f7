import type { Cents } from '@pria/contracts';

export interface Address {
  address1: string | null;
  address2: string | null;
  locality: string | null;
  administrativeArea: string | null;
  country: string | null;
  postalCode: string | null;
}

export interface Plan {
  id: string;
  name: string;
  /** Cents for one billing period (intervalCount months). */
  price: Cents;
  interval: 'month';
  intervalCount: number;
  taxPercentage: number;
  /** Cents, tax included, computed by the server. */
  total: Cents;
}

export type SubscriptionStatus = 'active' | 'inactive' | 'pending_verification';

export interface Subscription {
  id: string;
  plan: Plan;
  card: { id: string } | null;
  status: SubscriptionStatus;
  /** Epoch milliseconds, or null before the first payment. */
  expiresAt: number | null;
  isEnabled: boolean;
  /** Renews on its own at expiresAt: active, not paused, not cancelled. */
  autoRenews?: boolean;
  /** Epoch ms the plan ends when it will not renew (cancelled or paused), else null. */
  endsAt?: number | null;
  /** Epoch ms of an online cancellation, and who made it; null when not cancelled. */
  cancelledAt?: number | null;
  cancelledBy?: string | null;
  /** Why an inactive subscription is inactive: the last renewal's decline reason. */
  inactiveReason?: string | null;
  /** Epoch ms since when Charge & Pay is paused (no $3 charges, no renewal); null when it is not. */
  pausedAt?: number | null;
  /** What ended an inactive plan: a refund of the charge that paid it, or a declined renewal. */
  endedBy?: 'refund' | 'decline' | null;
}

export interface Customer {
  id: string;
  email: string;
  email_verified: boolean;
  firstName: string | null;
  middleName: string | null;
  lastName: string | null;
  phone: string | null;
  address: Address;
  onBoardingIndex: number;
  subscription?: Subscription | null;
}

/** "Ann B. Lee" from whatever parts are filled; the email when there is no name yet. */
export function fullName(
  customer: Pick<Customer, 'firstName' | 'middleName' | 'lastName'> | undefined,
): string {
  if (!customer) return '';
  return [customer.firstName, customer.middleName, customer.lastName].filter(Boolean).join(' ');
}
