import { Button, Loader, Stack } from '@mantine/core';
import { IconArrowsExchange, IconCash, IconRepeat } from '@tabler/icons-react';
import { useForcedRuns } from './forced-runs-context.tsx';
import { type RunKind, runKindOrder, runKinds } from './run-kinds.ts';

const icons: Record<RunKind, typeof IconCash> = {
  payin: IconCash,
  payout: IconArrowsExchange,
  subscriptions: IconRepeat,
};

/**
 * 'Transaction Pay In', 'Payout', 'Subscription Pay In': each asks first, then forces the run.
 *
 * While its preview loads and its run starts, a button is busy, not disabled (Mantine's `loading`
 * disables it): a disabled button loses the keyboard to the page's body, so the confirmation opened
 * from it, which gives the focus back to what had it, gave it back to the body.
 */
export function ForcedRunButtons({ onRequest }: { onRequest?: () => void }) {
  const { request, pendingKind } = useForcedRuns();
  return (
    <Stack gap={6}>
      {runKindOrder.map((kind) => {
        const Icon = icons[kind];
        const busy = pendingKind === kind;
        return (
          <Button
            key={kind}
            variant="light"
            justify="flex-start"
            leftSection={
              busy ? <Loader size={16} color="currentColor" aria-hidden /> : <Icon size={16} aria-hidden />
            }
            data-disabled={busy || undefined}
            aria-disabled={busy || undefined}
            aria-busy={busy || undefined}
            onClick={() => {
              if (busy) return;
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
