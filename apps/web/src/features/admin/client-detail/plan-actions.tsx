import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { planActionRefusal, type StaffPlanAction } from '@pria/contracts';
import { confirmAction } from '../../../components/confirm.tsx';
import { usePrivileges } from '../shared/privileges.ts';
import { useClientUpcoming, useStaffPlanAction } from './plan-action-mutation.ts';
import { planActionWords, planMonths } from './plan-action-words.ts';
import { type ClientRecord, useClientCards } from './queries.ts';

/**
 * Pause, resume and cancel the client's plan where staff look at it (issue 40), for those who
 * hold subscription:put (finance, admin; the API checks it either way). Each asks first, in money
 * words from the client's own Upcoming, then calls the customer's own use case on the server. An
 * action the plan does not allow now is disabled, and the reason, the server's own rule
 * (`planActionRefusal`), is shown under it and read with it.
 */
export function PlanActions({ client }: { client: ClientRecord }) {
  const { permissions } = usePrivileges();
  const allowed = permissions.includes('subscription:put');
  const upcoming = useClientUpcoming(client.id, allowed);
  const act = useStaffPlanAction(client.id);
  const cards = useClientCards(client.id);
  if (!allowed) return null;
  const sub = client.subscription;
  const state = sub
    ? {
        status: sub.status,
        expiresAt: sub.expiresAt,
        cancelledAt: sub.cancelledAt ?? null,
        pausedAt: sub.pausedAt ?? null,
      }
    : null;
  const now = new Date();
  const paused = state?.pausedAt != null;
  // Pause and Resume are one switch: the one that applies is shown, as on the client's own page.
  const actions: StaffPlanAction[] = [paused ? 'resume' : 'pause', 'cancel'];
  const ask = (action: StaffPlanAction) => {
    if (!sub) return;
    // What the renewal charges: the plan it starts (a change waits for it, ADR 40), on the funding card.
    const renewing = sub.nextPlan ?? sub.plan;
    const funding = cards.data?.find((c) => c.id === sub.card?.id) ?? null;
    const words = planActionWords(
      action,
      {
        planName: (sub.periodPlan ?? sub.plan).name,
        expiresAt: sub.expiresAt,
        cancelled: Boolean(sub.cancelledAt),
        email: client.email,
        renewal:
          renewing.total === undefined
            ? null
            : { planName: renewing.name, amountCents: renewing.total, card: funding },
        change:
          sub.nextPlan && sub.expiresAt !== null
            ? {
                fromPlanName: sub.plan.name,
                planName: sub.nextPlan.name,
                amountCents: sub.nextPlan.total,
                months: planMonths(sub.nextPlan),
                at: sub.expiresAt,
              }
            : null,
      },
      upcoming.data,
    );
    confirmAction({
      title: words.title,
      message: words.message,
      details: words.details,
      danger: action === 'cancel',
      labels: { confirm: words.confirm, cancel: 'Go back' },
      onConfirm: () => act.mutate({ action, subscriptionId: sub.id }),
    });
  };
  const refusals = Object.fromEntries(actions.map((a) => [a, planActionRefusal(a, state, now)])) as Record<
    (typeof actions)[number],
    string | null
  >;
  const reasons = Object.values(refusals);
  const shared =
    reasons.length > 1 && reasons.every((r) => r !== null && r === reasons[0]) ? (reasons[0] ?? null) : null;
  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'sm', sm: 'md' }}
      component="section"
      aria-labelledby="plan-actions"
    >
      <Title order={2} fz="md" id="plan-actions" mb="xs">
        Plan actions
      </Title>
      <Stack gap="xs">
        {actions.map((action) => {
          const refusal = refusals[action];
          const reasonId = shared ? 'plan-actions-reason' : `plan-${action}-reason`;
          const label = { pause: 'Pause plan', resume: 'Resume plan', cancel: 'Cancel plan' }[action];
          return (
            <Group key={action} gap="sm" wrap="wrap" align="center">
              <Button
                variant={action === 'cancel' ? 'outline' : 'light'}
                color={action === 'cancel' ? 'red' : undefined}
                disabled={refusal !== null || upcoming.isPending}
                loading={act.isPending && act.variables?.action === action}
                aria-describedby={refusal ? reasonId : undefined}
                onClick={() => ask(action)}
              >
                {label}
              </Button>
              {refusal && !shared && (
                <Text size="sm" c="dimmed" id={reasonId}>
                  {refusal}
                </Text>
              )}
            </Group>
          );
        })}
        {/* One reason for every button (an ended plan) is said once, not under each (the walk). */}
        {shared && (
          <Text size="sm" c="dimmed" id="plan-actions-reason">
            {shared}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
