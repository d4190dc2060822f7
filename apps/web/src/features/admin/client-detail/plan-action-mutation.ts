import type { StaffPlanAction, SubscriptionView, UpcomingSchedule } from '@pria/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiRequestEnvelope } from '../../../app/api-client.ts';
import { notifySuccess } from '../../../app/notify.ts';
import { notifyApiError } from '../../../components/notify-api-error.ts';
import { adminKeys } from '../shared/admin-keys.ts';
import { clientDetailKeys } from './queries.ts';

/** GET /customers/{id}/upcoming: the client's own Upcoming, what the plan dialogs say in money words. */
export function useClientUpcoming(id: string, enabled: boolean) {
  return useQuery({
    queryKey: [...clientDetailKeys.record(id), 'upcoming'],
    queryFn: ({ signal }) =>
      api.get<UpcomingSchedule>(`/api/v1/customers/${encodeURIComponent(id)}/upcoming`, { signal }),
    enabled,
  });
}

/**
 * POST /customers/{id}/subscription/{pause|resume|cancel}: the server's words as the toast, and
 * the page's data (record, activity, Upcoming, lists) fetched again, whatever the answer.
 */
export function useStaffPlanAction(clientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: { action: StaffPlanAction; subscriptionId: string }) =>
      apiRequestEnvelope<{ subscription: SubscriptionView }>(
        'POST',
        `/api/v1/customers/${encodeURIComponent(clientId)}/subscription/${v.action}`,
        { body: { subscriptionId: v.subscriptionId } },
      ),
    onSuccess: ({ message }) => {
      if (message) notifySuccess(message);
    },
    onError: (error) => notifyApiError(error),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.data }),
  });
}
