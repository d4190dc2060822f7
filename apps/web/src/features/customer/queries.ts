import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api, dataOf } from '../../app/api-client.ts';
import type { Customer } from './types.ts';

export const customerKeys = {
  all: ['customer'] as const,
  me: () => [...customerKeys.all, 'me'] as const,
};

export const customerQuery = queryOptions({
  queryKey: customerKeys.me(),
  queryFn: ({ signal }) =>
    dataOf(api.GET('/api/v1/customers/{id}', { params: { path: { id: 'me' } }, signal })),
  staleTime: 30_000,
});

/** The signed-in customer (profile, onboarding step, subscription summary). */
export function useCustomer() {
  return useQuery(customerQuery);
}

/**
 * Issue 29: the verification link is opened in another tab (the email app's); when the customer
 * comes back to this one, the record is read again, so "Verify Email" turns into "Email
 * verified" at once. Only while unverified: the spec's client does not refetch on focus.
 */
export function useRecheckEmailWhenBack(customer: Customer | undefined) {
  const queryClient = useQueryClient();
  const unverified = customer ? !customer.email_verified : false;
  useEffect(() => {
    if (!unverified) return;
    const recheck = () => {
      if (document.visibilityState === 'visible')
        void queryClient.invalidateQueries({ queryKey: customerKeys.me() });
    };
    document.addEventListener('visibilitychange', recheck);
    window.addEventListener('focus', recheck);
    return () => {
      document.removeEventListener('visibilitychange', recheck);
      window.removeEventListener('focus', recheck);
    };
  }, [unverified, queryClient]);
}
