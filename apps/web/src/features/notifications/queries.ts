import type { NotificationPreferences } from '@pria/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../app/api-client.ts';

export const notificationKeys = {
  all: ['notification-preferences'] as const,
  mine: () => [...notificationKeys.all, 'mine'] as const,
};

/** GET /customers/notification: { forEmail, forSms }, each a list of payin | payout | subscription. */
export function useNotificationPreferences() {
  return useQuery({
    queryKey: notificationKeys.mine(),
    queryFn: ({ signal }) => api.get<NotificationPreferences>('/api/v1/customers/notification', { signal }),
    staleTime: 30_000,
  });
}
