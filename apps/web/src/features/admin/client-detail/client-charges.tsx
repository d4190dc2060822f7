import { Badge, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { AdminTransactionRow } from '@pria/contracts';
import { dateOnly, maskedCard, money } from '../shared/display.ts';
import { usePrivileges } from '../shared/privileges.ts';
import { QueryErrorAlert } from '../shared/table-states.tsx';
import { useTransactionList } from '../transactions/queries.ts';
import { RefundButton } from '../transactions/refund-button.tsx';
import { offersRefund } from '../transactions/refund-words.ts';

/** One plan charge: when, how much, which card, what was refunded, and the Refunds page's own button. */
function ChargeLine({ row }: { row: AdminTransactionRow }) {
  const refunded = row.refundedCents ?? 0;
  return (
    <Group
      component="li"
      justify="space-between"
      wrap="wrap"
      gap="xs"
      py={6}
      style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
      aria-label={`Plan charge of ${money(row.amount)} on ${dateOnly(row.settledAt ?? row.createdAt)}`}
    >
      <Stack gap={0}>
        <Text size="sm" fw={600}>
          {money(row.amount)} · {dateOnly(row.settledAt ?? row.createdAt)}
        </Text>
        <Text size="xs" c="dimmed">
          {maskedCard(row.card)}
          {refunded > 0 ? ` · ${money(refunded)} refunded` : ''}
        </Text>
      </Stack>
      {offersRefund(row) ? (
        <RefundButton row={row} />
      ) : (
        <Badge variant="light" color="gray">
          {row.transactionStatus}
        </Badge>
      )}
    </Group>
  );
}

/**
 * The client's plan charges with the Transactions page's Refund button (issue 40): the same
 * preview, confirmation, audit and email, from the client page. For staff who refund (finance,
 * admin) and read the charges list (transaction:payin); the API checks both either way.
 */
export function ClientCharges({ clientId }: { clientId: string }) {
  const { permissions, has } = usePrivileges();
  const allowed = has('refund') && permissions.includes('transaction:payin');
  const list = useTransactionList(
    { userId: clientId, type: 'SUBSCRIPTION_CAPTURE', sort: 'createdAt', order: 'desc', limit: 10 },
    allowed,
  );
  if (!allowed) return null;
  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'sm', sm: 'md' }}
      component="section"
      aria-labelledby="plan-charges"
    >
      <Title order={2} fz="md" id="plan-charges" mb="xs">
        Plan charges
      </Title>
      {list.isError ? (
        <QueryErrorAlert error={list.error} onRetry={() => void list.refetch()} />
      ) : list.isPending ? (
        <Skeleton height={40} />
      ) : list.data.rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          No plan charges: nothing to refund.
        </Text>
      ) : (
        <Stack component="ul" gap={0} p={0} m={0} style={{ listStyle: 'none' }}>
          {list.data.rows.map((row) => (
            <ChargeLine key={row.id} row={row} />
          ))}
        </Stack>
      )}
    </Paper>
  );
}
