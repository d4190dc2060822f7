import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { cardName, messages } from '@pria/contracts';
import { IconAlertCircle } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useCalendarLocale } from '../../app/i18n/calendar-locale.ts';
import { translated } from '../../app/i18n/contract-messages.ts';
import { canGoBackInApp } from '../../app/in-app-back.ts';
import { notifyError } from '../../app/notify.ts';
import { useDelayedAction } from '../../components/use-delayed-action.ts';
import { useDocumentTitle } from '../../components/use-document-title.ts';
import { useCards } from '../cards/queries.ts';
import { PlanPicker } from '../plans/plan-picker.tsx';
import { usePlans } from '../plans/queries.ts';
import { confirmPlanChange } from './confirm-plan-change.ts';
import { useUpdateSubscription } from './mutations.ts';
import { useMySubscription } from './queries.ts';

const accountSubscription = '/dashboard/account/subscription';

/**
 * /dashboard/subscription: pick a plan. Whenever the next step takes money (no plan yet, or one
 * that has ended), it goes through the checkout (summary, card, renewal terms, "Pay $X"); a plan
 * that is paid for changes at its renewal, after a confirmation that says the date and the amount
 * (ADR 40).
 */
export default function SubscriptionPage() {
  const { t } = useLingui();
  const locale = useCalendarLocale();
  useDocumentTitle(t`Select a subscription`);
  const navigate = useNavigate();
  const later = useDelayedAction();
  const plans = usePlans();
  const cards = useCards();
  const subscription = useMySubscription();
  const update = useUpdateSubscription();
  const [planId, setPlanId] = useState<string | null>(null);
  const current = subscription.data ?? null;
  // Paid for (or waiting for the bank): a plan in force, which a change affects only at renewal.
  const inForce = current && current.status !== 'inactive' ? current : null;
  const renewsInto = inForce ? (inForce.nextPlan ?? inForce.plan) : null;

  // Preselect the plan it renews into, else the last one bought, else the last listed (the spec's default).
  useEffect(() => {
    if (planId || !plans.data?.length || subscription.isPending) return;
    setPlanId(renewsInto?.id ?? current?.plan.id ?? plans.data[plans.data.length - 1]?.id ?? null);
  }, [planId, plans.data, current, renewsInto, subscription.isPending]);

  // Back where the customer came from, if that was in the app; else to their subscription.
  const goBack = () => (canGoBackInApp() ? navigate(-1) : navigate(accountSubscription));

  const waitingForBank = inForce?.status === 'pending_verification';
  const cancelled = Boolean(inForce?.cancelledAt);
  const unchanged = Boolean(renewsInto && planId === renewsInto.id);

  const changePlan = () => {
    const chosen = plans.data?.find((p) => p.id === planId);
    if (!inForce || !chosen || !inForce.expiresAt) return;
    if (!inForce.card) {
      notifyError(messages.noFundingCardYour);
      return;
    }
    const card = cards.data?.find((c) => c.id === inForce.card?.id);
    confirmPlanChange(
      {
        current: inForce.plan,
        chosen,
        scheduled: inForce.nextPlan ?? null,
        changesAt: inForce.expiresAt,
        cardName: card ? cardName(card) : null,
        paused: !inForce.isEnabled,
        locale,
      },
      () =>
        update.mutate(
          { subscription: inForce, change: 'plan', plan: chosen.id, card: inForce.card?.id, isEnabled: true },
          // The change is shown on the subscription: go there (never "back", which from a new
          // tab was about:blank: issue 40).
          { onSuccess: () => later(() => navigate(accountSubscription), 1500) },
        ),
    );
  };

  const continueToPayment = () => {
    if (!planId) return;
    if (!inForce) {
      // No plan, or one that ended: paying is a checkout, whatever the old subscription was.
      navigate(`/dashboard/checkout?plan=${encodeURIComponent(planId)}`);
      return;
    }
    changePlan();
  };

  const inForcePlan = inForce?.plan.name ?? '';
  return (
    <Stack gap="lg">
      <div>
        <Title order={1} c="navy.9">
          <Trans>Select a subscription</Trans>
        </Title>
        <Text c="dimmed" mt={4}>
          <Trans>Every plan covers up to 3 cards with a $3 monthly Charge &amp; Pay on each.</Trans>
        </Text>
      </div>
      {waitingForBank && (
        <Alert color="yellow" icon={<IconAlertCircle />} title={t`Your payment is waiting for your bank`}>
          <Text size="sm">
            <Trans>Your plan can change once your bank has confirmed the payment.</Trans>{' '}
            <Anchor component={Link} to="/dashboard/account/subscription" size="sm">
              <Trans>Finish the verification</Trans>
            </Anchor>
          </Text>
        </Alert>
      )}
      {cancelled && !waitingForBank && (
        <Alert color="orange" icon={<IconAlertCircle />} title={t`Your subscription is cancelled`}>
          <Text size="sm">
            {translated(messages.planChangeWhileCancelled)}{' '}
            <Anchor component={Link} to="/dashboard/account/subscription" size="sm">
              <Trans>Keep my subscription</Trans>
            </Anchor>
          </Text>
        </Alert>
      )}
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
        <PlanPicker
          label={t`Select a subscription`}
          value={planId}
          onChange={setPlanId}
          currentPlanId={inForce?.plan.id}
          nextPlan={
            inForce?.nextPlan && inForce.expiresAt
              ? { id: inForce.nextPlan.id, from: inForce.expiresAt }
              : null
          }
          lastPlanId={inForce ? undefined : current?.plan.id}
        />
      </Paper>
      <Group justify="space-between">
        <Button variant="default" onClick={goBack}>
          <Trans>Go Back</Trans>
        </Button>
        <Button
          onClick={continueToPayment}
          disabled={!planId || subscription.isPending || waitingForBank || cancelled || unchanged}
          loading={update.isPending}
        >
          {/* The spec's "Continue to Payment" where a payment follows (the checkout); on a plan
              in force nothing is charged when it changes, so the button says what it does
              (issue 40, ADR 61). */}
          {!inForce
            ? t`Continue to Payment`
            : inForce.nextPlan && planId === inForce.plan.id
              ? t`Stay on ${inForcePlan}`
              : t`Change plan`}
        </Button>
      </Group>
      {inForce && !waitingForBank && !cancelled && (
        <Text size="sm" c="dimmed">
          <Trans>A new plan starts when your current one renews. Nothing is charged when you change.</Trans>
        </Text>
      )}
    </Stack>
  );
}
