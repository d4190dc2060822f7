import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Badge, Button, Paper, Radio, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { formatDate, formatUsd } from '@pria/contracts';
import { IconAlertCircle } from '@tabler/icons-react';
import { useCalendarLocale } from '../../app/i18n/calendar-locale.ts';
import type { Plan } from '../customer/types.ts';
import { billedEvery, pricePerInterval } from './plan-price.ts';
import { usePlans } from './queries.ts';

interface PlanPickerProps {
  /** The group's name: the heading above it, as it reads ("Select a subscription"). */
  label: string;
  value: string | null;
  onChange: (planId: string) => void;
  /** The plan in force (active, or waiting for the bank): "Current plan". Never an ended one (issue 29). */
  currentPlanId?: string;
  /** The plan a change is scheduled to, and from when (epoch ms): "From <date>" (ADR 40). */
  nextPlan?: { id: string; from: number } | null;
  /** The plan that ended, when none is in force: "Your last plan". */
  lastPlanId?: string;
}

type Mark = { label: string; color: string } | null;

/** 'Select a subscription': one radio card per plan, keyboard-navigable as a radio group. */
export function PlanPicker({ label, value, onChange, currentPlanId, nextPlan, lastPlanId }: PlanPickerProps) {
  const { t } = useLingui();
  const locale = useCalendarLocale();
  const plans = usePlans();
  if (plans.isPending) {
    return (
      <SimpleGrid cols={{ base: 1, sm: 2 }} aria-busy="true" aria-label={t`Loading plans`}>
        <Skeleton height={150} radius="lg" />
        <Skeleton height={150} radius="lg" />
      </SimpleGrid>
    );
  }
  if (plans.isError) {
    return (
      <Alert color="red" icon={<IconAlertCircle />} title={t`Could not load the plans`}>
        <Button size="xs" variant="light" color="red" mt="xs" onClick={() => void plans.refetch()}>
          <Trans>Try again</Trans>
        </Button>
      </Alert>
    );
  }
  if (plans.data.length === 0)
    return (
      <Text c="dimmed">
        <Trans>No Results</Trans>
      </Text>
    );
  return (
    // The radio group is named by the heading above it (issue 40: it had no name; an aria-label
    // here lands on Mantine's wrapper, not on the group). Its label is in the DOM for the group's
    // aria-labelledby only: the heading already shows it.
    <Radio.Group
      value={value}
      onChange={onChange}
      name="plan"
      label={label}
      labelProps={{ style: { display: 'none' } }}
    >
      <SimpleGrid cols={{ base: 1, sm: Math.min(3, plans.data.length) }} spacing="md">
        {plans.data.map((plan) => {
          const from = nextPlan ? formatDate(nextPlan.from, 'long', locale) : '';
          const marks: Mark[] = [
            plan.id === currentPlanId
              ? {
                  label: nextPlan ? t`Current plan · until ${from}` : t`Current plan`,
                  color: 'mint',
                }
              : null,
            plan.id === nextPlan?.id ? { label: t`From ${from}`, color: 'blue' } : null,
            plan.id === lastPlanId ? { label: t`Your last plan`, color: 'gray' } : null,
          ];
          return <PlanOption key={plan.id} plan={plan} marks={marks} />;
        })}
      </SimpleGrid>
    </Radio.Group>
  );
}

function PlanOption({ plan, marks }: { plan: Plan; marks: Mark[] }) {
  return (
    // Named by its content ("Annual, $5.50 / month, $66.00 billed every 12 months"): a name of the
    // plan alone would not hold the price it shows (WCAG 2.5.3 Label in Name; issue 40).
    <Radio.Card value={plan.id} radius="lg" p="lg" data-testid="plan-card">
      <Stack gap={6}>
        <Paper bg="transparent" style={{ display: 'flex', justifyContent: 'space-between', gap: 8 }}>
          <Text fw={700} fz="lg" c="navy.9">
            {plan.name}
          </Text>
          <Radio.Indicator />
        </Paper>
        {marks.map(
          (m) =>
            m && (
              <Badge key={m.label} variant="light" color={m.color} w="fit-content" tt="none">
                {m.label}
              </Badge>
            ),
        )}
        <Text fz={28} fw={800} c="navy.9" lh={1.1}>
          {pricePerInterval(plan)}
          <Text span fz="sm" fw={500} c="dimmed">
            {' '}
            <Trans>/ month</Trans>
          </Text>
        </Text>
        <Text size="sm" c="dimmed">
          {formatUsd(plan.price)} {billedEvery(plan)}
        </Text>
      </Stack>
    </Radio.Card>
  );
}
