import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api, dataOf } from '../../app/api-client.ts';

export const subscriptionKeys = {
  all: ['subscription'] as const,
  mine: () => [...subscriptionKeys.all, 'me'] as const,
  verification: () => [...subscriptionKeys.all, 'me', 'verification'] as const,
  upcoming: () => [...subscriptionKeys.all, 'upcoming'] as const,
};

/**
 * How long an answer serves the sections that mount after it without asking again: a page's
 * sections mount moments apart (the dashboard's Upcoming, then its progress), and each asked anew
 * on every load. What changes them here invalidates them (mutations.ts, the cards'); a reload or
 * another visit asks afresh.
 */
const FRESH_MS = 10_000;

/**
 * The caller's subscription or null, as stored (reading it never settles a payment).
 * `watchVerification`: while it waits for the bank (Pending Verification), ask the server to
 * check that payment with the processor now and every few seconds (POST
 * /subscriptions/me/verification: the money engine's settle step for that one charge), and show
 * what it answers. The customer confirms in another tab, or comes back from the bank's page to a
 * screen that watches; it then moves on by itself.
 */
export function useMySubscription({ watchVerification = false, enabled = true } = {}) {
  const client = useQueryClient();
  const mine = useQuery({
    queryKey: subscriptionKeys.mine(),
    enabled,
    staleTime: FRESH_MS,
    queryFn: ({ signal }) => dataOf(api.GET('/api/v1/subscriptions/me', { signal })),
  });
  const waiting = watchVerification && enabled && mine.data?.status === 'pending_verification';
  useQuery({
    queryKey: subscriptionKeys.verification(),
    enabled: waiting,
    queryFn: async ({ signal }) => {
      const checked = await dataOf(api.POST('/api/v1/subscriptions/me/verification', { signal }));
      client.setQueryData(subscriptionKeys.mine(), checked);
      return checked;
    },
    refetchInterval: 3000,
  });
  return mine;
}

/** What Pria does next (the engine's own schedule): next charge, pay-back, renewal or end. */
export function useUpcoming({ enabled = true } = {}) {
  return useQuery({
    queryKey: subscriptionKeys.upcoming(),
    enabled,
    staleTime: FRESH_MS,
    queryFn: ({ signal }) => dataOf(api.GET('/api/v1/subscriptions/me/upcoming', { signal })),
  });
}
