import { Badge, Stack } from '@mantine/core';
import type { AdminTransactionRow } from '@pria/contracts';
import { money } from '../shared/display.ts';

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

/** Badges are never truncated: their whole label shows, however narrow the cell. */
const whole = { root: { overflow: 'visible' }, label: { overflow: 'visible' } } as const;

/** The transaction's status, then its dispute and what was refunded of it, if any. */
export function StatusBadges({ row }: { row: AdminTransactionRow }) {
  return (
    <Stack gap={2} align="flex-start">
      <Badge size="sm" color={statusColors[row.transactionStatus] ?? 'red'} variant="light" styles={whole}>
        {row.transactionStatus}
      </Badge>
      {row.dispute && (
        <Badge size="xs" color={disputeColors[row.dispute]} variant="outline" styles={whole}>
          {row.dispute === 'open' ? 'Disputed' : `Dispute ${row.dispute}`}
        </Badge>
      )}
      {(row.refundedCents ?? 0) > 0 && (
        <Badge size="xs" color="orange" variant="outline" styles={whole}>
          Refunded {money(row.refundedCents ?? 0)}
        </Badge>
      )}
    </Stack>
  );
}

/** Verified and Returned, stacked. */
export function CheckBadges({ row }: { row: AdminTransactionRow }) {
  return (
    <Stack gap={2} align="flex-start">
      <Badge
        size="xs"
        color={row.isVerified ? 'teal' : 'gray'}
        variant={row.isVerified ? 'light' : 'outline'}
        styles={whole}
      >
        {row.isVerified ? 'Verified' : 'Not Verified'}
      </Badge>
      <Badge
        size="xs"
        color={row.isReturned ? 'red' : 'gray'}
        variant={row.isReturned ? 'light' : 'outline'}
        styles={whole}
      >
        {row.isReturned ? 'Returned' : 'Not Returned'}
      </Badge>
    </Stack>
  );
}
