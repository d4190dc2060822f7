import { messages, type PlanId, type SubscriptionChange as SubscriptionChangeAnswer } from '@pria/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, dataOf } from '../../app/api-client.ts';
import { useCalendarLocale } from '../../app/i18n/calendar-locale.ts';
import { notifySuccess } from '../../app/notify.ts';
import { notifyApiError } from '../../components/notify-api-error.ts';
import { transactionKeys } from '../activity/queries.ts';
import { customerKeys } from '../customer/queries.ts';
import type { Subscription } from '../customer/types.ts';
import { privacyKeys } from '../privacy/queries.ts';
import { keptWords, planChangedWords } from './lifecycle-words.ts';
import { subscriptionKeys } from './queries.ts';

/** Checkout and changes answer the subscription and, when the bank asks, its confirmation page. */
export type SubscriptionResult = SubscriptionChangeAnswer;

/** Opens the bank's confirmation page in a new tab, as the spec asks. */
export function openPaymentSession(result: SubscriptionResult) {
  if (result.paymentSessionUrl) window.open(result.paymentSessionUrl, '_blank', 'noopener,noreferrer');
}

function useInvalidateSubscription() {
  const queryClient = useQueryClient();
  return (result?: SubscriptionResult) => {
    if (result) queryClient.setQueryData(subscriptionKeys.mine(), result.subscription);
    void queryClient.invalidateQueries({ queryKey: subscriptionKeys.all });
    void queryClient.invalidateQueries({ queryKey: customerKeys.all });
    void queryClient.invalidateQueries({ queryKey: transactionKeys.all });
  };
}

// A plan id is read from GET /plans, whose answer types it as a string; the request's schema
// lists the plans (PlanId), and the server refuses any other id with its words.

/** Checkout: POST /subscriptions with the plan and a registered card (first period charged now). */
export function useCreateSubscription({ errorFallback = messages.defaultError as string } = {}) {
  const invalidate = useInvalidateSubscription();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { plan: string; card: string }) =>
      dataOf(api.POST('/api/v1/subscriptions', { body: { ...input, plan: input.plan as PlanId } })),
    onSuccess: (result) => {
      invalidate(result);
      // Paying agreed to the terms, the privacy policy and the renewal disclosure (the words by
      // the button): the server recorded them, and the prompt to accept them goes now, not on a reload.
      void queryClient.invalidateQueries({ queryKey: privacyKeys.consents() });
      openPaymentSession(result);
    },
    onError: (error) => notifyApiError(error, errorFallback),
  });
}

export type SubscriptionChange = 'plan' | 'pause' | 'resume' | 'funding';

const successText: Record<SubscriptionChange, string> = {
  plan: messages.updatedSubscription,
  pause: messages.subscriptionPaused,
  resume: messages.subscriptionResumed,
  funding: messages.updatedSuccessfully,
};

const failureText: Record<SubscriptionChange, string> = {
  plan: messages.somethingWentWrong,
  pause: messages.couldNotPause,
  resume: messages.couldNotResume,
  funding: messages.somethingWentWrong,
};

interface UpdateInput {
  subscription: Subscription;
  change: SubscriptionChange;
  plan?: string;
  card?: string | null;
  isEnabled?: boolean;
}

/** PUT /subscriptions/{id}: plan change, funding card change, pause or resume. */
export function useUpdateSubscription() {
  const invalidate = useInvalidateSubscription();
  const locale = useCalendarLocale();
  return useMutation({
    mutationFn: ({ subscription, plan, card, isEnabled }: UpdateInput) =>
      dataOf(
        api.PUT('/api/v1/subscriptions/{id}', {
          params: { path: { id: subscription.id } },
          body: {
            // The plan it renews into: sending the plan in force would call a scheduled change off (ADR 40).
            plan: (plan ?? subscription.nextPlan?.id ?? subscription.plan.id) as PlanId,
            card: card === undefined ? (subscription.card?.id ?? null) : card,
            isEnabled: isEnabled ?? subscription.isEnabled,
          },
        }),
      ),
    onSuccess: (result, { change }) => {
      invalidate(result);
      // A plan change names the plan and what happens next under the spec's 'Updated subscription'.
      notifySuccess(
        successText[change],
        change === 'plan' ? planChangedWords(result.subscription, locale) : null,
      );
      openPaymentSession(result);
    },
    onError: (error, { change }) => {
      invalidate();
      notifyApiError(error, failureText[change]);
    },
  });
}

/** POST /subscriptions/{id}/cancel: no renewal, active until its end date (emailed). */
export function useCancelSubscription() {
  const invalidate = useInvalidateSubscription();
  return useMutation({
    mutationFn: (subscription: Subscription) =>
      dataOf(api.POST('/api/v1/subscriptions/{id}/cancel', { params: { path: { id: subscription.id } } })),
    onSuccess: () => {
      invalidate();
      notifySuccess(messages.subscriptionCancelled);
    },
    onError: (error) => {
      invalidate();
      notifyApiError(error, messages.couldNotCancel);
    },
  });
}

/**
 * POST /subscriptions/{id}/keep: undo a cancellation before the end date; it renews as usual. The
 * toast names what the renewal charges, from the answer: a plan change made before the
 * cancellation still starts then (issue 40: it read as the plan in force).
 */
export function useKeepSubscription() {
  const invalidate = useInvalidateSubscription();
  const locale = useCalendarLocale();
  return useMutation({
    mutationFn: (subscription: Subscription) =>
      dataOf(api.POST('/api/v1/subscriptions/{id}/keep', { params: { path: { id: subscription.id } } })),
    onSuccess: ({ subscription }) => {
      invalidate();
      notifySuccess(keptWords(subscription, locale));
    },
    onError: (error) => {
      invalidate();
      notifyApiError(error, messages.somethingWentWrong);
    },
  });
}
