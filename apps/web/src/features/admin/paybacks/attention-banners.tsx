import { Alert, Anchor, Stack, Text } from '@mantine/core';
import type { AdminMetrics } from '@pria/contracts';
import { IconAlertTriangle, IconClockPause, IconGavel, IconPlayerPause } from '@tabler/icons-react';
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
        <Alert
          key={`${r.kind}:${r.period}`}
          color="red"
          icon={<IconPlayerPause size={18} aria-hidden />}
          role="status"
          title={`${r.kind === 'payin' ? 'Pay-in' : 'Pay-back'} run of ${monthLabel(r.period)} not completed`}
        >
          <Text size="sm">
            It was due {new Date(r.dueAt).toLocaleString('en-US', { timeZone: 'America/New_York' })} New York
            time and is still not completed. Check the workers and docs/operations.md.
          </Text>
        </Alert>
      ))}
      {owed.count > 0 && (
        <Alert
          color="red"
          icon={<IconAlertTriangle size={18} aria-hidden />}
          role="status"
          title="Pay-backs overdue"
        >
          <Text size="sm">
            {plural(owed.count, 'charge is', 'charges are')} ({money(owed.cents)}) still not paid back a day
            after the pay-back date. {link}
          </Text>
        </Alert>
      )}
      {disputes > 0 && (
        <Alert color="yellow" icon={<IconGavel size={18} aria-hidden />} role="status" title="Open disputes">
          <Text size="sm">
            {plural(disputes, 'dispute waits', 'disputes wait')} for a decision; their pay-backs are withheld.{' '}
            <Anchor component={Link} to="/admin/transactions" size="sm" fw={600}>
              Open Transactions
            </Anchor>
          </Text>
        </Alert>
      )}
      {returnedPaybacks > 0 && (
        <Alert
          color="red"
          icon={<IconAlertTriangle size={18} aria-hidden />}
          role="status"
          title="Returned pay-backs"
        >
          <Text size="sm">
            {plural(returnedPaybacks, 'pay-back was', 'pay-backs were')} returned by the card and{' '}
            {returnedPaybacks === 1 ? 'needs' : 'need'} a staff decision. {link}
          </Text>
        </Alert>
      )}
      {delayedPaybacks > 0 && (
        <Alert
          color="orange"
          icon={<IconClockPause size={18} aria-hidden />}
          role="status"
          title="Delayed pay-backs"
        >
          <Text size="sm">
            {plural(delayedPaybacks, 'pay-back is', 'pay-backs are')} delayed after three failed tries; we are
            retrying. {link}
          </Text>
        </Alert>
      )}
    </Stack>
  );
}
