import type { UpcomingSchedule } from '@pria/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../app/api-client.ts';
import type { Subscription } from '../customer/types.ts';

export const subscriptionKeys = {
  all: ['subscription'] as const,
  mine: () => [...subscriptionKeys.all, 'me'] as const,
  upcoming: () => [...subscriptionKeys.all, 'upcoming'] as const,
};

/**
 * The caller's subscription or null; the server re-checks a pending payment on each read.
 * `watchVerification`: while the bank's confirmation is awaited, read again every few seconds
 * (the customer confirms in another tab; this one then moves on by itself).
 */
export function useMySubscription({ watchVerification = false, enabled = true } = {}) {
  return useQuery({
    queryKey: subscriptionKeys.mine(),
    enabled,
    queryFn: ({ signal }) => api.get<Subscription | null>('/api/v1/subscriptions/me', { signal }),
    refetchInterval: (query) =>
      watchVerification && query.state.data?.status === 'pending_verification' ? 3000 : false,
  });
}

/** What Pria does next (the engine's own schedule): next charge, pay-back, renewal or end. */
export function useUpcoming() {
  return useQuery({
    queryKey: subscriptionKeys.upcoming(),
    queryFn: ({ signal }) => api.get<UpcomingSchedule>('/api/v1/subscriptions/me/upcoming', { signal }),
  });
}
