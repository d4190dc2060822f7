import { Badge, Stack } from '@mantine/core';
import type { AdminTransactionRow } from '@pria/contracts';
import { money } from '../shared/display.ts';
import { hasPayBackStatus } from './pay-back-status.ts';

/**
 * Spec: success is styled as success, anything else as failed. Two states are not failures and
 * read as such: pending (sent, answer awaited) and missed (never sent: Pria was unavailable).
 */
const statusColors: Record<string, string> = {
  success: 'teal',
  failed: 'red',
  pending: 'blue',
  missed: 'gray',
};

const disputeColors = { open: 'orange', won: 'teal', lost: 'red' } as const;

/** The transaction's status, then its dispute and what was refunded of it, if any. */
export function StatusBadges({ row }: { row: AdminTransactionRow }) {
  return (
    <Stack gap={2} align="flex-start">
      <Badge size="sm" color={statusColors[row.transactionStatus] ?? 'red'} variant="light">
        {row.transactionStatus}
      </Badge>
      {row.dispute && (
        <Badge size="xs" color={disputeColors[row.dispute]} variant="outline">
          {row.dispute === 'open' ? 'Disputed' : `Dispute ${row.dispute}`}
        </Badge>
      )}
      {(row.refundedCents ?? 0) > 0 && (
        <Badge size="xs" color="orange" variant="outline">
          Refunded {money(row.refundedCents ?? 0)}
        </Badge>
      )}
    </Stack>
  );
}

/** Verified and Returned, stacked; a plan charge has no pay-back, so no Returned. */
export function CheckBadges({ row }: { row: AdminTransactionRow }) {
  return (
    <Stack gap={2} align="flex-start">
      <YesNoBadge yes={row.isVerified} label="Verified" color="teal" />
      {hasPayBackStatus(row.type) && <YesNoBadge yes={row.isReturned} label="Returned" color="red" />}
    </Stack>
  );
}

/** "Verified" in colour, or "Not Verified" outlined in grey. */
function YesNoBadge({ yes, label, color }: { yes: boolean; label: string; color: string }) {
  return (
    <Badge size="xs" color={yes ? color : 'gray'} variant={yes ? 'light' : 'outline'}>
      {yes ? label : `Not ${label}`}
    </Badge>
  );
}
