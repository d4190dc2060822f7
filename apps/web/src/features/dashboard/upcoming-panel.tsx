import { Alert, Anchor, Group, Paper, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { formatDate, formatUsd } from '@pria/contracts';
import {
  IconAlertTriangle,
  IconArrowBackUp,
  IconCalendarEvent,
  IconCreditCard,
  IconRefresh,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useUpcoming } from '../subscription/queries.ts';
import { cardList, cardName, owedWords } from './upcoming-words.ts';

function Line({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <Group gap="sm" align="flex-start" wrap="nowrap">
      <ThemeIcon variant="light" radius="xl" size="md" aria-hidden>
        {icon}
      </ThemeIcon>
      <div>
        <Text size="xs" c="dimmed" fw={600} tt="uppercase">
          {label}
        </Text>
        <Text size="sm">{children}</Text>
      </div>
    </Group>
  );
}

/**
 * The dashboard's "Upcoming" panel (issue 19): what Pria will do next, from the server's schedule
 * (the money engine's own code), so it cannot disagree with what the engine then does.
 */
export function UpcomingPanel() {
  const upcoming = useUpcoming();
  if (upcoming.isPending) return <Skeleton height={150} radius="md" aria-label="Loading what happens next" />;
  // Waiting for the bank (the verification banner says so): nothing is scheduled yet, and "your
  // plan has ended" would be wrong (issue 29).
  if (upcoming.isError || upcoming.data.state === 'none' || upcoming.data.state === 'pending_verification')
    return null;
  const u = upcoming.data;
  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby="upcoming-title"
    >
      <Title order={2} fz="lg" c="navy.9" id="upcoming-title" mb="md">
        Upcoming
      </Title>
      <Stack gap="md">
        {u.payBacksOwed.length > 0 && (
          <Line icon={<IconArrowBackUp size={16} />} label="Next pay-back">
            {u.payBacksOwed.map((o, i) => (
              <span key={`${o.period}-${o.card?.id ?? i}`}>
                {i > 0 && <br />}
                {owedWords(o, Date.now())}
              </span>
            ))}
          </Line>
        )}
        {u.nextCharge ? (
          <Line icon={<IconCreditCard size={16} />} label="Next $3 charge">
            {formatDate(u.nextCharge.at)} at 4pm New York time: {formatUsd(u.nextCharge.amountPerCard)}{' '}
            {u.nextCharge.cards.length === 0
              ? 'on no card yet'
              : u.nextCharge.cards.length === 1
                ? `on ${cardName(u.nextCharge.cards[0] as (typeof u.nextCharge.cards)[number])}`
                : `on each of ${cardList(u.nextCharge.cards)} (${formatUsd(u.nextCharge.amountPerCard * u.nextCharge.cards.length)} in all)`}
          </Line>
        ) : (
          <Line icon={<IconCreditCard size={16} />} label="Next $3 charge">
            {u.state === 'paused' ? (
              <>
                None while Charge &amp; Pay is paused.{' '}
                <Anchor component={Link} to="/dashboard/account/subscription" size="sm">
                  Turn it back on
                </Anchor>
              </>
            ) : (
              <>
                None scheduled:{' '}
                {u.state === 'inactive' ? 'your subscription is inactive' : 'your plan has ended by then'}
              </>
            )}
          </Line>
        )}
        {u.payBack && (
          <Line icon={<IconArrowBackUp size={16} />} label="Pay-back">
            {formatDate(u.payBack.at)} at 4pm New York time,{' '}
            {u.nextCharge && u.nextCharge.cards.length > 1
              ? 'each $3 to the card it was charged to'
              : 'to the same card'}
          </Line>
        )}
        {u.renewal && (
          <Line icon={<IconRefresh size={16} />} label={u.renewal.planChange ? 'Plan change' : 'Renewal'}>
            {formatDate(u.renewal.at)}:{' '}
            {u.renewal.planChange ? `your plan changes to ${u.renewal.planName}, ` : ''}
            {formatUsd(u.renewal.amountCents)} including taxes
            {u.renewal.card ? ` on ${cardName(u.renewal.card)}` : ''}
          </Line>
        )}
        {!u.renewal && u.endsAt && (
          <Line icon={<IconCalendarEvent size={16} />} label="Plan ends">
            {formatDate(u.endsAt)} ({u.state === 'cancelled' ? 'cancelled' : 'paused'}: it will not renew)
            {' · '}
            <Anchor component={Link} to="/dashboard/account/subscription" size="sm">
              Manage subscription
            </Anchor>
          </Line>
        )}
        {u.expiringCards.length > 0 && (
          <Alert color="orange" variant="light" icon={<IconAlertTriangle />} title="Update your card">
            {cardList(u.expiringCards)} will have expired by then.{' '}
            <Anchor component={Link} to="/dashboard/account/payment" size="sm">
              Update your cards
            </Anchor>
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
