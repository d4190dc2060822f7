import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { formatDate } from '@pria/contracts';
import { IconAlertCircle, IconCheck, IconFilter } from '@tabler/icons-react';
import { useDeferredValue, useState } from 'react';
import { useCalendarLocale } from '../../app/i18n/calendar-locale.ts';
import { MenuDivider, MenuItem, MenuLabel, PopupMenu } from '../../components/overlays/popup-menu.tsx';
import { useNarrow } from '../../components/responsive-cards.tsx';
import {
  ACTIVITY_PAGE_SIZE,
  type ActivityFilterMode,
  type ActivityRange,
  defaultRange,
} from './activity-filter.ts';
import { ActivityList } from './activity-list.tsx';
import { ActivityTable } from './activity-table.tsx';
import { LazyCustomRangeModal } from './lazy-custom-range-modal.tsx';
import { useTransactions } from './queries.ts';

interface ActivitySectionProps {
  /** The card in view in the phone carousel ('Per Card'). */
  selectedCardId: string | null;
}

const filterLabels = {
  all: msg`All Cards`,
  card: msg`Per Card`,
  range: msg`Custom Range`,
} satisfies Record<ActivityFilterMode, unknown>;

/** Quick date ranges beside the spec's 'Custom Range' (issue 29: a range choice on phones). */
const presets = [
  { days: 30, label: msg`Last 30 days` },
  { days: 90, label: msg`Last 90 days` },
] as const;
const lastDays = (days: number): ActivityRange => {
  const now = Date.now();
  return { startDate: now - days * 86_400_000, endDate: now };
};

export function ActivitySection({ selectedCardId }: ActivitySectionProps) {
  const { i18n, t } = useLingui();
  const locale = useCalendarLocale();
  const narrow = useNarrow();
  const [mode, setMode] = useState<ActivityFilterMode>('all');
  const [range, setRange] = useState<ActivityRange>(() => defaultRange());
  const [limit, setLimit] = useState(ACTIVITY_PAGE_SIZE);
  const [rangeOpen, setRangeOpen] = useState(false);
  const [preset, setPreset] = useState<number | null>(null);
  // 'Per Card' exists on phones only, where the carousel chooses the card.
  const perCard = mode === 'card' && narrow && selectedCardId ? selectedCardId : undefined;
  const transactions = useTransactions({ limit, ...range, cardId: perCard });
  // The rows replace their skeleton in a background render, in slices (see DashboardPage).
  const rowsShown = useDeferredValue(!transactions.isPending);
  const loading = transactions.isPending || !rowsShown;

  const choose = (
    next: ActivityFilterMode,
    nextRange: ActivityRange = defaultRange(),
    days: number | null = null,
  ) => {
    setPreset(days);
    setMode(next);
    setRange(nextRange);
    setLimit(ACTIVITY_PAGE_SIZE);
  };

  const rows = transactions.data?.rows ?? [];
  const total = transactions.data?.totalCount ?? 0;
  const activeMode = mode === 'card' && !narrow ? 'all' : mode;

  return (
    <section aria-labelledby="activity-heading">
      <Group justify="space-between" mb="md">
        <Stack gap={0}>
          <Title order={2} id="activity-heading" size="h3" c="navy.9">
            <Trans>Activity</Trans>
          </Title>
          <Text size="sm" c="dimmed">
            {activeMode === 'range'
              ? `${preset ? `${t`Last ${preset} days`}: ` : ''}${formatDate(range.startDate, 'numeric', locale)} – ${formatDate(range.endDate, 'numeric', locale)}`
              : t`Last 180 days`}
            {perCard ? ` · ${t`selected card`}` : ''}
          </Text>
        </Stack>
        <PopupMenu
          placement="bottom-end"
          width={200}
          label={t`Filter activity`}
          target={
            <Button variant="default" leftSection={<IconFilter size={16} />}>
              {activeMode === 'range' && preset ? t`Last ${preset} days` : i18n._(filterLabels[activeMode])}
            </Button>
          }
        >
          {/* Two kinds of filter under one button: named, so the dates do not read as cards (a walk). */}
          <MenuLabel>{t`Cards`}</MenuLabel>
          {(['all', 'card'] as const)
            .filter((m) => m !== 'card' || narrow)
            .map((m) => (
              <MenuItem
                key={m}
                rightSection={activeMode === m ? <IconCheck size={14} aria-label={t`selected`} /> : null}
                onClick={() => choose(m)}
              >
                {i18n._(filterLabels[m])}
              </MenuItem>
            ))}
          <MenuDivider />
          <MenuLabel>{t`Dates`}</MenuLabel>
          {presets.map((p) => (
            <MenuItem
              key={p.days}
              rightSection={
                activeMode === 'range' && preset === p.days ? (
                  <IconCheck size={14} aria-label={t`selected`} />
                ) : null
              }
              onClick={() => choose('range', lastDays(p.days), p.days)}
            >
              {i18n._(p.label)}
            </MenuItem>
          ))}
          <MenuItem
            rightSection={
              activeMode === 'range' && !preset ? <IconCheck size={14} aria-label={t`selected`} /> : null
            }
            onClick={() => setRangeOpen(true)}
          >
            {i18n._(filterLabels.range)}
          </MenuItem>
        </PopupMenu>
      </Group>
      <Paper withBorder radius="lg" p={{ base: 'xs', sm: 'md' }}>
        {loading ? (
          <Stack gap="xs" aria-busy="true" aria-label={t`Loading activity`}>
            {[0, 1, 2, 3, 4].map((i) => (
              <Skeleton key={i} height={28} />
            ))}
          </Stack>
        ) : transactions.isError ? (
          <Alert color="red" icon={<IconAlertCircle />} title={t`Could not load your activity`}>
            <Button size="xs" variant="light" color="red" mt="xs" onClick={() => void transactions.refetch()}>
              <Trans>Try again</Trans>
            </Button>
          </Alert>
        ) : (
          <>
            {narrow ? <ActivityList rows={rows} /> : <ActivityTable rows={rows} />}
            {rows.length < total && (
              <Group justify="center" mt="md">
                <Button
                  variant="light"
                  loading={transactions.isFetching}
                  onClick={() => setLimit((l) => l + ACTIVITY_PAGE_SIZE)}
                >
                  <Trans>Show More</Trans>
                </Button>
              </Group>
            )}
          </>
        )}
      </Paper>
      <LazyCustomRangeModal
        opened={rangeOpen}
        onClose={() => setRangeOpen(false)}
        onApply={(picked) => choose('range', picked)}
      />
    </section>
  );
}
