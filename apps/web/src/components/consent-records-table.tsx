import { Table, Text } from '@mantine/core';
import { type ConsentRecordView, legalDocuments } from '@pria/contracts';
import { ScrollTable } from './scroll-table.tsx';

const where: Record<ConsentRecordView['context'], string> = {
  'sign-up': 'Sign-up',
  checkout: 'Checkout',
  card: 'Card added',
  update: 'Accepted an update',
};

/** Consent records as a table (Account → Privacy; staff's client detail): what, which version, where, when, from where. */
// New York's time with its zone ("11/27/2026, 7:17 AM EST"), as the other times on the same pages
// (the engine's calendar; a browser in UTC showed UTC here and ET beside it).
const acceptedWhen = new Intl.DateTimeFormat('en-US', {
  timeZone: 'America/New_York',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
});

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
              <Table.Td>{legalDocuments[r.document].title}</Table.Td>
              <Table.Td>{r.version}</Table.Td>
              <Table.Td>
                {where[r.context]}
                {r.card ? ` (${r.card})` : ''}
              </Table.Td>
              <Table.Td>{acceptedWhen.format(new Date(r.acceptedAt))}</Table.Td>
              <Table.Td>{r.ip ?? '-'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}
