import { Trans, useLingui } from '@lingui/react/macro';
import { Divider, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { formatUsd } from '@pria/contracts';
import type { Plan } from '../customer/types.ts';
import { billedEvery, pricePerInterval } from '../plans/plan-price.ts';

function Row({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <Group justify="space-between" wrap="nowrap">
      <Text size="sm" c={strong ? 'navy.9' : 'dimmed'} fw={strong ? 700 : 400}>
        {label}
      </Text>
      <Text size={strong ? 'lg' : 'sm'} fw={strong ? 800 : 600} c="navy.9" ta="right">
        {value}
      </Text>
    </Group>
  );
}

/**
 * Plan, monthly price, the plan's price, its tax (percentage and dollars) and the total: every
 * amount as the server computed it (integer cents; price + tax = total), never worked out here.
 */
export function OrderSummary({ plan }: { plan: Plan }) {
  const { t } = useLingui();
  const perMonth = pricePerInterval(plan);
  const taxPercentage = plan.taxPercentage;
  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="order-summary-heading">
      <Title order={2} size="h4" id="order-summary-heading" c="navy.9" mb="md">
        <Trans>Order summary</Trans>
      </Title>
      <Stack gap="sm">
        <Row label={t`Plan`} value={plan.name} />
        <Row label={t`Price`} value={t`${perMonth} / month`} />
        <Text size="xs" c="dimmed" ta="right" mt={-8}>
          {billedEvery(plan)}
        </Text>
        <Row label={t`Plan price`} value={formatUsd(plan.price)} />
        <Row label={t`Tax (${taxPercentage}%)`} value={formatUsd(plan.tax)} />
        <Divider />
        <Row label={t`Total`} value={formatUsd(plan.total)} strong />
        <Text size="xs" c="dimmed" ta="right" mt={-8}>
          <Trans>including taxes</Trans>
        </Text>
      </Stack>
    </Paper>
  );
}
