import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../app/api-client.ts';
import type { Customer } from './types.ts';

export const customerKeys = {
  all: ['customer'] as const,
  me: () => [...customerKeys.all, 'me'] as const,
};

export const customerQuery = queryOptions({
  queryKey: customerKeys.me(),
  queryFn: ({ signal }) => api.get<Customer>('/api/v1/customers/me', { signal }),
  staleTime: 30_000,
});

/** The signed-in customer (profile, onboarding step, subscription summary). */
export function useCustomer() {
  return useQuery(customerQuery);
}
