import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { messages } from '@pria/contracts';
import { IconShieldCheck } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import type { Subscription } from '../customer/types.ts';
import type { SubscriptionResult } from '../subscription/mutations.ts';
import { useMySubscription } from '../subscription/queries.ts';
import { checkoutWords as words } from './checkout-words.ts';

/**
 * The first payment waits for the bank: it wants the customer to confirm it on its own page
 * (opened in a new tab; it can be opened again here), or its answer has not reached us yet (the
 * processor did not answer in time: nothing to do but wait). This screen asks the server to
 * check with the processor every few seconds and moves on by itself once the bank has answered.
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
  const { i18n } = useLingui();
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
    <Alert
      color="yellow"
      icon={<IconShieldCheck />}
      title={i18n._(words[messages.webStatusPending])}
      role="status"
    >
      <Stack gap="sm">
        <Text size="sm">
          {i18n._(words[url ? messages.webPendingVerificationHelp : messages.webWaitingForBankHelp])}
        </Text>
        <Text size="sm">
          <Trans>This page moves on by itself once your bank has answered.</Trans>
        </Text>
        <Group gap="sm">
          {url && (
            <Button component="a" href={url} target="_blank" rel="noopener noreferrer" size="sm">
              <Trans>Finish verification</Trans>
            </Button>
          )}
          <Button size="sm" variant="default" onClick={onContinue}>
            <Trans>Go to dashboard</Trans>
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

export const needsVerification = (result: SubscriptionResult) =>
  Boolean(result.paymentSessionUrl) || result.subscription.status === 'pending_verification';
