import { useLingui } from '@lingui/react/macro';
import { Alert, Button, Skeleton } from '@mantine/core';
import { type ReactNode, startTransition, useEffect, useRef, useState } from 'react';
import type { downloadOnce } from '../../app/lazy-loaded.ts';

type Download<M> = ReturnType<typeof downloadOnce<M>>;

/**
 * Later parts that have their code show one per commit, top first (in the order they asked), each
 * after the frame that painted the one before: React cannot split a commit, and the account page's
 * six later sections committed together were one long task of ~300 ms on Lighthouse's phone
 * (issue 43; as AfterFirstPaint does for the dashboard's sections below the fold).
 */
const waiting: (() => void)[] = [];
let showing: (() => void) | null = null;

function showNext() {
  if (showing) return;
  const show = waiting.shift();
  if (!show) return;
  showing = show;
  requestAnimationFrame(() => setTimeout(() => showing === show && startTransition(show), 0));
}

/** Queues `show`; the returned function leaves the queue (a part gone before its turn, or shown). */
function takeTurn(show: () => void): () => void {
  waiting.push(show);
  showNext();
  return () => {
    const at = waiting.indexOf(show);
    if (at >= 0) waiting.splice(at, 1);
    if (showing === show) {
      showing = null;
      showNext();
    }
  };
}

/**
 * What `from` answers: at once when it has already, after its download otherwise (asked for when the
 * caller first renders; shown in its turn, in a transition). A failed download says so, with a retry.
 * Not `useLoaded` (app/lazy-loaded.ts), which this would otherwise be: that one shows what arrives
 * at once and says nothing of a failure (menus, the toasts' container: nothing to retry on screen).
 */
export function useDownloaded<M>(from: Download<M>) {
  const [state, setState] = useState<{ module?: M; failed?: boolean }>(() => ({ module: from.loaded() }));
  const leaveQueue = useRef<(() => void) | null>(null);
  // A retry clears `failed`, which asks again.
  useEffect(() => {
    if (state.module || state.failed) return;
    let live = true;
    from.load().then(
      (module) => {
        if (live) leaveQueue.current = takeTurn(() => setState({ module }));
      },
      () => live && setState({ failed: true }),
    );
    return () => {
      live = false;
      leaveQueue.current?.();
    };
  }, [from, state.module, state.failed]);
  // Shown (committed): the next part's turn, after this frame.
  useEffect(() => {
    if (state.module) leaveQueue.current?.();
  }, [state.module]);
  return { ...state, retry: () => setState({}) };
}

/**
 * A part of a screen whose code comes after the screen's first load (issue 43): a placeholder of
 * about its height, named for screen readers, until the code is in; then `children(module)`.
 */
export function LaterPart<M>({
  from,
  height,
  label,
  children,
}: {
  from: Download<M>;
  height: number;
  label: string;
  children: (module: M) => ReactNode;
}) {
  const { t } = useLingui();
  const { module, failed, retry } = useDownloaded(from);
  if (module) return children(module);
  if (failed) {
    return (
      <Alert color="red" title={t`This part of the page could not be loaded`}>
        <Button variant="light" color="red" size="xs" mt="xs" onClick={retry}>
          {t`Try again`}
        </Button>
      </Alert>
    );
  }
  return <Skeleton height={height} radius="md" aria-label={label} />;
}
