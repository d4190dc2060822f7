import { Alert, Anchor, Stack, Text } from '@mantine/core';
import type { AdminMetrics } from '@pria/contracts';
import { formatDateTime } from '@pria/contracts';
import {
  type Icon,
  IconAlertTriangle,
  IconClockPause,
  IconGavel,
  IconPlayerPause,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { money, monthLabel } from '../shared/display.ts';
import { usePrivileges } from '../shared/privileges.ts';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * The admin home's banners, the same conditions as the alerting rules (deploy/prometheus/
 * alerts.yml): a run not completed an hour after it was due, pay-backs still owed a day after
 * their day, open disputes, delayed pay-backs the tick keeps retrying and returned ones that need
 * a staff decision. Only for staff who handle transactions.
 */
export function AttentionBanners({ attention }: { attention: AdminMetrics['attention'] | undefined }) {
  const { has } = usePrivileges();
  if (!attention || !has('transaction')) return null;
  const { delayedPaybacks, returnedPaybacks } = attention;
  const overdue = attention.overdueRuns ?? [];
  const owed = attention.outstandingPaybacks ?? { count: 0, cents: 0 };
  const disputes = attention.openDisputes ?? 0;
  if (
    delayedPaybacks === 0 &&
    returnedPaybacks === 0 &&
    overdue.length === 0 &&
    owed.count === 0 &&
    disputes === 0
  )
    return null;
  const link = (
    <Anchor component={Link} to="/admin/paybacks" size="sm" fw={600}>
      Open Pay-backs
    </Anchor>
  );
  return (
    <Stack gap="xs">
      {overdue.map((r) => (
        <Banner
          key={`${r.kind}:${r.period}`}
          color="red"
          Icon={IconPlayerPause}
          title={`${r.kind === 'payin' ? 'Pay-in' : 'Pay-back'} run of ${monthLabel(r.period)} not completed`}
        >
          It was due {formatDateTime(r.dueAt, 'medium')} and is still not completed. Check the workers and
          docs/operations.md.
        </Banner>
      ))}
      {owed.count > 0 && (
        <Banner color="red" Icon={IconAlertTriangle} title="Pay-backs overdue">
          {plural(owed.count, 'charge is', 'charges are')} ({money(owed.cents)}) still not paid back a day
          after the pay-back date. {link}
        </Banner>
      )}
      {disputes > 0 && (
        <Banner color="yellow" Icon={IconGavel} title="Open disputes">
          {plural(disputes, 'dispute waits', 'disputes wait')} for a decision; a disputed $3 charge's pay-back
          is withheld meanwhile (a plan charge has none).{' '}
          <Anchor component={Link} to="/admin/disputes" size="sm" fw={600}>
            Open Disputes
          </Anchor>
        </Banner>
      )}
      {returnedPaybacks > 0 && (
        <Banner color="red" Icon={IconAlertTriangle} title="Returned pay-backs">
          {plural(returnedPaybacks, 'pay-back was', 'pay-backs were')} returned by the card and{' '}
          {returnedPaybacks === 1 ? 'needs' : 'need'} a staff decision. {link}
        </Banner>
      )}
      {delayedPaybacks > 0 && (
        <Banner color="orange" Icon={IconClockPause} title="Delayed pay-backs">
          {plural(delayedPaybacks, 'pay-back is', 'pay-backs are')} delayed after three failed tries; we are
          retrying. {link}
        </Banner>
      )}
    </Stack>
  );
}

/** One condition staff should act on: announced politely to screen readers (role="status"). */
function Banner(props: { color: string; Icon: Icon; title: string; children: ReactNode }) {
  const { color, Icon, title, children } = props;
  return (
    <Alert color={color} icon={<Icon size={18} aria-hidden />} role="status" title={title}>
      <Text size="sm">{children}</Text>
    </Alert>
  );
}
