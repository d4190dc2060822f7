import { Anchor, Badge, Button, Group, Paper, Select, Stack, Table, Text } from '@mantine/core';
import type { PaybackAttentionRow } from '@pria/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import { confirmAction } from '../../../components/confirm.tsx';
import { ScrollTable } from '../../../components/scroll-table.tsx';
import { AdminPageTitle } from '../shared/admin-page-title.tsx';
import classes from '../shared/admin-table.module.css';
import { dateTime, maskedCard, money, monthLabel, orDash } from '../shared/display.ts';
import { QueryErrorAlert, SkeletonRows } from '../shared/table-states.tsx';
import { usePaybacksNeedingAttention, useRetryPaybackNow, useSendPaybackToCard } from './queries.ts';

const COLS = 6;

/** A returned pay-back: pick one of the customer's other cards, confirm, send. */
function SendToCard({ row }: { row: PaybackAttentionRow }) {
  const send = useSendPaybackToCard();
  const [cardId, setCardId] = useState<string | null>(null);
  if (row.otherCards.length === 0) {
    return (
      <Text size="xs" c="dimmed">
        No other card: ask the customer to add one
      </Text>
    );
  }
  const card = row.otherCards.find((c) => c.id === cardId);
  return (
    <Group gap={6} wrap="nowrap">
      <Select
        size="xs"
        w={170}
        placeholder="Choose a card"
        aria-label={`Card to send the ${money(row.amount)} pay-back of ${row.customer.email ?? 'this customer'} to`}
        data={row.otherCards.map((c) => ({ value: c.id, label: maskedCard(c) }))}
        value={cardId}
        onChange={setCardId}
        comboboxProps={{ withinPortal: true }}
      />
      <Button
        size="xs"
        disabled={!card}
        loading={send.isPending}
        onClick={() =>
          card &&
          confirmAction({
            title: 'Send the pay-back to another card',
            message: `Send ${money(row.amount)} to ${maskedCard(card)}? It is paid at the next minute's tick and the customer is emailed when it goes through.`,
            onConfirm: () => send.mutate({ payoutId: row.id, cardId: card.id }),
          })
        }
      >
        Send
      </Button>
    </Group>
  );
}

function TryNow({ row }: { row: PaybackAttentionRow }) {
  const retry = useRetryPaybackNow();
  return (
    <Button
      size="xs"
      variant="light"
      loading={retry.isPending}
      onClick={() =>
        confirmAction({
          title: 'Try the pay-back now',
          message: `Try the ${money(row.amount)} pay-back to ${maskedCard(row.card)} at the next minute's tick instead of ${row.nextTryAt ? dateTime(row.nextTryAt) : 'its next scheduled try'}?`,
          onConfirm: () => retry.mutate({ payoutId: row.id }),
        })
      }
    >
      Try now
    </Button>
  );
}

/**
 * /admin/paybacks: the pay-backs that have not reached the customer (ADR 7, docs/operations.md).
 * Delayed ones the tick keeps retrying (staff may try one now); returned ones the card could not
 * take, with the customer's other cards to send them to. Every action is recorded.
 */
export default function PaybacksPage() {
  const list = usePaybacksNeedingAttention();
  const rows = list.data;
  return (
    <>
      <AdminPageTitle
        title="Pay-backs"
        description="Pay-backs that did not go through: delayed (retried automatically) or returned by the card"
      />
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
        {list.isError && <QueryErrorAlert error={list.error} onRetry={() => void list.refetch()} />}
        <ScrollTable label="Pay-backs needing attention" minWidth={880}>
          <Table
            striped
            highlightOnHover
            verticalSpacing={6}
            fz="sm"
            aria-label="Pay-backs needing attention"
          >
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Customer</Table.Th>
                <Table.Th w={80} ta="right">
                  Amount
                </Table.Th>
                <Table.Th w={110}>State</Table.Th>
                <Table.Th>Reason</Table.Th>
                <Table.Th w={150}>Card charged</Table.Th>
                <Table.Th w={250}>Action</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.isPending && <SkeletonRows colSpan={COLS} rows={3} />}
              {rows?.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={COLS}>
                    <Text c="dimmed" py="lg" px="sm">
                      No pay-backs need attention
                    </Text>
                  </Table.Td>
                </Table.Tr>
              )}
              {rows?.map((r) => (
                <Table.Tr key={r.id}>
                  <Table.Td>
                    <Anchor component={Link} to={`/admin/users/${r.customer.id}`} size="sm">
                      {orDash(r.customer.email)}
                    </Anchor>
                    <Text size="xs" c="dimmed">
                      {monthLabel(r.period)} charge
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right" className={classes.nowrap}>
                    {money(r.amount)}
                  </Table.Td>
                  <Table.Td className={classes.nowrap}>
                    <Stack gap={2}>
                      <Badge color={r.state === 'returned' ? 'red' : 'orange'} variant="light" miw={84}>
                        {r.state === 'returned' ? 'Returned' : 'Delayed'}
                      </Badge>
                      <Text size="xs" c="dimmed">
                        {r.tries} {r.tries === 1 ? 'try' : 'tries'}
                        {r.state === 'delayed' && r.nextTryAt ? ` · next ${dateTime(r.nextTryAt)}` : ''}
                      </Text>
                    </Stack>
                  </Table.Td>
                  <Table.Td>{orDash(r.reason)}</Table.Td>
                  <Table.Td className={classes.mono}>{maskedCard(r.card)}</Table.Td>
                  <Table.Td>{r.state === 'returned' ? <SendToCard row={r} /> : <TryNow row={r} />}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      </Paper>
    </>
  );
}
