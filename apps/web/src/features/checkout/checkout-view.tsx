import { Alert, Button, Skeleton, Stack, Text, Title } from '@mantine/core';
import { messages } from '@pria/contracts';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { usePlans } from '../plans/queries.ts';
import type { SubscriptionResult } from '../subscription/mutations.ts';
import { CheckoutConfirmation } from './checkout-confirmation.tsx';
import { CheckoutForm } from './checkout-form.tsx';
import { needsVerification, PendingVerification } from './pending-verification.tsx';

interface CheckoutViewProps {
  planId: string | null;
  onBack: () => void;
  /** Called once the subscription is active (or is waiting for the bank's confirmation). */
  onSubscribed: (result: SubscriptionResult, pending: boolean) => void;
  /** "Go to dashboard", from the confirmation or while the bank's confirmation is awaited. */
  onDone: () => void;
}

type Stage =
  | { kind: 'form'; notConfirmed?: string | null }
  | { kind: 'verifying'; result: SubscriptionResult }
  | { kind: 'paid'; result: SubscriptionResult };

/**
 * 'Checkout' for the chosen plan (the onboarding wizard and /dashboard/checkout): the form, then
 * the bank's verification when it asks for one, then the confirmation with the receipt.
 */
export function CheckoutView({ planId, onBack, onSubscribed, onDone }: CheckoutViewProps) {
  const plans = usePlans();
  const [stage, setStage] = useState<Stage>({ kind: 'form' });
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
  } else if (stage.kind === 'paid') {
    body = <CheckoutConfirmation plan={plan} result={stage.result} onContinue={onDone} />;
  } else if (stage.kind === 'verifying') {
    body = (
      <PendingVerification
        result={stage.result}
        onContinue={onDone}
        onConfirmed={(subscription) => {
          const result = { ...stage.result, subscription, paymentSessionUrl: null };
          setStage({ kind: 'paid', result });
          onSubscribed(result, false);
        }}
        onNotConfirmed={(reason) => setStage({ kind: 'form', notConfirmed: reason })}
      />
    );
  } else {
    body = (
      <Stack gap="md">
        {stage.kind === 'form' && stage.notConfirmed !== undefined && (
          <Alert
            color="red"
            icon={<IconAlertCircle />}
            title="Your bank did not confirm the payment"
            role="alert"
          >
            <Text size="sm">
              {stage.notConfirmed ? `${stage.notConfirmed}. ` : ''}Nothing was charged. You can try again or
              pay with another card.
            </Text>
          </Alert>
        )}
        <CheckoutForm
          plan={plan}
          onBack={onBack}
          onSubscribed={(result) => {
            const waiting = needsVerification(result);
            setStage(waiting ? { kind: 'verifying', result } : { kind: 'paid', result });
            onSubscribed(result, waiting);
          }}
        />
      </Stack>
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
