import { useLingui } from '@lingui/react/macro';
import { Alert, Button, Skeleton } from '@mantine/core';
import { type ReactNode, startTransition, useEffect, useState } from 'react';
import type { downloadOnce } from '../../app/lazy-loaded.ts';

type Download<M> = ReturnType<typeof downloadOnce<M>>;

/**
 * What `from` answers: at once when it has already, after its download otherwise (asked for when the
 * caller first renders; its arrival renders in a transition, as lazy-loaded.ts `useLoaded`'s). A
 * failed download says so, with a retry.
 */
export function useDownloaded<M>(from: Download<M>) {
  const [state, setState] = useState<{ module?: M; failed?: boolean }>(() => ({ module: from.loaded() }));
  // A retry clears `failed`, which asks again.
  useEffect(() => {
    if (state.module || state.failed) return;
    let live = true;
    from.load().then(
      (module) => live && startTransition(() => setState({ module })),
      () => live && setState({ failed: true }),
    );
    return () => {
      live = false;
    };
  }, [from, state.module, state.failed]);
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
