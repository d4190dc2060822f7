import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { cardName, formatDate, formatUsd } from '@pria/contracts';
import { IconCircleCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useCalendarLocale } from '../../app/i18n/calendar-locale.ts';
import { useTransactions } from '../activity/queries.ts';
import { ReceiptButton } from '../activity/receipt-button.tsx';
import { useCards } from '../cards/queries.ts';
import { useCustomer } from '../customer/queries.ts';
import type { Plan } from '../customer/types.ts';
import { renewsOn } from '../plans/plan-price.ts';
import type { SubscriptionResult } from '../subscription/mutations.ts';

/**
 * After paying (issue 29): what was bought, what was charged and on which card, the receipt,
 * when it renews and how to stop it. It stays until the customer moves on.
 */
export function CheckoutConfirmation({
  plan,
  result,
  onContinue,
}: {
  plan: Plan;
  result: SubscriptionResult;
  onContinue: () => void;
}) {
  const { t } = useLingui();
  const locale = useCalendarLocale();
  const cards = useCards();
  const customer = useCustomer();
  // The payment's answer carries its receipt; only one without it (paid after the bank's
  // confirmation, 3-D Secure, before the receipt existed) reads the newest plan charge's receipt
  // from the activity, once.
  const [days] = useState(() => ({ startDate: Date.now() - 86_400_000, endDate: Date.now() + 3_600_000 }));
  const recent = useTransactions({ limit: 10, ...days }, { enabled: !result.receipt });
  const receipt =
    result.receipt ??
    recent.data?.rows.find((r) => r.type === 'charge' && r.receipt !== null)?.receipt ??
    null;
  const card = cards.data?.find((c) => c.id === result.subscription.card?.id);
  const paidWith = card ? cardName(card) : t`your card`;
  const renewal = result.subscription.expiresAt
    ? formatDate(result.subscription.expiresAt, 'long', locale)
    : renewsOn(plan, new Date(), locale);
  const total = formatUsd(plan.total);
  const tax = formatUsd(plan.tax);
  const taxPercentage = plan.taxPercentage;
  const email = customer.data?.email;
  return (
    <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }} maw={640} role="status" aria-live="polite">
      <Stack gap="md">
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon color="teal" variant="light" radius="xl" size="xl" aria-hidden>
            <IconCircleCheck size={26} />
          </ThemeIcon>
          <Title order={2} size="h3" c="navy.9">
            <Trans>Payment received: you are subscribed</Trans>
          </Title>
        </Group>
        <Text>
          <Trans>
            <strong>{plan.name}</strong> plan: <strong>{total}</strong> (including {tax} tax at{' '}
            {taxPercentage}
            %) paid with {paidWith}.
          </Trans>
        </Text>
        {receipt && (
          <Group gap="xs">
            <Text size="sm">
              <Trans>Receipt {receipt.number}</Trans>
            </Text>
            <ReceiptButton receipt={receipt} label={t`Download receipt (PDF)`} size="compact-sm" />
          </Group>
        )}
        <Text size="sm">
          <Trans>
            Your plan renews automatically on <strong>{renewal}</strong> for {total}. You can cancel anytime
            in Account Settings → Subscription.
          </Trans>
        </Text>
        {customer.data?.email_verified ? (
          <Text size="sm" c="dimmed">
            <Trans>We also emailed the receipt to {email}.</Trans>
          </Text>
        ) : (
          <Text size="sm" c="dimmed">
            <Trans>Verify your email address in Account Settings to get receipts by email.</Trans>
          </Text>
        )}
        <Button onClick={onContinue} w="fit-content">
          <Trans>Go to dashboard</Trans>
        </Button>
      </Stack>
    </Paper>
  );
}
