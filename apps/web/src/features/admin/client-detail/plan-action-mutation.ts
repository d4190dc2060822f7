import type { StaffPlanAction } from '@pria/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, dataOf, withMessage } from '../../../app/api-client.ts';
import { notifySuccess } from '../../../app/notify.ts';
import { notifyApiError } from '../../../components/notify-api-error.ts';
import { adminKeys } from '../shared/admin-keys.ts';
import { clientDetailKeys } from './queries.ts';

/** GET /customers/{id}/upcoming: the client's own Upcoming, what the plan dialogs say in money words. */
export function useClientUpcoming(id: string, enabled: boolean) {
  return useQuery({
    queryKey: [...clientDetailKeys.record(id), 'upcoming'],
    queryFn: ({ signal }) =>
      dataOf(api.GET('/api/v1/customers/{id}/upcoming', { params: { path: { id } }, signal })),
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
      withMessage(
        api.POST(`/api/v1/customers/{id}/subscription/${v.action}`, {
          params: { path: { id: clientId } },
          body: { subscriptionId: v.subscriptionId },
        }),
      ),
    onSuccess: ({ message }) => {
      if (message) notifySuccess(message);
    },
    onError: (error) => notifyApiError(error),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.data }),
  });
}
