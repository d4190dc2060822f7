import { type StaffRole, type StaffRow, staffMessages } from '@pria/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, dataOf, withMessage } from '../../../app/api-client.ts';
import { ApiError } from '../../../app/api-error.ts';
import { useAuth } from '../../../app/auth/auth-state.tsx';
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

const pathOf = (id: string) => ({ params: { path: { id } } });
const failed = (error: unknown) =>
  notifyError(error instanceof ApiError ? error.message : 'Something went wrong');

/**
 * Whether a row is the signed-in admin's own account (its id is the token's subject, as the
 * server compares): they may not disable themselves or drop their own admin role (issue 29), so
 * the screen does not offer either and says why.
 */
export function useIsMe(member: Pick<StaffRow, 'id'>): boolean {
  return useAuth().user?.profile.sub === member.id;
}

export function useStaffList() {
  return useQuery({
    queryKey: staffKeys.all,
    queryFn: ({ signal }) => dataOf(api.GET('/api/v1/admin/staff', { signal })),
  });
}

/** A staff change: the server's words on success (they say what happened), the list read again either way. */
function useStaffMutation<V>(fn: (v: V) => Promise<{ message: string | undefined }>, fallback: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: ({ message }) => notifySuccess(message ?? fallback),
    onError: failed,
    onSettled: () => queryClient.invalidateQueries({ queryKey: staffKeys.all }),
  });
}

/** Invites an address; one already invited (not signed up) gets a new link, and the server says so. */
export const useInviteStaff = () =>
  useStaffMutation(
    (v: { email: string; role: StaffRole }) =>
      withMessage(api.POST('/api/v1/admin/staff/invitations', { body: v })),
    staffMessages.invitationSent,
  );

export const useResendInvitation = () =>
  useStaffMutation(
    (v: { id: string }) => withMessage(api.POST('/api/v1/admin/staff/{id}/invitation', pathOf(v.id))),
    staffMessages.invitationResent,
  );

export const useRevokeInvitation = () =>
  useStaffMutation(
    (v: { id: string }) => withMessage(api.DELETE('/api/v1/admin/staff/{id}/invitation', pathOf(v.id))),
    staffMessages.invitationRevoked,
  );

export const useChangeRole = () =>
  useStaffMutation(
    (v: { id: string; role: StaffRole }) =>
      withMessage(api.PUT('/api/v1/admin/staff/{id}/role', { ...pathOf(v.id), body: { role: v.role } })),
    staffMessages.roleChanged,
  );

export const useSetDisabled = () =>
  useStaffMutation(
    (v: { id: string; disabled: boolean }) =>
      withMessage(
        api.PUT('/api/v1/admin/staff/{id}/disabled', { ...pathOf(v.id), body: { disabled: v.disabled } }),
      ),
    'Saved',
  );
