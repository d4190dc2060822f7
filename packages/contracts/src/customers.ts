import { z } from 'zod';
import { notificationTypes } from './account.ts';
import { languageSchema } from './language.ts';

/**
 * What the API answers about a customer, their plan and their subscription. The server's views
 * are typed by these schemas and its serializer checks every answer against them; the web app
 * reads the same types (z.infer), so neither side keeps its own copy of the shape.
 */

/** An instant, ISO 8601 in UTC (`2026-11-28T21:00:00.000Z`). */
export const isoInstant = z.iso.datetime();
/** Epoch milliseconds (the spec's client reads subscription dates this way). */
export const epochMillis = z.number().int();

export const planIds = ['annual', 'semi-annual'] as const;
export type PlanId = (typeof planIds)[number];

/** A plan as the spec's client reads it: price in cents, tax as a percentage, and the total. */
export const planView = z.object({
  id: z.string(),
  name: z.string(),
  /** Cents for one billing period (intervalCount intervals). */
  price: z.number().int(),
  interval: z.enum(['month', 'year']),
  intervalCount: z.number().int(),
  taxPercentage: z.number(),
  /** Cents of tax on the price (the total less the price), computed by the server. */
  tax: z.number().int(),
  /** Cents, tax included, computed by the server: price + tax. */
  total: z.number().int(),
});
export type PlanView = z.infer<typeof planView>;

export const subscriptionStatuses = ['active', 'inactive', 'pending_verification'] as const;
export type SubscriptionStatus = (typeof subscriptionStatuses)[number];

/**
 * The subscription as the spec's client reads it (dates in epoch ms), plus what the lifecycle
 * adds: whether it renews on its own, when and by whom it was cancelled, when it ends.
 */
export const subscriptionView = z.object({
  id: z.string(),
  plan: planView,
  card: z.object({ id: z.string() }).nullable(),
  status: z.enum(subscriptionStatuses),
  /** Epoch ms, or null before the first payment. */
  expiresAt: epochMillis.nullable(),
  isEnabled: z.boolean(),
  /** Renews on its own at expiresAt: active, not paused, not cancelled. */
  autoRenews: z.boolean(),
  /** Epoch ms the plan ends when it will not renew (cancelled or paused), else null. */
  endsAt: epochMillis.nullable(),
  /** Epoch ms of an online cancellation, and who made it; null when not cancelled. */
  cancelledAt: epochMillis.nullable(),
  cancelledBy: z.string().nullable(),
  /** Epoch ms since when Charge & Pay is paused (no $3 charges, no renewal); null when it is not. */
  pausedAt: epochMillis.nullable(),
  /**
   * The plan the current period (or, once ended, the last one) was paid on: the latest captured
   * plan charge's; null before any. A scheduled plan change (nextPlan) starts only at the renewal,
   * so this is `plan` while the plan runs; once it ended it is still what was really paid (a
   * deleted client's record, issue 29). Always in a customer record (GET /customers/{id}, 'me'
   * too); the subscription calls' answers leave it out.
   */
  periodPlan: z.object({ id: z.string(), name: z.string() }).nullable().optional(),
  /**
   * A plan change on an active plan starts at the next renewal (ADR 40): the plan that renewal
   * charges and starts at expiresAt; null when it renews on the same plan. Given on the caller's
   * own subscription and on plan changes (absent where a view does not read it).
   */
  nextPlan: planView.nullable().optional(),
});
export type SubscriptionView = z.infer<typeof subscriptionView>;

/** GET /subscriptions/me: also why an inactive subscription is inactive (the last decline's words). */
export const ownSubscriptionView = subscriptionView.extend({
  inactiveReason: z.string().nullable(),
  /** Whether that declined payment was the checkout's or a renewal's. */
  inactiveAfter: z.enum(['checkout', 'renewal']).nullable(),
  /** Pending Verification: the bank's page to finish it (null once the bank answered). */
  verificationUrl: z.string().nullable(),
  /** What ended an inactive plan: a refund of the charge that paid it, or a declined renewal. */
  endedBy: z.enum(['refund', 'decline']).nullable(),
});
export type OwnSubscriptionView = z.infer<typeof ownSubscriptionView>;

/** Checkout and changes: the subscription, and the processor's page when the bank asks the customer to authenticate. */
export const subscriptionChange = z.object({
  subscription: subscriptionView,
  /** Open it (new tab) to finish the payment; null when nothing is left to do. */
  paymentSessionUrl: z.string().nullable(),
  /** The captured charge's receipt (GET /receipts/{id}); null while the bank has not confirmed. */
  receipt: z.object({ id: z.string(), number: z.string() }).nullable().optional(),
});
export type SubscriptionChange = z.infer<typeof subscriptionChange>;

/** Cancel and keep answer the subscription as it now is. */
export const subscriptionOnly = z.object({ subscription: subscriptionView });

export const addressView = z.object({
  address1: z.string().nullable(),
  address2: z.string().nullable(),
  locality: z.string().nullable(),
  administrativeArea: z.string().nullable(),
  country: z.string(),
  postalCode: z.string().nullable(),
});
export type AddressView = z.infer<typeof addressView>;

/** The customer as the spec's client reads it (camelCase, address nested). */
export const customerView = z.object({
  id: z.uuid(),
  createdAt: isoInstant,
  email: z.string().nullable(),
  email_verified: z.boolean(),
  firstName: z.string().nullable(),
  middleName: z.string().nullable(),
  lastName: z.string().nullable(),
  phone: z.string().nullable(),
  address: addressView,
  /** When the customer deleted their account (their profile is erased then); null otherwise. */
  deletedAt: isoInstant.nullable(),
  /** 0 profile, 1 cards, 2 plan, 3 checkout, 4 done; below 3 onboarding is incomplete. */
  onBoardingIndex: z.number().int(),
  /** The plan chosen in onboarding, kept for checkout (a reload must not lose it); null before. */
  selectedPlanId: z.string().nullable(),
  /**
   * The language the customer chose for everything Pria says to them (ADR 71); null while they
   * never chose, when their browser's language decides.
   */
  language: languageSchema.nullable(),
});
export type CustomerView = z.infer<typeof customerView>;

/** Notification choices as stored: each channel lists payin, payout and subscription. */
export const notificationPreferencesView = z.object({
  forEmail: z.array(z.enum(notificationTypes)),
  forSms: z.array(z.enum(notificationTypes)),
  /** Push to the devices the customer allowed (issue 32). */
  forPush: z.array(z.enum(notificationTypes)),
});

/** GET /customers/{id}: the customer with their subscription and notification choices. */
export const customerRecord = customerView.extend({
  subscription: subscriptionView.nullable(),
  notification: notificationPreferencesView,
});
export type CustomerRecord = z.infer<typeof customerRecord>;
