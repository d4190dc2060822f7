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
  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="order-summary-heading">
      <Title order={2} size="h4" id="order-summary-heading" c="navy.9" mb="md">
        Order summary
      </Title>
      <Stack gap="sm">
        <Row label="Plan" value={plan.name} />
        <Row label="Price" value={`${pricePerInterval(plan)} / month`} />
        <Text size="xs" c="dimmed" ta="right" mt={-8}>
          {billedEvery(plan)}
        </Text>
        <Row label="Plan price" value={formatUsd(plan.price)} />
        <Row label={`Tax (${plan.taxPercentage}%)`} value={formatUsd(plan.tax)} />
        <Divider />
        <Row label="Total" value={formatUsd(plan.total)} strong />
        <Text size="xs" c="dimmed" ta="right" mt={-8}>
          including taxes
        </Text>
      </Stack>
    </Paper>
  );
}
