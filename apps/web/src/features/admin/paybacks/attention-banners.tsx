import { Alert, Anchor, Stack, Text } from '@mantine/core';
import type { AdminMetrics } from '@pria/contracts';
import { IconAlertTriangle, IconClockPause } from '@tabler/icons-react';
import { Link } from 'react-router';
import { usePrivileges } from '../shared/privileges.ts';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * The admin home's banners for money that has not reached customers (the same conditions as the
 * `pria_paybacks_needing_attention` metric): delayed pay-backs the tick keeps retrying, and
 * returned ones that need a staff decision. Only for staff who handle transactions.
 */
export function AttentionBanners({ attention }: { attention: AdminMetrics['attention'] | undefined }) {
  const { has } = usePrivileges();
  if (!attention || !has('transaction')) return null;
  const { delayedPaybacks, returnedPaybacks } = attention;
  if (delayedPaybacks === 0 && returnedPaybacks === 0) return null;
  const link = (
    <Anchor component={Link} to="/admin/paybacks" size="sm" fw={600}>
      Open Pay-backs
    </Anchor>
  );
  return (
    <Stack gap="xs">
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
