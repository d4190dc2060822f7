import { Table, Text } from '@mantine/core';
import { type ConsentRecordView, formatDateTime, legalDocuments } from '@pria/contracts';
import { ScrollTable } from './scroll-table.tsx';

const where: Record<ConsentRecordView['context'], string> = {
  'sign-up': 'Sign-up',
  checkout: 'Checkout',
  card: 'Card added',
  update: 'Accepted an update',
};

/**
 * Consent records as a table (Account → Privacy; staff's client detail): what, which version,
 * where, when (New York's time with its zone, "11/27/2026 at 7:17 AM ET", as every time on the
 * page), from where.
 */

export function ConsentRecordsTable({ records, label }: { records: ConsentRecordView[]; label: string }) {
  if (records.length === 0) return <Text size="sm">No Results</Text>;
  return (
    <ScrollTable label={label} minWidth={560}>
      <Table verticalSpacing="xs" aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Document</Table.Th>
            <Table.Th>Version</Table.Th>
            <Table.Th>Where</Table.Th>
            <Table.Th>Accepted</Table.Th>
            <Table.Th>IP address</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {records.map((r) => (
            <Table.Tr key={r.id}>
              <Table.Td>{legalDocuments[r.document].title.en}</Table.Td>
              <Table.Td>{r.version}</Table.Td>
              <Table.Td>
                {where[r.context]}
                {r.card ? ` (${r.card})` : ''}
              </Table.Td>
              <Table.Td>{formatDateTime(r.acceptedAt, 'numeric')}</Table.Td>
              <Table.Td>{r.ip ?? '-'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}
