import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Accordion, Anchor, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { formatDate, formatUsd, type Progress, progressSummary } from '@pria/contracts';
import { Link } from 'react-router';
import { useCalendarLocale } from '../../app/i18n/calendar-locale.ts';
import { useUpcoming } from '../subscription/queries.ts';
import { CardHistory } from './card-history.tsx';
import { creditEducationWords } from './credit-education-words.ts';
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
  const { t } = useLingui();
  const run = p.onTimeRun;
  return (
    <Stack gap="xs">
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
        <Stat label={t`On time in a row`} value={t`${plural(run, { one: '# month', other: '# months' })}`} />
        <Stat label={t`Months`} value={String(p.months)} />
        <Stat label={t`Charged`} value={formatUsd(p.chargedCents)} />
        <Stat label={t`Paid back`} value={formatUsd(p.paidBackCents)} />
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
  const { t } = useLingui();
  const locale = useCalendarLocale();
  const upcoming = useUpcoming();
  if (upcoming.isPending) return <Skeleton height={40} radius="sm" aria-label={t`Loading your schedule`} />;
  const u = upcoming.data;
  if (u?.nextCharge) {
    const day = formatDate(u.nextCharge.at, 'long', locale);
    return (
      <Text size="sm">
        <Trans>
          Your first $3 charge is on {day} at 4pm New York time, and we pay it back on the 2nd. Each month
          will show here.
        </Trans>
      </Text>
    );
  }
  if (u?.state === 'paused') {
    return (
      <Text size="sm">
        <Trans>
          Charge &amp; Pay is paused, so no $3 charges are scheduled.{' '}
          <Anchor component={Link} to="/dashboard/account/subscription">
            Turn it back on
          </Anchor>{' '}
          to start building your payment history.
        </Trans>
      </Text>
    );
  }
  if (u?.state === 'pending_verification') {
    return (
      <Text size="sm">
        <Trans>
          Your $3 charges are scheduled once your bank confirms your plan's payment. Each month will show
          here.
        </Trans>
      </Text>
    );
  }
  if (u?.state === 'active' || u?.state === 'cancelled') {
    return (
      <Text size="sm">
        <Trans>No $3 charge is scheduled before your plan ends.</Trans>
      </Text>
    );
  }
  // No plan, no charges: never promise a first $3 that the engine will not take.
  return (
    <Text size="sm">
      <Trans>
        Your plan is not active, so no $3 charges are scheduled.{' '}
        <Anchor component={Link} to="/dashboard/subscription">
          Choose a plan
        </Anchor>{' '}
        to start building your payment history.
      </Trans>
    </Text>
  );
}

/**
 * The dashboard's "Your progress" panel (issue 32): what the months of Charge & Pay add up to,
 * each card's months (a table), and a few plain facts about credit.
 */
export function ProgressPanel() {
  const { t, i18n } = useLingui();
  const progress = useProgress();
  if (progress.isPending) return <Skeleton height={220} radius="lg" aria-label={t`Loading your progress`} />;
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
        <Trans>Your progress</Trans>
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
                  <Trans>How Charge & Pay relates to your credit</Trans>
                </Text>
              </Group>
            </Accordion.Control>
            <Accordion.Panel>
              <Stack gap="sm">
                {creditEducationWords.map((e) => (
                  <div key={e.title.id}>
                    <Text fw={600} size="sm">
                      {i18n._(e.title)}
                    </Text>
                    <Text size="sm" c="dimmed">
                      {i18n._(e.text)}
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
