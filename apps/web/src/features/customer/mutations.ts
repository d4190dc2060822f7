import { type Language, messages, type ProfileUpdate } from '@pria/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, dataOf, withMessage } from '../../app/api-client.ts';
import { notifySuccess } from '../../app/notify.ts';
import type { paths } from '../../app/pria-api.d.ts';
import { notifyApiError } from '../../components/notify-api-error.ts';
import { customerKeys } from './queries.ts';
import type { Customer } from './types.ts';

/** PUT /customers/me; in the onboarding wizard street, city and state are required too. */
export function useUpdateProfile({ onboarding = false } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (profile: ProfileUpdate) =>
      dataOf(
        api.PUT('/api/v1/customers/{id}', {
          body: profile,
          params: { path: { id: 'me' }, query: { onboarding: onboarding ? 'true' : undefined } },
        }),
      ),
    onSuccess: (customer) => {
      queryClient.setQueryData(customerKeys.me(), (old: Customer | undefined) => ({ ...old, ...customer }));
      void queryClient.invalidateQueries({ queryKey: customerKeys.all });
      notifySuccess(messages.updatedSuccessfully);
    },
    onError: (error) => notifyApiError(error, messages.profileUpdateFailed),
  });
}

/**
 * Saves the wizard step to come back to (0 profile, 1 cards, 2 plan, 3 checkout, 4 done) and,
 * leaving the plan step, the plan chosen: the server keeps it, so a reload's checkout shows it.
 */
/** The wizard step as the document states it (0 to 4). */
type OnboardingStep = NonNullable<paths['/api/v1/setting/onboarding-index']['put']['parameters']['query']>;

export function useSaveOnboardingIndex() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (step: OnboardingStep) =>
      dataOf(api.PUT('/api/v1/setting/onboarding-index', { params: { query: step } })),
    onSuccess: (_data, step) => {
      queryClient.setQueryData(customerKeys.me(), (old: Customer | undefined) =>
        old ? { ...old, onBoardingIndex: step.index, selectedPlanId: step.plan ?? old.selectedPlanId } : old,
      );
    },
    onError: (error) => notifyApiError(error),
  });
}

/** Sends the verification email again; the server's words are shown either way. */
export function useVerifyEmail() {
  return useMutation({
    mutationFn: () => withMessage(api.POST('/api/v1/customers/verify-email')),
    onSuccess: ({ message }) => notifySuccess(message ?? 'Verification email sent. Please check your inbox.'),
    onError: (error) => notifyApiError(error),
  });
}

/**
 * PUT /customers/me/language: the language Pria speaks to the customer, kept on the account (every
 * device and every message sent to them follows it; ADR 71, 73). Shown at once: the cached
 * customer says so before the answer, so the account's language (useAccountLanguage) does not
 * switch the page back meanwhile. The answers the server words in the customer's language (the
 * activity's rows, the signed-in devices) are fetched again once the account says the new one.
 */
export function useSetLanguage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (language: Language) =>
      dataOf(
        api.PUT('/api/v1/customers/{id}/language', { params: { path: { id: 'me' } }, body: { language } }),
      ),
    onMutate: (language) =>
      queryClient.setQueryData(customerKeys.me(), (old: Customer | undefined) =>
        old ? { ...old, language } : old,
      ),
    onSuccess: (customer) => {
      queryClient.setQueryData(customerKeys.me(), (old: Customer | undefined) => ({ ...old, ...customer }));
      void queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] !== customerKeys.all[0] });
    },
    onError: (error) => notifyApiError(error),
  });
}
