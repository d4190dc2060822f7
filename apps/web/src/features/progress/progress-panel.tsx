import { Accordion, Anchor, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { creditEducation, formatDate, formatUsd, type Progress, progressSummary } from '@pria/contracts';
import { Link } from 'react-router';
import { useUpcoming } from '../subscription/queries.ts';
import { CardHistory } from './card-history.tsx';
import { useProgress } from './queries.ts';

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <Paper radius="md" p="sm" bg="gray.0">
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text fz={{ base: 'xl', sm: 26 }} fw={700} c="navy.9" lh={1.2}>
        {value}
      </Text>
    </Paper>
  );
}

function Summary({ p }: { p: Progress }) {
  return (
    <Stack gap="xs">
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
        <Stat label="On time in a row" value={`${p.onTimeRun} ${p.onTimeRun === 1 ? 'month' : 'months'}`} />
        <Stat label="Months" value={String(p.months)} />
        <Stat label="Charged" value={formatUsd(p.chargedCents)} />
        <Stat label="Paid back" value={formatUsd(p.paidBackCents)} />
      </SimpleGrid>
      <Text size="sm" c="dimmed">
        So far: {progressSummary(p)}.
      </Text>
    </Stack>
  );
}

/**
 * Before the first month: when it comes, in the engine's own schedule (the Upcoming panel's), so
 * the panel never promises a $3 charge the engine will not take (no plan, paused, ending first).
 */
function NotStartedYet() {
  const upcoming = useUpcoming();
  if (upcoming.isPending) return <Skeleton height={40} radius="sm" aria-label="Loading your schedule" />;
  const u = upcoming.data;
  if (u?.nextCharge) {
    return (
      <Text size="sm">
        Your first $3 charge is on {formatDate(u.nextCharge.at)} at 4pm New York time, and we pay it back on
        the 2nd. Each month will show here.
      </Text>
    );
  }
  if (u?.state === 'paused') {
    return (
      <Text size="sm">
        Charge &amp; Pay is paused, so no $3 charges are scheduled.{' '}
        <Anchor component={Link} to="/dashboard/account/subscription">
          Turn it back on
        </Anchor>{' '}
        to start building your payment history.
      </Text>
    );
  }
  if (u?.state === 'pending_verification') {
    return (
      <Text size="sm">
        Your $3 charges are scheduled once your bank confirms your plan's payment. Each month will show here.
      </Text>
    );
  }
  if (u?.state === 'active' || u?.state === 'cancelled') {
    return <Text size="sm">No $3 charge is scheduled before your plan ends.</Text>;
  }
  // No plan, no charges: never promise a first $3 that the engine will not take.
  return (
    <Text size="sm">
      Your plan is not active, so no $3 charges are scheduled.{' '}
      <Anchor component={Link} to="/dashboard/subscription">
        Choose a plan
      </Anchor>{' '}
      to start building your payment history.
    </Text>
  );
}

/**
 * The dashboard's "Your progress" panel (issue 32): what the months of Charge & Pay add up to,
 * each card's months (a table), and a few plain facts about credit.
 */
export function ProgressPanel() {
  const progress = useProgress();
  if (progress.isPending) return <Skeleton height={220} radius="lg" aria-label="Loading your progress" />;
  if (progress.isError || progress.data.cards.length === 0) return null;
  const p = progress.data;
  const started = p.cards.some((c) => c.history.length > 0);

  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby="progress-title"
      id="progress"
    >
      <Title order={2} fz="lg" c="navy.9" id="progress-title" mb="md">
        Your progress
      </Title>
      <Stack gap="lg">
        {started ? <Summary p={p} /> : <NotStartedYet />}
        {started &&
          p.cards.filter((c) => c.history.length > 0).map((c) => <CardHistory key={c.cardId} card={c} />)}
        <Accordion variant="contained" radius="md" chevronPosition="right">
          <Accordion.Item value="credit">
            <Accordion.Control>
              <Group gap="xs">
                <Text fw={600} size="sm">
                  How Charge & Pay relates to your credit
                </Text>
              </Group>
            </Accordion.Control>
            <Accordion.Panel>
              <Stack gap="sm">
                {creditEducation.map((e) => (
                  <div key={e.title}>
                    <Text fw={600} size="sm">
                      {e.title}
                    </Text>
                    <Text size="sm" c="dimmed">
                      {e.text}
                    </Text>
                  </div>
                ))}
              </Stack>
            </Accordion.Panel>
          </Accordion.Item>
        </Accordion>
      </Stack>
    </Paper>
  );
}
