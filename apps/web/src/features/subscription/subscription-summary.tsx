import { Alert, Badge, Button, Group, Skeleton, Stack, Switch, Text } from '@mantine/core';
import { formatUsd, messages } from '@pria/contracts';
import { IconAlertCircle } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { Link } from 'react-router';
import { confirmAction } from '../../components/confirm.tsx';
import { billedEvery, pricePerInterval } from '../plans/plan-price.ts';
import { useUpdateSubscription } from './mutations.ts';
import { useMySubscription } from './queries.ts';
import { statusColor, statusLabel } from './status-label.ts';

/** Account page: plan, status, 'Valid until', the enable switch (with confirm) and 'Change plan'. */
export function SubscriptionSummary() {
  const subscription = useMySubscription();
  const update = useUpdateSubscription();

  if (subscription.isPending) return <Skeleton height={120} radius="md" aria-label="Loading subscription" />;
  if (subscription.isError) {
    return (
      <Alert color="red" icon={<IconAlertCircle />} title="Could not load your subscription">
        <Button size="xs" variant="light" color="red" mt="xs" onClick={() => void subscription.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  }
  const sub = subscription.data;
  if (!sub) {
    return (
      <Stack gap="sm" align="flex-start">
        <Text>You do not have a subscription yet.</Text>
        <Button component={Link} to="/dashboard/subscription">
          Choose a plan
        </Button>
      </Stack>
    );
  }

  const toggle = (enable: boolean) =>
    confirmAction({
      title: enable ? 'Enable subscription' : 'Disable subscription',
      message: enable ? messages.webConfirmEnableSubscription : messages.webConfirmDisableSubscription,
      danger: !enable,
      onConfirm: () =>
        update.mutate({ subscription: sub, change: enable ? 'resume' : 'pause', isEnabled: enable }),
    });

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start">
        <Stack gap={4}>
          <Text fw={700} fz="lg" c="navy.9">
            {sub.plan.name}
          </Text>
          <Text size="sm" c="dimmed">
            {pricePerInterval(sub.plan)} / month · {formatUsd(sub.plan.total)} {billedEvery(sub.plan)}{' '}
            (including taxes)
          </Text>
        </Stack>
        <Badge
          color={statusColor[sub.status]}
          variant="light"
          size="lg"
          tt="none"
          data-testid="subscription-status"
        >
          {statusLabel[sub.status]}
        </Badge>
      </Group>
      {sub.status === 'active' && sub.expiresAt && (
        <Text size="sm">
          Valid until <strong>{dayjs(sub.expiresAt).format('MMMM DD, YYYY')}</strong>
        </Text>
      )}
      <Group justify="space-between">
        <Switch
          label="Subscription enabled"
          checked={sub.isEnabled}
          disabled={update.isPending}
          onChange={(event) => toggle(event.currentTarget.checked)}
        />
        <Button component={Link} to="/dashboard/subscription" variant="light">
          Change plan
        </Button>
      </Group>
    </Stack>
  );
}
