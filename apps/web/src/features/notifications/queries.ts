import { useQuery } from '@tanstack/react-query';
import { api, dataOf } from '../../app/api-client.ts';

export const notificationKeys = {
  all: ['notification-preferences'] as const,
  mine: () => [...notificationKeys.all, 'mine'] as const,
  push: () => [...notificationKeys.all, 'push'] as const,
};

/** GET /customers/notification: { forEmail, forSms, forPush }, each a list of payin | payout | subscription. */
export function useNotificationPreferences() {
  return useQuery({
    queryKey: notificationKeys.mine(),
    queryFn: ({ signal }) => dataOf(api.GET('/api/v1/customers/notification', { signal })),
    staleTime: 30_000,
  });
}

/** GET /account/push: the key to subscribe with (null: push is off) and the devices that receive push. */
export function usePushSettings() {
  return useQuery({
    queryKey: notificationKeys.push(),
    queryFn: ({ signal }) => dataOf(api.GET('/api/v1/account/push', { signal })),
    staleTime: 30_000,
  });
}
