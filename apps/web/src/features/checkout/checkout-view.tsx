import { Alert, Button, Skeleton, Stack, Text, Title } from '@mantine/core';
import { messages } from '@pria/contracts';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { usePlans } from '../plans/queries.ts';
import type { SubscriptionResult } from '../subscription/mutations.ts';
import { CheckoutForm } from './checkout-form.tsx';
import { needsVerification, PendingVerification } from './pending-verification.tsx';

interface CheckoutViewProps {
  planId: string | null;
  onBack: () => void;
  /** Called once the subscription is active (or is waiting for the bank's confirmation). */
  onSubscribed: (result: SubscriptionResult, pending: boolean) => void;
  onPendingContinue: () => void;
}

/** 'Checkout' for the chosen plan: used by the onboarding wizard and /dashboard/checkout. */
export function CheckoutView({ planId, onBack, onSubscribed, onPendingContinue }: CheckoutViewProps) {
  const plans = usePlans();
  const [pending, setPending] = useState<SubscriptionResult | null>(null);
  const plan = plans.data?.find((p) => p.id === planId);

  let body: React.ReactNode;
  if (plans.isPending) body = <Skeleton height={420} radius="lg" aria-label="Loading checkout" />;
  else if (!plan) {
    body = (
      <Alert color="red" icon={<IconAlertCircle />} title="Please choose a plan">
        <Text size="sm">The plan you picked is not available. Please choose one of our plans.</Text>
        <Button size="xs" mt="sm" variant="light" color="red" onClick={onBack}>
          Back to plans
        </Button>
      </Alert>
    );
  } else if (pending) body = <PendingVerification result={pending} onContinue={onPendingContinue} />;
  else {
    body = (
      <CheckoutForm
        plan={plan}
        onBack={onBack}
        onSubscribed={(result) => {
          const waiting = needsVerification(result);
          if (waiting) setPending(result);
          onSubscribed(result, waiting);
        }}
      />
    );
  }

  return (
    <Stack gap="lg">
      <Title order={1} c="navy.9">
        {messages.webCheckoutTitle}
      </Title>
      {body}
    </Stack>
  );
}
