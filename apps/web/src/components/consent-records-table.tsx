import { Table, Text } from '@mantine/core';
import {
  type ConsentContext,
  type ConsentRecordView,
  formatDateTime,
  type Language,
  languageTags,
  legalDocuments,
} from '@pria/contracts';
import { ScrollTable, type ScrollTableWords } from './scroll-table.tsx';

/**
 * The table's words. It holds no message of the catalogs: staff's client detail passes its English
 * (issue 42: staff pages stay English), Account → Privacy its reader's (in the customer catalog).
 */
export interface ConsentRecordsWords {
  empty: string;
  columns: { document: string; version: string; where: string; accepted: string; ip: string };
  /** Where the consent was given. */
  contexts: Record<ConsentContext, string>;
  scroll: ScrollTableWords;
}

interface ConsentRecordsTableProps {
  records: ConsentRecordView[];
  label: string;
  /** The reader's language: the documents' names (the legal documents' registry) and the times in it. */
  language: Language;
  words: ConsentRecordsWords;
}

/**
 * Consent records as a table (Account → Privacy; staff's client detail): what, which version,
 * where, when (New York's time with its zone, "11/27/2026 at 7:17 AM ET", as every time on the
 * page), from where.
 */
export function ConsentRecordsTable({ records, label, language, words }: ConsentRecordsTableProps) {
  if (records.length === 0) return <Text size="sm">{words.empty}</Text>;
  const { columns } = words;
  return (
    <ScrollTable label={label} minWidth={560} words={words.scroll}>
      <Table verticalSpacing="xs" aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{columns.document}</Table.Th>
            <Table.Th>{columns.version}</Table.Th>
            <Table.Th>{columns.where}</Table.Th>
            <Table.Th>{columns.accepted}</Table.Th>
            <Table.Th>{columns.ip}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {records.map((r) => (
            <Table.Tr key={r.id}>
              <Table.Td>{legalDocuments[r.document].title[language]}</Table.Td>
              {/* A version is a date-like id (2026-11-27): never broken at its hyphens. */}
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{r.version}</Table.Td>
              <Table.Td>
                {words.contexts[r.context]}
                {r.card ? ` (${r.card})` : ''}
              </Table.Td>
              <Table.Td>{formatDateTime(r.acceptedAt, 'numeric', languageTags[language])}</Table.Td>
              <Table.Td>{r.ip ?? '-'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}
