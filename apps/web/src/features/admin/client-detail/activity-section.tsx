import { Group, Paper, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { type CardView, dayInNewYork } from '@pria/contracts';
import { useState } from 'react';
import { dateOnly, maskedCard } from '../shared/display.ts';
import { QueryErrorAlert } from '../shared/table-states.tsx';
import { type ActivityMode, type DayRange, defaultWindow, rangeWindow } from './activity-filter.ts';
import { ACTIVITY_STEP, ActivityTable } from './activity-table.tsx';
import { useClientActivity, useClientLogs } from './queries.ts';
import { UserLogsTable } from './user-logs-table.tsx';

interface ActivitySectionProps {
  clientId: string;
  cards: CardView[];
  narrow: boolean;
  /** The card in view in the cards carousel (only below 500px). */
  carouselCardId: string | undefined;
}

/** Activity: the client's charges and pay-backs, or their sign-ins, with the spec's three filters. */
export function ActivitySection({ clientId, cards, narrow, carouselCardId }: ActivitySectionProps) {
  const [view, setView] = useState<'activity' | 'logs'>('activity');
  const [chosenMode, setMode] = useState<ActivityMode>('all');
  const [range, setRange] = useState<DayRange>([null, null]);
  const [limit, setLimit] = useState(ACTIVITY_STEP);
  const [logsPage, setLogsPage] = useState(1);
  const now = Date.now();

  // 'Per Card' exists only on phones (spec); widening the window falls back to all cards.
  const mode: ActivityMode = chosenMode === 'card' && !narrow ? 'all' : chosenMode;
  const picked = mode === 'range' ? rangeWindow(range) : undefined;
  // The default window is the server's (the last 180 days up to its now), asked without dates:
  // a window fixed when the page opened left out what staff did on it since (issue 40's walk).
  const span = picked ?? defaultWindow(now);
  const cardId = mode === 'card' ? (carouselCardId ?? cards[0]?.id) : undefined;
  const selectedCard = cards.find((c) => c.id === cardId);

  const activity = useClientActivity(clientId, {
    limit,
    startDate: picked?.start,
    endDate: picked?.end,
    cardId,
  });
  const logs = useClientLogs(
    clientId,
    {
      page: logsPage,
      ...(picked ? { startTime: picked.start, endTime: picked.end } : {}),
    },
    view === 'logs',
  );

  const modes = [
    { value: 'all', label: 'All Cards' },
    ...(narrow ? [{ value: 'card', label: 'Per Card' }] : []),
    { value: 'range', label: 'Custom range' },
  ];
  const current = view === 'activity' ? activity : logs;

  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'sm', sm: 'md' }}
      component="section"
      aria-labelledby="activity-title"
    >
      <Stack gap="sm">
        <Group justify="space-between" gap="sm">
          <Title order={2} fz="lg" id="activity-title">
            Activity
          </Title>
          <SegmentedControl
            aria-label="Show"
            value={view}
            onChange={(v) => setView(v as 'activity' | 'logs')}
            data={[
              { value: 'activity', label: 'Activity' },
              { value: 'logs', label: 'Logs' },
            ]}
            size="xs"
          />
        </Group>
        <Group gap="sm" align="flex-end">
          <SegmentedControl
            aria-label="Filter"
            value={mode}
            onChange={(v) => {
              setMode(v as ActivityMode);
              setLimit(ACTIVITY_STEP);
              setLogsPage(1);
            }}
            data={modes}
            size="xs"
          />
          {mode === 'range' && (
            <DatePickerInput
              type="range"
              label="Date range"
              placeholder="Pick dates"
              size="xs"
              value={range}
              onChange={(v) => {
                setRange(v as DayRange);
                setLimit(ACTIVITY_STEP);
                setLogsPage(1);
              }}
              maxDate={dayInNewYork(now)}
              allowSingleDateInRange
              clearable
              miw={220}
            />
          )}
        </Group>
        <Text size="xs" c="dimmed" aria-live="polite">
          {dateOnly(span.start)} – {dateOnly(span.end)}
          {selectedCard ? ` · ${maskedCard(selectedCard)}` : ''}
        </Text>
        {current.isError && <QueryErrorAlert error={current.error} onRetry={() => void current.refetch()} />}
        {view === 'activity' ? (
          <ActivityTable
            rows={activity.data?.rows}
            totalCount={activity.data?.totalCount ?? 0}
            loading={activity.isPending}
            limit={limit}
            onLimit={setLimit}
          />
        ) : (
          <UserLogsTable
            rows={logs.data?.logs}
            total={logs.data?.total ?? 0}
            loading={logs.isPending}
            page={logsPage}
            onPage={setLogsPage}
          />
        )}
      </Stack>
    </Paper>
  );
}
