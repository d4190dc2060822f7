import { Alert, Badge, Button, Group, Select, Skeleton, Stack, Switch, Text } from '@mantine/core';
import { cardName, formatDate, formatUsd, messages, planActionRefusal } from '@pria/contracts';
import { IconAlertCircle, IconCalendarEvent, IconCalendarX } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { confirmAction } from '../../components/confirm.tsx';
import { useCards } from '../cards/queries.ts';
import type { Subscription } from '../customer/types.ts';
import { billedEvery, pricePerInterval, renewsOn } from '../plans/plan-price.ts';
import { confirmPlanChange } from './confirm-plan-change.ts';
import { FinishVerification } from './finish-verification.tsx';
import { cancelDetails, pauseDetails, resumeDetails } from './lifecycle-words.ts';
import { useCancelSubscription, useKeepSubscription, useUpdateSubscription } from './mutations.ts';
import { payNowDetails } from './plan-change-words.ts';
import { useMySubscription, useUpcoming } from './queries.ts';
import { StatementDownloads } from './statement-downloads.tsx';
import { statusColor, statusLabel } from './status-label.ts';

/** Why the plan is inactive, naming the payment that failed: the checkout's or a renewal's. */
function inactiveWords(sub: Subscription): string {
  const which = sub.inactiveAfter === 'checkout' ? 'Your first payment' : 'The renewal payment';
  return sub.inactiveReason
    ? `${which} did not go through: ${sub.inactiveReason}. Nothing was charged.`
    : `${which} did not go through.`;
}

/** A plan that ended because its payment was refunded: say so, and how to start again. */
function EndedByRefund({ sub }: { sub: Subscription }) {
  return (
    <Alert color="gray" icon={<IconCalendarX />} title="Your plan has ended">
      <Stack gap="sm">
        <Text size="sm">
          Your {sub.plan.name} plan ended{sub.expiresAt ? ` on ${formatDate(sub.expiresAt)}` : ''} when its
          payment was refunded. There are no more Charge &amp; Pay charges or renewals. Every $3 already
          charged is still paid back to your card.
        </Text>
        <Button component={Link} to="/dashboard/subscription" variant="light" w="fit-content">
          Choose a plan
        </Button>
      </Stack>
    </Alert>
  );
}

/** An inactive subscription: why (the last decline), and paying now with another card. */
function PayNowWithAnotherCard({ sub }: { sub: Subscription }) {
  const cards = useCards();
  const update = useUpdateSubscription();
  const [cardId, setCardId] = useState<string | null>(null);
  const options = (cards.data ?? []).map((c) => ({
    value: c.id,
    label: cardName(c),
  }));
  return (
    <Alert color="orange" icon={<IconAlertCircle />} title="Your subscription is inactive">
      <Stack gap="sm">
        <Text size="sm">{inactiveWords(sub)} Pay now with this or another card to start a new period.</Text>
        <Group align="flex-end" gap="sm">
          <Select
            label="Card to pay with"
            placeholder="Choose a card"
            data={options}
            value={cardId ?? sub.card?.id ?? null}
            onChange={setCardId}
            allowDeselect={false}
            w={240}
            comboboxProps={{ withinPortal: true }}
          />
          <Button
            loading={update.isPending}
            disabled={!(cardId ?? sub.card?.id)}
            onClick={() => {
              const card = cardId ?? sub.card?.id;
              if (!card) return;
              const chosen = cards.data?.find((c) => c.id === card);
              confirmAction({
                title: `Pay ${formatUsd(sub.plan.total)} now`,
                message: `Charge ${formatUsd(sub.plan.total)} (including taxes) for ${sub.plan.name} to ${chosen ? cardName(chosen) : 'this card'} now?`,
                details: payNowDetails(sub.plan, renewsOn(sub.plan)),
                labels: { confirm: `Pay ${formatUsd(sub.plan.total)}`, cancel: 'Go back' },
                onConfirm: () => update.mutate({ subscription: sub, change: 'plan', card, isEnabled: true }),
              });
            }}
          >
            Pay {formatUsd(sub.plan.total)} now
          </Button>
        </Group>
        <Button
          component={Link}
          to="/dashboard/account/payment"
          variant="subtle"
          size="compact-sm"
          w="fit-content"
        >
          Add another card
        </Button>
      </Stack>
    </Alert>
  );
}

/** A plan change waiting for the renewal (ADR 40): when, for how much, and the way to call it off. */
function ScheduledChange({ sub }: { sub: Subscription }) {
  const update = useUpdateSubscription();
  const cards = useCards();
  const next = sub.nextPlan;
  if (!next || !sub.expiresAt) return null;
  const on = formatDate(sub.expiresAt);
  const card = cards.data?.find((c) => c.id === sub.card?.id);
  const stay = () =>
    confirmPlanChange(
      {
        current: sub.plan,
        chosen: sub.plan,
        scheduled: next,
        changesAt: sub.expiresAt as number,
        cardName: card ? cardName(card) : null,
        paused: false,
      },
      () => update.mutate({ subscription: sub, change: 'plan', plan: sub.plan.id, isEnabled: sub.isEnabled }),
    );
  return (
    <Alert
      color="blue"
      variant="light"
      icon={<IconCalendarEvent />}
      title={`Changes to ${next.name} on ${on}`}
    >
      <Stack gap="xs" align="flex-start">
        <Text size="sm">
          Nothing was charged for the change. Your {sub.plan.name} plan stays as it is until {on}
          {sub.isEnabled ? '' : ' (it renews only if you turn it back on before then)'}. On {on} we charge{' '}
          {formatUsd(next.total)} (including taxes) and your plan renews as {next.name}, {billedEvery(next)}.
        </Text>
        <Button size="sm" variant="light" loading={update.isPending} onClick={stay}>
          Stay on {sub.plan.name}
        </Button>
      </Stack>
    </Alert>
  );
}

/**
 * Account page: plan, status and what happens at the end date; pause (the spec's switch, with
 * what it does to renewal in words), "Cancel subscription" and "Keep my subscription"; the
 * reason an inactive subscription is inactive, with paying now; the yearly statements.
 */
export function SubscriptionSummary() {
  const subscription = useMySubscription();
  const update = useUpdateSubscription();
  const cancel = useCancelSubscription();
  const keep = useKeepSubscription();
  // What is still owed back, named in the cancel dialog (issue 40).
  const upcoming = useUpcoming();

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
        <StatementDownloads />
      </Stack>
    );
  }

  const active = sub.status === 'active';
  const cancelled = Boolean(sub.cancelledAt);
  const endsOn = sub.expiresAt ? formatDate(sub.expiresAt) : null;

  const toggle = (enable: boolean) =>
    confirmAction({
      title: enable ? 'Enable subscription' : 'Disable subscription',
      message: enable ? messages.webConfirmEnableSubscription : messages.webConfirmDisableSubscription,
      details: enable ? resumeDetails(active ? endsOn : null, cancelled) : pauseDetails(endsOn),
      danger: !enable,
      onConfirm: () =>
        update.mutate({ subscription: sub, change: enable ? 'resume' : 'pause', isEnabled: enable }),
    });

  const askCancel = () =>
    confirmAction({
      title: 'Cancel subscription',
      message: `Cancel ${sub.plan.name}? This is what happens:`,
      details: cancelDetails(sub, upcoming.data?.payBacksOwed ?? []),
      danger: true,
      labels: { confirm: 'Cancel subscription', cancel: 'Go back' },
      onConfirm: () => cancel.mutate(sub),
    });

  // Active but paused (ADR 18): no $3 charges, no renewal. The badge says so, as the line below does.
  const paused = active && !cancelled && !sub.isEnabled;
  // Which plan actions an active plan allows now is one rule (`planActionRefusal`, the server's):
  // the switch shows only when pausing it, or turning it back on, is allowed. A cancelled plan
  // that runs to its end has nothing to pause (issue 40: a disabled switch read "enabled").
  const planState = {
    status: sub.status,
    expiresAt: sub.expiresAt,
    cancelledAt: sub.cancelledAt ?? null,
    pausedAt: sub.pausedAt ?? null,
  };
  const switchAllowed = active
    ? planActionRefusal(sub.isEnabled ? 'pause' : 'resume', planState, new Date()) === null
    : sub.status !== 'inactive';
  // A cancelled plan does not renew, so there is no plan to change to (the server refuses it:
  // planChangeWhileCancelled); keeping the subscription comes first.
  const changeAllowed = sub.status !== 'inactive' && !cancelled;

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
          color={cancelled && active ? 'orange' : paused ? 'yellow' : statusColor[sub.status]}
          variant="light"
          size="lg"
          tt="none"
          data-testid="subscription-status"
        >
          {cancelled && active ? 'Cancelled' : paused ? 'Paused' : statusLabel[sub.status]}
        </Badge>
      </Group>
      {active && endsOn && !cancelled && (
        <Text size="sm">
          Valid until <strong>{endsOn}</strong>
          {sub.isEnabled
            ? sub.nextPlan
              ? ` · then renews as ${sub.nextPlan.name}`
              : ' · renews automatically'
            : ` · paused${sub.pausedAt ? ` since ${formatDate(sub.pausedAt)}` : ''}: no $3 charges, and it does not renew`}
        </Text>
      )}
      {active && endsOn && cancelled && (
        <Alert
          color="orange"
          variant="light"
          icon={<IconCalendarX />}
          title={`Cancelled — your plan ends on ${endsOn}; no renewal`}
        >
          <Stack gap="xs" align="flex-start">
            <Text size="sm">
              {sub.cancelledAt ? `You cancelled on ${formatDate(sub.cancelledAt)}. ` : ''}Your {sub.plan.name}{' '}
              plan stays active until {endsOn}, the end of the period you paid for, and does not renew. The
              monthly $3 charges continue until then and each is paid back. To change plan, keep your
              subscription first.
            </Text>
            <Button size="sm" loading={keep.isPending} onClick={() => keep.mutate(sub)}>
              Keep my subscription
            </Button>
          </Stack>
        </Alert>
      )}
      {active && !cancelled && sub.nextPlan && sub.expiresAt && <ScheduledChange sub={sub} />}
      <FinishVerification sub={sub} />
      {sub.status === 'inactive' && sub.endedBy === 'refund' && <EndedByRefund sub={sub} />}
      {sub.status === 'inactive' && sub.isEnabled && sub.endedBy !== 'refund' && (
        <PayNowWithAnotherCard sub={sub} />
      )}
      <Group justify="space-between">
        {switchAllowed ? (
          <Switch
            label="Subscription enabled"
            description={sub.isEnabled ? undefined : 'Paused: no $3 charges, and the plan will not renew'}
            checked={sub.isEnabled}
            disabled={update.isPending}
            onChange={(event) => toggle(event.currentTarget.checked)}
          />
        ) : (
          // An ended or cancelled plan has nothing to pause: no switch that reads "enabled".
          <span />
        )}
        <Group gap="xs">
          {changeAllowed ? (
            <Button component={Link} to="/dashboard/subscription" variant="light">
              Change plan
            </Button>
          ) : (
            // A plan no longer in force is chosen, not changed; one a refund ended offers that in
            // its notice above; a cancelled one is kept first. One button, the one that applies (issue 40).
            sub.status === 'inactive' &&
            sub.endedBy !== 'refund' && (
              <Button component={Link} to="/dashboard/subscription" variant="light">
                Choose a plan
              </Button>
            )
          )}
          {active && !cancelled && (
            <Button variant="subtle" color="red" loading={cancel.isPending} onClick={askCancel}>
              Cancel subscription
            </Button>
          )}
        </Group>
      </Group>
      <StatementDownloads />
    </Stack>
  );
}
