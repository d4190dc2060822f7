import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Table, Text } from '@mantine/core';
import { brandDisplayNames, brandFromInput, formatDate, formatUsd } from '@pria/contracts';
import { useCalendarLocale } from '../../app/i18n/calendar-locale.ts';
import { ScrollTable } from '../../components/scroll-table.tsx';
import { useScrollTableWords } from '../customer/scroll-table-words.ts';
import type { Transaction } from './queries.ts';
import { ReceiptButton } from './receipt-button.tsx';

export const dash = '-';
export const orDash = (value: string | null | undefined) => (value?.trim() ? value : dash);

/**
 * How the State column is cased: the server writes it in the customer's language, cased as that
 * language cases it; English keeps its words capitalized ("Not Paid Back"), as it always showed
 * them. Spanish is not written in title case ("No abonado").
 */
export const stateCase = (locale: string) => (locale === 'en' ? 'capitalize' : 'none');

export function cardLabel(card: Transaction['card']): string {
  if (!card?.lastFour) return dash;
  const brand = brandFromInput(card.brand ?? '');
  return `${brand ? brandDisplayNames[brand] : orDash(card.brand)} •••• ${card.lastFour}`;
}

const columns = [
  { key: 'date', label: msg`Date` },
  { key: 'card', label: msg`Card` },
  { key: 'description', label: msg`Description` },
  { key: 'state', label: msg`State` },
  { key: 'amount', label: msg`Amount` },
  { key: 'remarks', label: msg`Remarks` },
] as const;

export function ActivityTable({ rows }: { rows: Transaction[] }) {
  const { i18n, t } = useLingui();
  const locale = useCalendarLocale();
  const scrollWords = useScrollTableWords();
  return (
    <ScrollTable label={t`Activity`} minWidth={720} words={scrollWords}>
      <Table striped highlightOnHover verticalSpacing="sm" aria-label={t`Activity`}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((c) => (
              <Table.Th key={c.key} scope="col" ta={c.key === 'amount' ? 'right' : undefined}>
                {i18n._(c.label)}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={columns.length}>
                <Text ta="center" c="dimmed" py="lg">
                  <Trans>No Results</Trans>
                </Text>
              </Table.Td>
            </Table.Tr>
          ) : (
            rows.map((row) => (
              <Table.Tr key={row.id}>
                <Table.Td>{row.createdAt ? formatDate(row.createdAt, 'numeric', locale) : dash}</Table.Td>
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
                <Table.Td tt={stateCase(i18n.locale)}>
                  {orDash(row.transactionState?.replace(/_/g, ' '))}
                </Table.Td>
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
