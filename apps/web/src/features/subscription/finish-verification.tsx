import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Group, Text } from '@mantine/core';
import { messages } from '@pria/contracts';
import { IconShieldCheck } from '@tabler/icons-react';
import { translated } from '../../app/i18n/contract-messages.ts';
import type { Subscription } from '../customer/types.ts';
import { useMySubscription } from './queries.ts';

/**
 * While a plan is "Pending Verification": the way back into the bank's 3-D Secure page (issue 29:
 * once the checkout screen was left, there was none), or, when the payment's answer has not
 * reached us yet, that we are waiting for the bank (nothing for the customer to do). The server
 * is asked to check with the processor every few seconds meanwhile, so the alert goes away by
 * itself once the bank has answered.
 */
export function FinishVerification({ sub }: { sub: Subscription }) {
  useMySubscription({ watchVerification: true });
  const { t } = useLingui();
  if (sub.status !== 'pending_verification') return null;
  const name = sub.plan.name;
  if (!sub.verificationUrl) {
    return (
      <Alert color="yellow" icon={<IconShieldCheck />} title={translated(messages.webWaitingForBank)}>
        <Text size="sm">{translated(messages.webWaitingForBankHelp)}</Text>
      </Alert>
    );
  }
  return (
    <Alert
      color="yellow"
      icon={<IconShieldCheck />}
      title={t`Your bank is waiting for you to confirm the payment`}
    >
      <Text size="sm" mb="sm">
        <Trans>
          Your {name} plan starts once your bank confirms the first payment. Nothing is charged until then.
        </Trans>
      </Text>
      <Group gap="sm">
        <Button component="a" href={sub.verificationUrl} target="_blank" rel="noopener noreferrer" size="sm">
          <Trans>Finish verification</Trans>
        </Button>
      </Group>
    </Alert>
  );
}

/** The dashboard's copy of it: shown only while a plan waits for the bank. */
export function VerificationBanner() {
  const subscription = useMySubscription();
  if (!subscription.data) return null;
  return <FinishVerification sub={subscription.data} />;
}
