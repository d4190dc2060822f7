import { Trans, useLingui } from '@lingui/react/macro';
import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { formatDate, formatUsd } from '@pria/contracts';
import { useCalendarLocale } from '../../app/i18n/calendar-locale.ts';
import { activityToneColor } from '../../components/activity-tone.ts';
import { cardLabel, dash, orDash, stateCase } from './activity-table.tsx';
import type { Transaction } from './queries.ts';
import { ReceiptButton } from './receipt-button.tsx';

/**
 * The activity on a phone (issue 29: the table scrolled sideways): one card per row, every
 * column of the table in it, read top to bottom.
 */
export function ActivityList({ rows }: { rows: Transaction[] }) {
  const { t, i18n } = useLingui();
  const locale = useCalendarLocale();
  if (rows.length === 0) {
    return (
      <Text ta="center" c="dimmed" py="lg">
        <Trans>No Results</Trans>
      </Text>
    );
  }
  return (
    <Stack
      gap="xs"
      component="ul"
      aria-label={t`Activity`}
      style={{ listStyle: 'none', padding: 0, margin: 0 }}
    >
      {rows.map((row) => (
        <Paper key={row.id} component="li" withBorder radius="md" p="sm">
          <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Text size="sm" fw={600}>
                {orDash(row.description)}
              </Text>
              <Text size="xs" c="dimmed">
                {row.createdAt ? formatDate(row.createdAt, 'numeric', locale) : dash} · {cardLabel(row.card)}
              </Text>
            </Stack>
            <Text fw={700} style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
              {typeof row.amount === 'number' ? formatUsd(row.amount) : dash}
            </Text>
          </Group>
          <Group gap="xs" mt={6} justify="space-between">
            <Badge
              size="sm"
              variant="light"
              color={activityToneColor[row.stateTone]}
              tt={stateCase(i18n.locale)}
            >
              {orDash(row.transactionState?.replace(/_/g, ' '))}
            </Badge>
            {row.receipt && <ReceiptButton receipt={row.receipt} />}
          </Group>
          {row.remarks?.trim() && (
            <Text size="xs" c="dimmed" mt={4}>
              {row.remarks}
            </Text>
          )}
        </Paper>
      ))}
    </Stack>
  );
}
