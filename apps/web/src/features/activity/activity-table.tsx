import { Table, Text } from '@mantine/core';
import { brandDisplayNames, brandFromInput, formatDate, formatUsd, messages } from '@pria/contracts';
import { ScrollTable } from '../../components/scroll-table.tsx';
import type { Transaction } from './queries.ts';
import { ReceiptButton } from './receipt-button.tsx';

export const dash = '-';
export const orDash = (value: string | null | undefined) => (value?.trim() ? value : dash);

export function cardLabel(card: Transaction['card']): string {
  if (!card?.lastFour) return dash;
  const brand = brandFromInput(card.brand ?? '');
  return `${brand ? brandDisplayNames[brand] : orDash(card.brand)} •••• ${card.lastFour}`;
}

const columns = ['Date', 'Card', 'Description', 'State', 'Amount', 'Remarks'] as const;

export function ActivityTable({ rows }: { rows: Transaction[] }) {
  return (
    <ScrollTable label="Activity" minWidth={720}>
      <Table striped highlightOnHover verticalSpacing="sm" aria-label="Activity">
        <Table.Thead>
          <Table.Tr>
            {columns.map((c) => (
              <Table.Th key={c} scope="col" ta={c === 'Amount' ? 'right' : undefined}>
                {c}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={columns.length}>
                <Text ta="center" c="dimmed" py="lg">
                  {messages.noResults}
                </Text>
              </Table.Td>
            </Table.Tr>
          ) : (
            rows.map((row) => (
              <Table.Tr key={row.id}>
                <Table.Td>{row.createdAt ? formatDate(row.createdAt, 'numeric') : dash}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{cardLabel(row.card)}</Table.Td>
                <Table.Td>
                  {orDash(row.description)}
                  {row.receipt && (
                    <>
                      <br />
                      <ReceiptButton receipt={row.receipt} />
                    </>
                  )}
                </Table.Td>
                <Table.Td tt="capitalize">{orDash(row.transactionState?.replace(/_/g, ' '))}</Table.Td>
                <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                  {typeof row.amount === 'number' ? formatUsd(row.amount) : dash}
                </Table.Td>
                <Table.Td>{orDash(row.remarks)}</Table.Td>
              </Table.Tr>
            ))
          )}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}
