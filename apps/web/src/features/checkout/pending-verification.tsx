import { Alert, Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { messages } from '@pria/contracts';
import { IconShieldCheck } from '@tabler/icons-react';
import type { SubscriptionResult } from '../subscription/mutations.ts';

/** The bank wants the customer to confirm the first payment on its own page (opened in a new tab). */
export function PendingVerification({
  result,
  onContinue,
}: {
  result: SubscriptionResult;
  onContinue: () => void;
}) {
  return (
    <Alert color="yellow" icon={<IconShieldCheck />} title={messages.webStatusPending} role="status">
      <Stack gap="sm">
        <Text size="sm">{messages.webPendingVerificationHelp}</Text>
        <Group gap="md">
          {result.paymentSessionUrl && (
            <Anchor href={result.paymentSessionUrl} target="_blank" rel="noopener noreferrer" size="sm">
              Open the confirmation page again
            </Anchor>
          )}
          <Button size="xs" onClick={onContinue}>
            Go to dashboard
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

export const needsVerification = (result: SubscriptionResult) =>
  Boolean(result.paymentSessionUrl) || result.subscription.status === 'pending_verification';
