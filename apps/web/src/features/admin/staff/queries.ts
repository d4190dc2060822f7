import type { StaffRole, StaffRow } from '@pria/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../app/api-client.ts';
import { ApiError } from '../../../app/api-error.ts';
import { notifyError, notifySuccess } from '../../../app/notify.ts';
import { adminKeys } from '../shared/admin-keys.ts';

export type { StaffRole };
export const staffRoleOptions: { value: StaffRole; label: string }[] = [
  { value: 'support', label: 'Support' },
  { value: 'finance', label: 'Finance' },
  { value: 'admin', label: 'Admin' },
];

export const staffKeys = {
  all: [...adminKeys.all, 'staff'] as const,
};

const pathOf = (id: string) => `/api/v1/admin/staff/${encodeURIComponent(id)}`;
const failed = (error: unknown) =>
  notifyError(error instanceof ApiError ? error.message : 'Something went wrong');

export function useStaffList() {
  return useQuery({
    queryKey: staffKeys.all,
    queryFn: ({ signal }) => api.get<StaffRow[]>('/api/v1/admin/staff', { signal }),
  });
}

function useStaffMutation<V>(fn: (v: V) => Promise<unknown>, success: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => notifySuccess(success),
    onError: failed,
    onSettled: () => queryClient.invalidateQueries({ queryKey: staffKeys.all }),
  });
}

export const useInviteStaff = () =>
  useStaffMutation(
    (v: { email: string; role: StaffRole }) => api.post('/api/v1/admin/staff/invitations', v),
    'Invitation sent',
  );

export const useChangeRole = () =>
  useStaffMutation(
    (v: { id: string; role: StaffRole }) => api.put(`${pathOf(v.id)}/role`, { role: v.role }),
    'Role changed',
  );

export const useSetDisabled = () =>
  useStaffMutation(
    (v: { id: string; disabled: boolean }) => api.put(`${pathOf(v.id)}/disabled`, { disabled: v.disabled }),
    'Saved',
  );
