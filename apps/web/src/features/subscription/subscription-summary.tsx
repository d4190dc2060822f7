import { t } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Badge, Button, Group, NativeSelect, Skeleton, Stack, Switch, Text } from '@mantine/core';
import { cardName, formatDate, formatUsd, messages, planActionRefusal } from '@pria/contracts';
import { IconAlertCircle, IconCalendarEvent, IconCalendarX } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { useCalendarLocale } from '../../app/i18n/calendar-locale.ts';
import { translated } from '../../app/i18n/contract-messages.ts';
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
  const reason = sub.inactiveReason;
  if (sub.inactiveAfter === 'checkout')
    return reason
      ? t`Your first payment did not go through: ${reason}. Nothing was charged.`
      : t`Your first payment did not go through.`;
  return reason
    ? t`The renewal payment did not go through: ${reason}. Nothing was charged.`
    : t`The renewal payment did not go through.`;
}

/** A plan that ended because its payment was refunded: say so, and how to start again. */
function EndedByRefund({ sub }: { sub: Subscription }) {
  const { t } = useLingui();
  const locale = useCalendarLocale();
  const name = sub.plan.name;
  const ended = sub.expiresAt ? formatDate(sub.expiresAt, 'long', locale) : null;
  return (
    <Alert color="gray" icon={<IconCalendarX />} title={t`Your plan has ended`}>
      <Stack gap="sm">
        <Text size="sm">
          {ended ? (
            <Trans>
              Your {name} plan ended on {ended} when its payment was refunded. There are no more Charge &amp;
              Pay charges or renewals. Every $3 already charged is still paid back to your card.
            </Trans>
          ) : (
            <Trans>
              Your {name} plan ended when its payment was refunded. There are no more Charge &amp; Pay charges
              or renewals. Every $3 already charged is still paid back to your card.
            </Trans>
          )}
        </Text>
        <Button component={Link} to="/dashboard/subscription" variant="light" w="fit-content">
          <Trans>Choose a plan</Trans>
        </Button>
      </Stack>
    </Alert>
  );
}

/** An inactive subscription: why (the last decline), and paying now with another card. */
function PayNowWithAnotherCard({ sub }: { sub: Subscription }) {
  const { t } = useLingui();
  const locale = useCalendarLocale();
  const cards = useCards();
  const update = useUpdateSubscription();
  const total = formatUsd(sub.plan.total);
  const [cardId, setCardId] = useState<string | null>(null);
  const options = (cards.data ?? []).map((c) => ({
    value: c.id,
    label: cardName(c),
  }));
  return (
    <Alert color="orange" icon={<IconAlertCircle />} title={t`Your subscription is inactive`}>
      <Stack gap="sm">
        <Text size="sm">
          {inactiveWords(sub)} <Trans>Pay now with this or another card to start a new period.</Trans>
        </Text>
        <Group align="flex-end" gap="sm">
          <NativeSelect
            label={t`Card to pay with`}
            data={[{ value: '', label: t`Choose a card`, disabled: true }, ...options]}
            value={cardId ?? sub.card?.id ?? ''}
            onChange={(event) => setCardId(event.currentTarget.value || null)}
            w={240}
          />
          <Button
            loading={update.isPending}
            disabled={!(cardId ?? sub.card?.id)}
            onClick={() => {
              const card = cardId ?? sub.card?.id;
              if (!card) return;
              const chosen = cards.data?.find((c) => c.id === card);
              const name = sub.plan.name;
              const chosenName = chosen ? cardName(chosen) : null;
              confirmAction({
                title: t`Pay ${total} now`,
                message: chosenName
                  ? t`Charge ${total} (including taxes) for ${name} to ${chosenName} now?`
                  : t`Charge ${total} (including taxes) for ${name} to this card now?`,
                details: payNowDetails(sub.plan, renewsOn(sub.plan, new Date(), locale)),
                labels: { confirm: t`Pay ${total}`, cancel: t`Go back` },
                onConfirm: () => update.mutate({ subscription: sub, change: 'plan', card, isEnabled: true }),
              });
            }}
          >
            <Trans>Pay {total} now</Trans>
          </Button>
        </Group>
        <Button
          component={Link}
          to="/dashboard/account/payment"
          variant="subtle"
          size="compact-sm"
          w="fit-content"
        >
          <Trans>Add another card</Trans>
        </Button>
      </Stack>
    </Alert>
  );
}

/** A plan change waiting for the renewal (ADR 40): when, for how much, and the way to call it off. */
function ScheduledChange({ sub }: { sub: Subscription }) {
  const { t } = useLingui();
  const locale = useCalendarLocale();
  const update = useUpdateSubscription();
  const cards = useCards();
  const next = sub.nextPlan;
  if (!next || !sub.expiresAt) return null;
  const on = formatDate(sub.expiresAt, 'long', locale);
  const card = cards.data?.find((c) => c.id === sub.card?.id);
  const name = sub.plan.name;
  const nextName = next.name;
  const nextTotal = formatUsd(next.total);
  const every = billedEvery(next);
  const stay = () =>
    confirmPlanChange(
      {
        current: sub.plan,
        chosen: sub.plan,
        scheduled: next,
        changesAt: sub.expiresAt as number,
        cardName: card ? cardName(card) : null,
        paused: false,
        locale,
      },
      () => update.mutate({ subscription: sub, change: 'plan', plan: sub.plan.id, isEnabled: sub.isEnabled }),
    );
  return (
    <Alert
      color="blue"
      variant="light"
      icon={<IconCalendarEvent />}
      title={t`Changes to ${nextName} on ${on}`}
    >
      <Stack gap="xs" align="flex-start">
        <Text size="sm">
          {sub.isEnabled ? (
            <Trans>
              Nothing was charged for the change. Your {name} plan stays as it is until {on}. On {on} we
              charge {nextTotal} (including taxes) and your plan renews as {nextName}, {every}.
            </Trans>
          ) : (
            <Trans>
              Nothing was charged for the change. Your {name} plan stays as it is until {on} (it renews only
              if you turn it back on before then). On {on} we charge {nextTotal} (including taxes) and your
              plan renews as {nextName}, {every}.
            </Trans>
          )}
        </Text>
        <Button size="sm" variant="light" loading={update.isPending} onClick={stay}>
          <Trans>Stay on {name}</Trans>
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
  const { t } = useLingui();
  const locale = useCalendarLocale();
  const subscription = useMySubscription();
  const update = useUpdateSubscription();
  const cancel = useCancelSubscription();
  const keep = useKeepSubscription();
  // What is still owed back, named in the cancel dialog (issue 40).
  const upcoming = useUpcoming();

  if (subscription.isPending)
    return <Skeleton height={120} radius="md" aria-label={t`Loading subscription`} />;
  if (subscription.isError) {
    return (
      <Alert color="red" icon={<IconAlertCircle />} title={t`Could not load your subscription`}>
        <Button size="xs" variant="light" color="red" mt="xs" onClick={() => void subscription.refetch()}>
          <Trans>Try again</Trans>
        </Button>
      </Alert>
    );
  }
  const sub = subscription.data;
  if (!sub) {
    return (
      <Stack gap="sm" align="flex-start">
        <Text>
          <Trans>You do not have a subscription yet.</Trans>
        </Text>
        <Button component={Link} to="/dashboard/subscription">
          <Trans>Choose a plan</Trans>
        </Button>
        <StatementDownloads />
      </Stack>
    );
  }

  const active = sub.status === 'active';
  const cancelled = Boolean(sub.cancelledAt);
  const endsOn = sub.expiresAt ? formatDate(sub.expiresAt, 'long', locale) : null;
  const planName = sub.plan.name;
  const perMonth = pricePerInterval(sub.plan);
  const planTotal = formatUsd(sub.plan.total);
  const planEvery = billedEvery(sub.plan);
  const renewsAs = sub.nextPlan?.name;
  const pausedSince = sub.pausedAt ? formatDate(sub.pausedAt, 'long', locale) : null;
  const cancelledOn = sub.cancelledAt ? formatDate(sub.cancelledAt, 'long', locale) : null;

  const toggle = (enable: boolean) =>
    confirmAction({
      title: enable ? t`Enable subscription` : t`Disable subscription`,
      message: translated(
        enable ? messages.webConfirmEnableSubscription : messages.webConfirmDisableSubscription,
      ),
      details: enable ? resumeDetails(active ? endsOn : null, cancelled) : pauseDetails(endsOn),
      danger: !enable,
      onConfirm: () =>
        update.mutate({ subscription: sub, change: enable ? 'resume' : 'pause', isEnabled: enable }),
    });

  const askCancel = () =>
    confirmAction({
      title: t`Cancel subscription`,
      message: t`Cancel ${planName}? This is what happens:`,
      details: cancelDetails(sub, upcoming.data?.payBacksOwed ?? [], locale),
      danger: true,
      labels: { confirm: t`Cancel subscription`, cancel: t`Go back` },
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
            <Trans>
              {perMonth} / month · {planTotal} {planEvery} (including taxes)
            </Trans>
          </Text>
        </Stack>
        <Badge
          color={cancelled && active ? 'orange' : paused ? 'yellow' : statusColor[sub.status]}
          variant="light"
          size="lg"
          tt="none"
          data-testid="subscription-status"
        >
          {cancelled && active ? t`Cancelled` : paused ? t`Paused` : statusLabel(sub.status)}
        </Badge>
      </Group>
      {active && endsOn && !cancelled && (
        <Text size="sm">
          {sub.isEnabled ? (
            renewsAs ? (
              <Trans>
                Valid until <strong>{endsOn}</strong> · then renews as {renewsAs}
              </Trans>
            ) : (
              <Trans>
                Valid until <strong>{endsOn}</strong> · renews automatically
              </Trans>
            )
          ) : pausedSince ? (
            <Trans>
              Valid until <strong>{endsOn}</strong> · paused since {pausedSince}: no $3 charges, and it does
              not renew
            </Trans>
          ) : (
            <Trans>
              Valid until <strong>{endsOn}</strong> · paused: no $3 charges, and it does not renew
            </Trans>
          )}
        </Text>
      )}
      {active && endsOn && cancelled && (
        <Alert
          color="orange"
          variant="light"
          icon={<IconCalendarX />}
          title={t`Cancelled — your plan ends on ${endsOn}; no renewal`}
        >
          <Stack gap="xs" align="flex-start">
            <Text size="sm">
              {cancelledOn ? (
                <Trans>
                  You cancelled on {cancelledOn}. Your {planName} plan stays active until {endsOn}, the end of
                  the period you paid for, and does not renew. The monthly $3 charges continue until then and
                  each is paid back. To change plan, keep your subscription first.
                </Trans>
              ) : (
                <Trans>
                  Your {planName} plan stays active until {endsOn}, the end of the period you paid for, and
                  does not renew. The monthly $3 charges continue until then and each is paid back. To change
                  plan, keep your subscription first.
                </Trans>
              )}
            </Text>
            <Button size="sm" loading={keep.isPending} onClick={() => keep.mutate(sub)}>
              <Trans>Keep my subscription</Trans>
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
            label={t`Subscription enabled`}
            description={sub.isEnabled ? undefined : t`Paused: no $3 charges, and the plan will not renew`}
            checked={sub.isEnabled}
            // Busy, not disabled, while the change is sent: a disabled control drops the keyboard
            // focus, which the confirmation had just given back to it, onto the page.
            aria-disabled={update.isPending}
            onChange={(event) => {
              if (!update.isPending) toggle(event.currentTarget.checked);
            }}
          />
        ) : (
          // An ended or cancelled plan has nothing to pause: no switch that reads "enabled".
          <span />
        )}
        <Group gap="xs">
          {changeAllowed ? (
            <Button component={Link} to="/dashboard/subscription" variant="light">
              <Trans>Change plan</Trans>
            </Button>
          ) : (
            // A plan no longer in force is chosen, not changed; one a refund ended offers that in
            // its notice above; a cancelled one is kept first. One button, the one that applies (issue 40).
            sub.status === 'inactive' &&
            sub.endedBy !== 'refund' && (
              <Button component={Link} to="/dashboard/subscription" variant="light">
                <Trans>Choose a plan</Trans>
              </Button>
            )
          )}
          {active && !cancelled && (
            <Button variant="subtle" color="red" loading={cancel.isPending} onClick={askCancel}>
              <Trans>Cancel subscription</Trans>
            </Button>
          )}
        </Group>
      </Group>
      <StatementDownloads />
    </Stack>
  );
}
