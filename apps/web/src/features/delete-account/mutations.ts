import { useMutation } from '@tanstack/react-query';
import { api, dataOf } from '../../app/api-client.ts';

/** DELETE /customers: sends a 4-digit code (SMS to the profile phone, else email) and says where. */
export function useRequestDeletionCode() {
  return useMutation({
    mutationFn: () => dataOf(api.DELETE('/api/v1/customers')),
  });
}

/** DELETE /customers?code=1234: deletes the account (a wrong or expired code deletes nothing). */
export function useDeleteAccount() {
  return useMutation({
    mutationFn: (code: string) => dataOf(api.DELETE('/api/v1/customers', { params: { query: { code } } })),
  });
}
