import { Button, Group } from '@mantine/core';
import { adminMessages } from '@pria/contracts';
import { useMutation } from '@tanstack/react-query';
import { api, dataOf } from '../../../app/api-client.ts';
import { ApiError } from '../../../app/api-error.ts';
import { notifyError, notifySuccess } from '../../../app/notify.ts';
import { confirmAction } from '../../../components/confirm.tsx';
import { usePrivileges } from '../shared/privileges.ts';

/** POST /customers/{id}/password-reset: the server emails the link and records who sent it. */
export function useSendPasswordReset(id: string) {
  return useMutation({
    mutationFn: () => dataOf(api.POST('/api/v1/customers/{id}/password-reset', { params: { path: { id } } })),
    onSuccess: () => notifySuccess(adminMessages.passwordResetSent),
    onError: (err) =>
      notifyError(
        err instanceof ApiError && err.isClientError ? err.displayMessage : 'Could not send the link',
      ),
  });
}

/**
 * Staff "Send password reset link" (issue 18): asks first, then a toast. Shown to staff who
 * hold customer:change-password; the API checks the permission either way.
 */
export function PasswordResetButton({
  clientId,
  email,
}: {
  clientId: string;
  email: string | null | undefined;
}) {
  const { permissions } = usePrivileges();
  const send = useSendPasswordReset(clientId);
  if (!permissions.includes('customer:change-password')) return null;
  return (
    <Group justify="flex-end">
      <Button
        variant="default"
        loading={send.isPending}
        onClick={() =>
          confirmAction({
            title: 'Send password reset link',
            message: `Email ${email ?? 'this client'} a link to choose a new password? The link works once and expires in 30 minutes. The request is recorded under your name.`,
            onConfirm: () => send.mutate(),
          })
        }
      >
        Send password reset link
      </Button>
    </Group>
  );
}
