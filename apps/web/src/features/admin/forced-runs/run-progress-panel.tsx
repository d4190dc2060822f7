import { ActionIcon, Affix, Badge, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { monthLabel } from '../shared/display.ts';
import { useForcedRuns } from './forced-runs-context.tsx';
import { useRunProgress } from './queries.ts';
import { type BillingRun, runKinds } from './run-kinds.ts';

function periodLabel(run: BillingRun) {
  // Pay-in and payout runs are per month ('2026-11'); subscription runs per New York day.
  return /^\d{4}-\d{2}$/.test(run.period) ? monthLabel(run.period) : run.period;
}

function RunProgressCard({ initial, onDismiss }: { initial: BillingRun; onDismiss: () => void }) {
  const { data: run = initial } = useRunProgress(initial);
  const completed = run.status === 'completed';
  const percent = run.total > 0 ? Math.round((run.done / run.total) * 100) : completed ? 100 : 0;
  const title = runKinds[run.kind]?.title ?? 'Run';
  return (
    <Paper withBorder shadow="md" radius="md" p="sm" w={{ base: 'calc(100vw - 32px)', xs: 320 }}>
      <Stack gap={6} role="status" aria-live="polite" aria-label={`${title} progress`}>
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Text fw={600} size="sm">
            {title} · {periodLabel(run)}
          </Text>
          <Group gap={4} wrap="nowrap">
            <Badge color={completed ? 'teal' : 'blue'} variant="light">
              {completed ? 'Completed' : 'Running'}
            </Badge>
            <ActionIcon variant="subtle" color="gray" size="sm" aria-label="Dismiss" onClick={onDismiss}>
              <IconX size={14} />
            </ActionIcon>
          </Group>
        </Group>
        <Progress
          value={percent}
          animated={!completed}
          color={run.failed > 0 ? 'orange' : 'teal'}
          aria-label={`${title}: ${run.done} of ${run.total} done`}
        />
        <Group justify="space-between">
          <Text size="xs" c="dimmed" data-testid="run-done">
            {run.done} / {run.total} done
          </Text>
          <Text size="xs" c={run.failed > 0 ? 'red.7' : 'dimmed'} data-testid="run-failed">
            {run.failed} failed
          </Text>
        </Group>
      </Stack>
    </Paper>
  );
}

/** Live progress of the runs forced from this tab, bottom-right on every admin screen. */
export function RunProgressPanel() {
  const { runs, dismiss } = useForcedRuns();
  if (runs.length === 0) return null;
  return (
    <Affix position={{ bottom: 16, right: 16 }} zIndex={300}>
      <Stack gap="xs">
        {runs.map((run) => (
          <RunProgressCard key={run.id} initial={run} onDismiss={() => dismiss(run.id)} />
        ))}
      </Stack>
    </Affix>
  );
}
