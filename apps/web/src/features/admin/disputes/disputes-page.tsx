import { Anchor, Badge, Button, Group, Paper, SegmentedControl, Table, Text, Textarea } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { DisputeRow } from '@pria/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import { ScrollTable } from '../../../components/scroll-table.tsx';
import { AdminPageTitle } from '../shared/admin-page-title.tsx';
import classes from '../shared/admin-table.module.css';
import { dateTime, maskedCard, money, orDash } from '../shared/display.ts';
import { QueryErrorAlert, SkeletonRows } from '../shared/table-states.tsx';
import { decisionWords, disputedCharge, paybackLabel, refundedNote } from './dispute-words.ts';
import { useDecideDispute, useDisputes } from './queries.ts';

const COLS = 8;
const statusColor = { open: 'yellow', won: 'teal', lost: 'red' } as const;

/** Won or lost, with what it does to the money in words and an optional note, confirmed. */
function Decide({ row }: { row: DisputeRow }) {
  const decide = useDecideDispute();
  const ask = (outcome: 'won' | 'lost') => {
    let note = '';
    modals.openConfirmModal({
      title: outcome === 'won' ? 'Record the dispute as won' : 'Record the dispute as lost',
      centered: true,
      zIndex: 400,
      children: (
        <>
          <Text size="sm" mb="sm">
            {decisionWords(row, outcome)}
          </Text>
          <Textarea
            label="Note (optional)"
            autosize
            minRows={2}
            maxLength={500}
            onChange={(e) => {
              note = e.currentTarget.value;
            }}
          />
        </>
      ),
      labels: { confirm: outcome === 'won' ? 'Record as won' : 'Record as lost', cancel: 'Cancel' },
      confirmProps: { color: outcome === 'won' ? 'teal' : 'red' },
      onConfirm: () => decide.mutate({ id: row.id, outcome, note: note.trim() || undefined }),
    });
  };
  return (
    <Group gap={6} wrap="nowrap">
      <Button
        size="compact-xs"
        color="teal"
        variant="light"
        loading={decide.isPending}
        onClick={() => ask('won')}
      >
        Won
      </Button>
      <Button
        size="compact-xs"
        color="red"
        variant="light"
        loading={decide.isPending}
        onClick={() => ask('lost')}
      >
        Lost
      </Button>
    </Group>
  );
}

/**
 * /admin/disputes: chargebacks the processor reported. An open one withholds its pay-back (or,
 * when the pay-back was already sent, is money lost unless Pria wins); staff record the bank's
 * decision here, recorded in the audit trail.
 */
export default function DisputesPage() {
  const [status, setStatus] = useState<'open' | 'won' | 'lost' | 'all'>('open');
  const list = useDisputes(status);
  return (
    <>
      <AdminPageTitle
        title="Disputes"
        description="Chargebacks: a $3 charge disputed before its pay-back has the pay-back withheld until the bank decides; a plan charge has no pay-back"
      />
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
        <SegmentedControl
          mb="md"
          size="xs"
          value={status}
          onChange={(v) => setStatus(v as typeof status)}
          data={[
            { value: 'open', label: 'Open' },
            { value: 'won', label: 'Won' },
            { value: 'lost', label: 'Lost' },
            { value: 'all', label: 'All' },
          ]}
          aria-label="Dispute status"
        />
        {list.isError && <QueryErrorAlert error={list.error} onRetry={() => void list.refetch()} />}
        <ScrollTable label="Disputes" minWidth={900}>
          <Table striped highlightOnHover verticalSpacing={6} fz="sm" aria-label="Disputes">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Opened</Table.Th>
                <Table.Th>Customer</Table.Th>
                <Table.Th>Card</Table.Th>
                <Table.Th ta="right">Amount</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Reason</Table.Th>
                <Table.Th>Pay-back</Table.Th>
                <Table.Th>Decision</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.isPending && <SkeletonRows colSpan={COLS} rows={3} />}
              {list.data?.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={COLS}>
                    <Text c="dimmed" py="lg" px="sm">
                      {status === 'open' ? 'No open disputes' : 'No disputes'}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              )}
              {list.data?.map((d) => (
                <Table.Tr key={d.id}>
                  <Table.Td fz="xs">{dateTime(d.openedAt)}</Table.Td>
                  <Table.Td>
                    <Anchor component={Link} to={`/admin/users/${d.customer.id}`} size="sm">
                      {orDash(d.customer.email)}
                    </Anchor>
                    <Text size="xs" c="dimmed">
                      {disputedCharge(d)}
                    </Text>
                  </Table.Td>
                  <Table.Td className={classes.mono}>{maskedCard(d.card)}</Table.Td>
                  <Table.Td ta="right" className={classes.nowrap}>
                    {money(d.amount)}
                    {refundedNote(d) && (
                      <Text size="xs" c="dimmed">
                        {refundedNote(d)}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Badge color={statusColor[d.status]} variant="light">
                      {d.status}
                    </Badge>
                  </Table.Td>
                  <Table.Td fz="xs">{orDash(d.reason)}</Table.Td>
                  <Table.Td>
                    <Text
                      size="xs"
                      c={d.payback === 'already_sent' ? 'red.8' : d.payback === 'none' ? 'dimmed' : undefined}
                    >
                      {paybackLabel(d)}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    {d.status === 'open' ? (
                      <Decide row={d} />
                    ) : (
                      <Text size="xs" c="dimmed">
                        {d.decidedAt ? dateTime(d.decidedAt) : ''} {d.decidedBy ? `by ${d.decidedBy}` : ''}
                      </Text>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      </Paper>
    </>
  );
}
