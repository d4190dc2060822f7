import { Badge, Stack, Text } from '@mantine/core';
import type { StaffRow } from '@pria/contracts';
import { dateTime } from '../shared/display.ts';

type Status = { label: string; color: string; variant?: 'light' | 'outline' };

/** Where a member stands: disabled, active, or their invitation's state. */
export function statusOf(s: StaffRow): Status {
  if (s.disabled) return { label: 'Disabled', color: 'red' };
  if (!s.invited) return { label: 'Active', color: 'teal' };
  switch (s.invitation?.state) {
    case 'expired':
      return { label: 'Invitation expired', color: 'orange' };
    case 'revoked':
      return { label: 'Invitation revoked', color: 'gray', variant: 'outline' };
    default:
      return { label: 'Invitation pending', color: 'yellow' };
  }
}

export function StaffStatus({ member }: { member: StaffRow }) {
  const status = statusOf(member);
  return (
    <Badge color={status.color} variant={status.variant ?? 'light'}>
      {status.label}
    </Badge>
  );
}

/** The latest invitation: when it was sent and by whom, and when its link expires (or expired). */
export function InvitationInfo({ member }: { member: StaffRow }) {
  const inv = member.invitation;
  if (!inv)
    return (
      <Text size="xs" c="dimmed">
        -
      </Text>
    );
  const expiry =
    inv.state === 'pending'
      ? `Expires ${dateTime(inv.expiresAt)}`
      : inv.state === 'expired'
        ? `Expired ${dateTime(inv.expiresAt)}`
        : inv.state === 'revoked'
          ? 'Link revoked'
          : 'Accepted';
  return (
    <Stack gap={0}>
      <Text size="xs">{expiry}</Text>
      <Text size="xs" c="dimmed">
        Sent {dateTime(inv.sentAt)} by {inv.invitedBy}
      </Text>
    </Stack>
  );
}
