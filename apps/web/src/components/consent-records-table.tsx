import { Box, Paper, Stack, Text } from '@mantine/core';
import {
  type ConsentContext,
  type ConsentRecordView,
  formatDateTime,
  type Language,
  languageTags,
  legalDocuments,
} from '@pria/contracts';
import classes from './consent-records.module.css';
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

/** What one record shows, in the table's cells as in the list's fields. */
function recordFields(r: ConsentRecordView, language: Language, words: ConsentRecordsWords) {
  return {
    document: legalDocuments[r.document].title[language],
    version: r.version,
    where: `${words.contexts[r.context]}${r.card ? ` (${r.card})` : ''}`,
    accepted: formatDateTime(r.acceptedAt, 'numeric', languageTags[language]),
    ip: r.ip ?? '-',
  };
}

/**
 * Consent records (Account → Privacy; staff's client detail): what, which version, where, when
 * (New York's time with its zone, "11/27/2026 at 7:17 AM ET", as every time on the page), from
 * where. A table; below Mantine's `sm` breakpoint (a phone at 390 px, where the table scrolled
 * sideways) a list, one item per record. The stylesheet makes the switch (no layout flash, no
 * script measuring the window), and the one not shown is display: none, so a screen reader meets
 * the records once.
 */
export function ConsentRecordsTable({ records, label, language, words }: ConsentRecordsTableProps) {
  if (records.length === 0) return <Text size="sm">{words.empty}</Text>;
  const { columns } = words;
  const rows = records.map((r) => ({ id: r.id, ...recordFields(r, language, words) }));
  return (
    <>
      <Stack component="ul" gap="xs" hiddenFrom="sm" aria-label={label} className={classes.list}>
        {rows.map((r) => (
          <Paper key={r.id} component="li" withBorder radius="md" p="sm">
            <Text size="sm" fw={600}>
              {r.document}
            </Text>
            <dl className={classes.fields}>
              <dt>{columns.version}</dt>
              <dd className={classes.nowrap}>{r.version}</dd>
              <dt>{columns.where}</dt>
              <dd>{r.where}</dd>
              <dt>{columns.accepted}</dt>
              <dd>{r.accepted}</dd>
              <dt>{columns.ip}</dt>
              <dd>{r.ip}</dd>
            </dl>
          </Paper>
        ))}
      </Stack>
      <Box visibleFrom="sm">
        <ScrollTable label={label} minWidth={560} words={words.scroll}>
          {/* A plain table in Mantine's look (consent-records.module.css): Mantine's Table brings its
              scroll container, the scroll area and Floating UI into the account page's first load. */}
          <table className={classes.table} aria-label={label}>
            <thead>
              <tr>
                <th>{columns.document}</th>
                <th>{columns.version}</th>
                <th>{columns.where}</th>
                <th>{columns.accepted}</th>
                <th>{columns.ip}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.id}>
                  <td>{r.document}</td>
                  {/* A version is a date-like id (2026-11-27): never broken at its hyphens. */}
                  <td className={classes.nowrap}>{r.version}</td>
                  <td>{r.where}</td>
                  <td>{r.accepted}</td>
                  <td>{r.ip}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollTable>
      </Box>
    </>
  );
}
