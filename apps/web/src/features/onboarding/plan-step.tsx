import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { messages } from '@pria/contracts';
import { useEffect } from 'react';
import { PlanPicker } from '../plans/plan-picker.tsx';
import { usePlans } from '../plans/queries.ts';
import { onboardingWords as words } from './onboarding-words.ts';

interface PlanStepProps {
  planId: string | null;
  onChange: (planId: string) => void;
  onBack: () => void;
  onDone: () => void;
  saving?: boolean;
}

/** Step 2: 'Select a subscription'; the last plan listed is preselected. */
export function PlanStep({ planId, onChange, onBack, onDone, saving = false }: PlanStepProps) {
  const { i18n } = useLingui();
  const plans = usePlans();
  const lastPlanId = plans.data?.[plans.data.length - 1]?.id;
  useEffect(() => {
    if (!planId && lastPlanId) onChange(lastPlanId);
  }, [planId, lastPlanId, onChange]);

  return (
    <Stack gap="lg">
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
        <Title order={2} size="h3" c="navy.9">
          {i18n._(words[messages.webSelectSubscription])}
        </Title>
        <Text c="dimmed" size="sm" mb="lg">
          <Trans>Whichever plan you choose covers all your cards.</Trans>
        </Text>
        <PlanPicker
          label={i18n._(words[messages.webSelectSubscription])}
          value={planId}
          onChange={onChange}
        />
      </Paper>
      <Group justify="space-between">
        <Button variant="default" onClick={onBack}>
          <Trans>Back</Trans>
        </Button>
        <Button onClick={onDone} disabled={!planId} loading={saving}>
          <Trans>Continue</Trans>
        </Button>
      </Group>
    </Stack>
  );
}
