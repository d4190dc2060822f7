import { messages, type ProfileUpdate } from '@pria/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, apiRequestEnvelope } from '../../app/api-client.ts';
import { notifySuccess } from '../../app/notify.ts';
import { notifyApiError } from '../../components/notify-api-error.ts';
import { customerKeys } from './queries.ts';
import type { Customer } from './types.ts';

/** PUT /customers/me; in the onboarding wizard street, city and state are required too. */
export function useUpdateProfile({ onboarding = false } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (profile: ProfileUpdate) =>
      api.put<Customer>('/api/v1/customers/me', profile, { query: { onboarding: onboarding || undefined } }),
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
export function useSaveOnboardingIndex() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (step: { index: number; plan?: string }) =>
      api.put<Customer>('/api/v1/setting/onboarding-index', undefined, { query: step }),
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
    mutationFn: () => apiRequestEnvelope<unknown>('POST', '/api/v1/customers/verify-email'),
    onSuccess: ({ message }) => notifySuccess(message ?? 'Verification email sent. Please check your inbox.'),
    onError: (error) => notifyApiError(error),
  });
}
