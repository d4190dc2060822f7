import { Button, Stack } from '@mantine/core';
import { IconArrowsExchange, IconCash, IconRepeat } from '@tabler/icons-react';
import { useForcedRuns } from './forced-runs-context.tsx';
import { type RunKind, runKindOrder, runKinds } from './run-kinds.ts';

const icons: Record<RunKind, typeof IconCash> = {
  payin: IconCash,
  payout: IconArrowsExchange,
  subscriptions: IconRepeat,
};

/** 'Transaction Pay In', 'Payout', 'Subscription Pay In': each asks first, then forces the run. */
export function ForcedRunButtons({ onRequest }: { onRequest?: () => void }) {
  const { request, pendingKind } = useForcedRuns();
  return (
    <Stack gap={6}>
      {runKindOrder.map((kind) => {
        const Icon = icons[kind];
        return (
          <Button
            key={kind}
            variant="light"
            justify="flex-start"
            leftSection={<Icon size={16} aria-hidden />}
            loading={pendingKind === kind}
            onClick={() => {
              onRequest?.();
              request(kind);
            }}
          >
            {runKinds[kind].button}
          </Button>
        );
      })}
    </Stack>
  );
}
