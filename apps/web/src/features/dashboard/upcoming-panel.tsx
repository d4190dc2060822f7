import { Trans, useLingui } from '@lingui/react/macro';
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
import { HoldAppShell } from '../../app/app-shell.ts';
import { useCalendarLocale } from '../../app/i18n/calendar-locale.ts';
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
  const { t } = useLingui();
  const locale = useCalendarLocale();
  const upcoming = useUpcoming();
  if (upcoming.isPending)
    return (
      <>
        <HoldAppShell />
        <Skeleton height={150} radius="md" aria-label={t`Loading what happens next`} />
      </>
    );
  // Waiting for the bank (the verification banner says so): nothing is scheduled yet, and "your
  // plan has ended" would be wrong (issue 29).
  if (upcoming.isError || upcoming.data.state === 'none' || upcoming.data.state === 'pending_verification')
    return null;
  const u = upcoming.data;
  const next = u.nextCharge;
  const nextDate = next ? formatDate(next.at, 'long', locale) : '';
  const perCard = next ? formatUsd(next.amountPerCard) : '';
  const chargeCards = next?.cards ?? [];
  const firstCard = chargeCards[0] ? cardName(chargeCards[0]) : '';
  const everyCard = cardList(chargeCards);
  const total = next ? formatUsd(next.amountPerCard * next.cards.length) : '';
  const payBackDate = u.payBack ? formatDate(u.payBack.at, 'long', locale) : '';
  const renewalDate = u.renewal ? formatDate(u.renewal.at, 'long', locale) : '';
  const renewalAmount = u.renewal ? formatUsd(u.renewal.amountCents) : '';
  const renewalCard = u.renewal?.card ? cardName(u.renewal.card) : '';
  const newPlan = u.renewal?.planName ?? '';
  const endDate = u.endsAt ? formatDate(u.endsAt, 'long', locale) : '';
  const expiring = cardList(u.expiringCards);
  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby="upcoming-title"
    >
      <Title order={2} fz="lg" c="navy.9" id="upcoming-title" mb="md">
        <Trans>Upcoming</Trans>
      </Title>
      <Stack gap="md">
        {u.payBacksOwed.length > 0 && (
          <Line icon={<IconArrowBackUp size={16} />} label={t`Next pay-back`}>
            {u.payBacksOwed.map((o, i) => (
              <span key={`${o.period}-${o.card?.id ?? i}`}>
                {i > 0 && <br />}
                {owedWords(o, Date.now(), locale)}
              </span>
            ))}
          </Line>
        )}
        {u.nextCharge ? (
          <Line icon={<IconCreditCard size={16} />} label={t`Next $3 charge`}>
            {chargeCards.length === 0
              ? t`${nextDate} at 4pm New York time: ${perCard} on no card yet`
              : chargeCards.length === 1
                ? t`${nextDate} at 4pm New York time: ${perCard} on ${firstCard}`
                : t`${nextDate} at 4pm New York time: ${perCard} on each of ${everyCard} (${total} in all)`}
          </Line>
        ) : (
          <Line icon={<IconCreditCard size={16} />} label={t`Next $3 charge`}>
            {u.state === 'paused' ? (
              <>
                <Trans>None while Charge &amp; Pay is paused.</Trans>{' '}
                <Anchor component={Link} to="/dashboard/account/subscription" size="sm">
                  <Trans>Turn it back on</Trans>
                </Anchor>
              </>
            ) : u.state === 'inactive' ? (
              t`None scheduled: your subscription is inactive`
            ) : (
              t`None scheduled: your plan has ended by then`
            )}
          </Line>
        )}
        {u.payBack && (
          <Line icon={<IconArrowBackUp size={16} />} label={t`Pay-back`}>
            {u.nextCharge && u.nextCharge.cards.length > 1
              ? t`${payBackDate} at 4pm New York time, each $3 to the card it was charged to`
              : t`${payBackDate} at 4pm New York time, to the same card`}
          </Line>
        )}
        {u.renewal && (
          <Line icon={<IconRefresh size={16} />} label={u.renewal.planChange ? t`Plan change` : t`Renewal`}>
            {u.renewal.planChange
              ? u.renewal.card
                ? t`${renewalDate}: your plan changes to ${newPlan}, ${renewalAmount} including taxes on ${renewalCard}`
                : t`${renewalDate}: your plan changes to ${newPlan}, ${renewalAmount} including taxes`
              : u.renewal.card
                ? t`${renewalDate}: ${renewalAmount} including taxes on ${renewalCard}`
                : t`${renewalDate}: ${renewalAmount} including taxes`}
          </Line>
        )}
        {!u.renewal && u.endsAt && (
          <Line icon={<IconCalendarEvent size={16} />} label={t`Plan ends`}>
            {u.state === 'cancelled'
              ? t`${endDate} (cancelled: it will not renew)`
              : t`${endDate} (paused: it will not renew)`}
            {' · '}
            <Anchor component={Link} to="/dashboard/account/subscription" size="sm">
              <Trans>Manage subscription</Trans>
            </Anchor>
          </Line>
        )}
        {u.expiringCards.length > 0 && (
          <Alert color="orange" variant="light" icon={<IconAlertTriangle />} title={t`Update your card`}>
            {t`${expiring} will have expired by then.`}{' '}
            <Anchor component={Link} to="/dashboard/account/payment" size="sm">
              <Trans>Update your cards</Trans>
            </Anchor>
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
