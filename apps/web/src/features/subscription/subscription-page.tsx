import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { messages } from '@pria/contracts';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { notifyError } from '../../app/notify.ts';
import { useDelayedAction } from '../../components/use-delayed-action.ts';
import { useDocumentTitle } from '../../components/use-document-title.ts';
import { PlanPicker } from '../plans/plan-picker.tsx';
import { usePlans } from '../plans/queries.ts';
import { useUpdateSubscription } from './mutations.ts';
import { useMySubscription } from './queries.ts';

/** /dashboard/subscription: pick a plan; no subscription yet → checkout, otherwise change plan. */
export default function SubscriptionPage() {
  useDocumentTitle('Select a subscription');
  const navigate = useNavigate();
  const later = useDelayedAction();
  const plans = usePlans();
  const subscription = useMySubscription();
  const update = useUpdateSubscription();
  const [planId, setPlanId] = useState<string | null>(null);
  const current = subscription.data ?? null;

  // Preselect the current plan, else the last one listed (the spec's default).
  useEffect(() => {
    if (planId || !plans.data?.length || subscription.isPending) return;
    setPlanId(current?.plan.id ?? plans.data[plans.data.length - 1]?.id ?? null);
  }, [planId, plans.data, current, subscription.isPending]);

  const goBack = () =>
    window.history.length > 1 ? navigate(-1) : navigate('/dashboard/account/subscription');

  const continueToPayment = () => {
    if (!planId) return;
    if (!current) {
      navigate(`/dashboard/checkout?plan=${encodeURIComponent(planId)}`);
      return;
    }
    if (!current.card) {
      notifyError(messages.noFundingCardYour);
      return;
    }
    update.mutate(
      { subscription: current, change: 'plan', plan: planId, card: current.card.id, isEnabled: true },
      { onSuccess: () => later(goBack, 1500) },
    );
  };

  return (
    <Stack gap="lg">
      <div>
        <Title order={1} c="navy.9">
          {messages.webSelectSubscription}
        </Title>
        <Text c="dimmed" mt={4}>
          Every plan covers up to 3 cards with a $3 monthly Charge &amp; Pay on each.
        </Text>
      </div>
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
        <PlanPicker value={planId} onChange={setPlanId} currentPlanId={current?.plan.id} />
      </Paper>
      <Group justify="space-between">
        <Button variant="default" onClick={goBack}>
          Go Back
        </Button>
        <Button
          onClick={continueToPayment}
          disabled={!planId || subscription.isPending}
          loading={update.isPending}
        >
          Continue to Payment
        </Button>
      </Group>
    </Stack>
  );
}
