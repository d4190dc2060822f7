import { messages, type NotificationPreferences } from '@pria/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, withMessage } from '../../app/api-client.ts';
import { notifySuccess } from '../../app/notify.ts';
import { notifyApiError } from '../../components/notify-api-error.ts';
import { customerKeys } from '../customer/queries.ts';
import { notificationKeys } from './queries.ts';

const mutationKey = ['save-notification-preferences'] as const;

/**
 * POST /customers/notification with the whole choice ('Updated Successfully'). Each click saves
 * at once: the screen updates first, saves run one after another (same scope) so the last
 * click wins, and a failure reloads what the server holds.
 */
export function useSaveNotificationPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey,
    scope: { id: 'notification-preferences' },
    mutationFn: (preferences: NotificationPreferences) =>
      withMessage(api.POST('/api/v1/customers/notification', { body: preferences })),
    onMutate: async (preferences) => {
      await queryClient.cancelQueries({ queryKey: notificationKeys.mine() });
      queryClient.setQueryData(notificationKeys.mine(), preferences);
    },
    onSuccess: ({ data, message }) => {
      // Only the last of several quick clicks may overwrite the screen with the server's copy.
      if (queryClient.isMutating({ mutationKey }) <= 1)
        queryClient.setQueryData(notificationKeys.mine(), data);
      void queryClient.invalidateQueries({ queryKey: customerKeys.me() });
      notifySuccess(message ?? messages.updatedSuccessfullyCaps);
    },
    onError: (error) => {
      notifyApiError(error);
      void queryClient.invalidateQueries({ queryKey: notificationKeys.mine() });
    },
  });
}
