import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Skeleton, Stack, Text, Title } from '@mantine/core';
import { messages } from '@pria/contracts';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { HoldAppShell } from '../../app/app-shell.ts';
import type { Subscription } from '../customer/types.ts';
import { usePlans } from '../plans/queries.ts';
import type { SubscriptionResult } from '../subscription/mutations.ts';
import { useMySubscription } from '../subscription/queries.ts';
import { CheckoutConfirmation } from './checkout-confirmation.tsx';
import { CheckoutForm } from './checkout-form.tsx';
import { checkoutWords as words } from './checkout-words.ts';
import { needsVerification, PendingVerification } from './pending-verification.tsx';

interface CheckoutViewProps {
  planId: string | null;
  onBack: () => void;
  /** Called once the subscription is active (or is waiting for the bank's confirmation). */
  onSubscribed: (result: SubscriptionResult, pending: boolean) => void;
  /** "Go to dashboard", from the confirmation or while the bank's confirmation is awaited. */
  onDone: () => void;
  /**
   * The page is opened again after paying (a reload of the confirmation, or of the wait for the
   * bank): it shows what the subscription now is instead of a form to pay again.
   */
  afterPayment?: boolean;
}

type Stage =
  | { kind: 'form'; notConfirmed?: string | null }
  | { kind: 'verifying'; result: SubscriptionResult }
  | { kind: 'paid'; result: SubscriptionResult };

/**
 * 'Checkout' for the chosen plan (the onboarding wizard and /dashboard/checkout): the form, then
 * the bank's verification when it asks for one, then the confirmation with the receipt.
 */
export function CheckoutView({
  planId,
  onBack,
  onSubscribed,
  onDone,
  afterPayment = false,
}: CheckoutViewProps) {
  const { i18n, t } = useLingui();
  const plans = usePlans();
  const mine = useMySubscription();
  const [chosen, setStage] = useState<Stage | null>(null);
  // Until the customer acts here, a page opened again after paying (or while the bank is asked)
  // shows the subscription's state.
  const waiting = mine.data?.status === 'pending_verification';
  const stage = chosen ?? (afterPayment || waiting ? stageOf(mine.data) : { kind: 'form' });
  // A plan already paid for is not bought twice: its plan changes on the plans page (ADR 40).
  const alreadyPaid = !chosen && !afterPayment && mine.data?.status === 'active';
  const plan = plans.data?.find(
    (p) => p.id === (stage.kind === 'form' ? planId : stage.result.subscription.plan.id),
  );

  let body: React.ReactNode;
  if (plans.isPending || (!chosen && mine.isPending)) {
    body = (
      <>
        <HoldAppShell />
        <Skeleton height={420} radius="lg" aria-label={t`Loading checkout`} />
      </>
    );
  } else if (alreadyPaid) {
    body = (
      <Alert color="blue" icon={<IconAlertCircle />} title={t`You already have a plan`}>
        <Text size="sm">
          <Trans>
            Your {mine.data?.plan.name} plan is active, so there is nothing to pay. To switch plans, change it
            on the plans page: the new plan starts when your current one renews.
          </Trans>
        </Text>
        <Button size="xs" mt="sm" variant="light" onClick={onBack}>
          <Trans>Back to plans</Trans>
        </Button>
      </Alert>
    );
  } else if (!plan) {
    body = (
      <Alert color="red" icon={<IconAlertCircle />} title={t`Please choose a plan`}>
        <Text size="sm">
          <Trans>The plan you picked is not available. Please choose one of our plans.</Trans>
        </Text>
        <Button size="xs" mt="sm" variant="light" color="red" onClick={onBack}>
          <Trans>Back to plans</Trans>
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
            title={t`Your bank did not confirm the payment`}
            role="alert"
          >
            <Text size="sm">
              {stage.notConfirmed ? `${stage.notConfirmed}. ` : ''}
              <Trans>Nothing was charged. You can try again or pay with another card.</Trans>
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
        {i18n._(words[messages.webCheckoutTitle])}
      </Title>
      {body}
    </Stack>
  );
}

/** The stage a page opened again after paying starts at: what the server says the subscription is. */
function stageOf(subscription: Subscription | null | undefined): Stage {
  const result = { subscription: subscription as Subscription, paymentSessionUrl: null, receipt: null };
  if (subscription?.status === 'active') return { kind: 'paid', result };
  if (subscription?.status === 'pending_verification') {
    return {
      kind: 'verifying',
      result: { ...result, paymentSessionUrl: subscription.verificationUrl ?? null },
    };
  }
  return { kind: 'form' };
}
