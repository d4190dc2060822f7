import { Button, Group, Tooltip } from '@mantine/core';
import { type StaffRow, staffMessages } from '@pria/contracts';
import { confirmAction } from '../../../components/confirm.tsx';
import { useIsMe, useResendInvitation, useRevokeInvitation, useSetDisabled } from './queries.ts';

/**
 * A member's actions: a new invitation link or its revocation while they have not signed up,
 * and disable / enable. Disabling and revoking ask first, naming the person and what follows.
 * Your own account cannot be disabled (the server refuses it): the button stays, unavailable,
 * with the reason on hover, on focus and in its label.
 */
export function StaffActions({ member }: { member: StaffRow }) {
  const setDisabled = useSetDisabled();
  const resend = useResendInvitation();
  const revoke = useRevokeInvitation();
  const who = member.email;
  const pending = member.invited && member.invitation?.state === 'pending';

  const isMe = useIsMe(member);
  const disable = () =>
    confirmAction({
      title: `Disable ${who}?`,
      message: `${who} loses access to the staff portal now.`,
      details: [
        'They are signed out on every device at once, and cannot sign in.',
        'Tokens they hold stop working, and never work again, even if you enable them later.',
        'The change is recorded in the audit trail with your name.',
      ],
      danger: true,
      labels: { confirm: `Disable ${who}`, cancel: 'Cancel' },
      onConfirm: () => setDisabled.mutate({ id: member.id, disabled: true }),
    });

  const revokeLink = () =>
    confirmAction({
      title: `Revoke the invitation of ${who}?`,
      message: 'The link we emailed stops working. You can send a new invitation later.',
      danger: true,
      labels: { confirm: 'Revoke invitation', cancel: 'Cancel' },
      onConfirm: () => revoke.mutate({ id: member.id }),
    });

  return (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      {member.invited && member.invitation && !member.disabled && (
        <Button
          size="compact-xs"
          variant="subtle"
          onClick={() => resend.mutate({ id: member.id })}
          loading={resend.isPending}
          aria-label={`${pending ? 'Resend' : 'Send a new'} invitation to ${who}`}
        >
          {pending ? 'Resend link' : 'Send new link'}
        </Button>
      )}
      {pending && !member.disabled && (
        <Button
          size="compact-xs"
          variant="subtle"
          color="gray"
          onClick={revokeLink}
          loading={revoke.isPending}
          aria-label={`Revoke the invitation of ${who}`}
        >
          Revoke
        </Button>
      )}
      {member.disabled ? (
        <Button
          size="compact-xs"
          variant="subtle"
          color="teal"
          onClick={() => setDisabled.mutate({ id: member.id, disabled: false })}
          loading={setDisabled.isPending}
          aria-label={`Enable ${who}`}
        >
          Enable
        </Button>
      ) : isMe ? (
        <Tooltip label={staffMessages.selfDisable} events={{ hover: true, focus: true, touch: true }}>
          <Button
            size="compact-xs"
            variant="subtle"
            color="gray"
            data-disabled
            aria-disabled="true"
            onClick={(e) => e.preventDefault()}
            aria-label={`Disable ${who}: ${staffMessages.selfDisable}`}
          >
            Disable
          </Button>
        </Tooltip>
      ) : (
        <Button
          size="compact-xs"
          variant="subtle"
          color="red"
          onClick={disable}
          loading={setDisabled.isPending}
          aria-label={`Disable ${who}`}
        >
          Disable
        </Button>
      )}
    </Group>
  );
}
