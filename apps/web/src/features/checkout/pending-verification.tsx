import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { messages } from '@pria/contracts';
import { IconShieldCheck } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import type { Subscription } from '../customer/types.ts';
import type { SubscriptionResult } from '../subscription/mutations.ts';
import { useMySubscription } from '../subscription/queries.ts';

/**
 * The bank wants the customer to confirm the first payment on its own page (opened in a new
 * tab). This screen watches the subscription (the server asks the processor on each read) and
 * moves on by itself once the bank has answered; the page can be opened again meanwhile.
 */
export function PendingVerification({
  result,
  onContinue,
  onConfirmed,
  onNotConfirmed,
}: {
  result: SubscriptionResult;
  onContinue: () => void;
  onConfirmed: (subscription: Subscription) => void;
  /** The bank declined, or its window passed: the reason in its words. */
  onNotConfirmed: (reason: string | null) => void;
}) {
  const subscription = useMySubscription({ watchVerification: true });
  const status = subscription.data?.status;
  const settled = useRef(false);
  useEffect(() => {
    if (!subscription.data || settled.current) return;
    if (status === 'active') {
      settled.current = true;
      onConfirmed(subscription.data);
    } else if (status === 'inactive') {
      settled.current = true;
      onNotConfirmed(subscription.data.inactiveReason ?? null);
    }
  }, [status, subscription.data, onConfirmed, onNotConfirmed]);
  const url = subscription.data?.verificationUrl ?? result.paymentSessionUrl;

  return (
    <Alert color="yellow" icon={<IconShieldCheck />} title={messages.webStatusPending} role="status">
      <Stack gap="sm">
        <Text size="sm">{messages.webPendingVerificationHelp}</Text>
        <Text size="sm">This page moves on by itself once your bank has confirmed.</Text>
        <Group gap="sm">
          {url && (
            <Button component="a" href={url} target="_blank" rel="noopener noreferrer" size="sm">
              Finish verification
            </Button>
          )}
          <Button size="sm" variant="default" onClick={onContinue}>
            Go to dashboard
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

export const needsVerification = (result: SubscriptionResult) =>
  Boolean(result.paymentSessionUrl) || result.subscription.status === 'pending_verification';
