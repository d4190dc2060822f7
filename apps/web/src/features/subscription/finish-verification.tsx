import { Alert, Button, Group, Text } from '@mantine/core';
import { IconShieldCheck } from '@tabler/icons-react';
import type { Subscription } from '../customer/types.ts';
import { useMySubscription } from './queries.ts';

/**
 * The way back into the bank's 3-D Secure page while a plan is "Pending Verification" (issue 29:
 * once the checkout screen was left, there was none). The subscription is read again every few
 * seconds meanwhile, so the alert goes away by itself once the bank has answered.
 */
export function FinishVerification({ sub }: { sub: Subscription }) {
  useMySubscription({ watchVerification: true });
  if (sub.status !== 'pending_verification') return null;
  return (
    <Alert
      color="yellow"
      icon={<IconShieldCheck />}
      title="Your bank is waiting for you to confirm the payment"
    >
      <Text size="sm" mb="sm">
        Your {sub.plan.name} plan starts once your bank confirms the first payment. Nothing is charged until
        then.
      </Text>
      <Group gap="sm">
        {sub.verificationUrl ? (
          <Button
            component="a"
            href={sub.verificationUrl}
            target="_blank"
            rel="noopener noreferrer"
            size="sm"
          >
            Finish verification
          </Button>
        ) : (
          <Text size="sm">We are checking with your bank…</Text>
        )}
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
