import { type ReactNode, Suspense, useEffect, useState } from 'react';

function OpenAfterMount({ opened, render }: { opened: boolean; render: (opened: boolean) => ReactNode }) {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return render(opened && mounted);
}

/**
 * A modal whose code loads the first time it opens (a form's code, zod and the shared schemas stay
 * out of the page's first load). It mounts closed, then opens, so it animates in as it always did,
 * and stays mounted afterwards, so it animates out and reopens at once.
 */
export function LazyModal({ opened, render }: { opened: boolean; render: (opened: boolean) => ReactNode }) {
  const [wanted, setWanted] = useState(opened);
  if (opened && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <OpenAfterMount opened={opened} render={render} />
    </Suspense>
  );
}

/**
 * Downloads a dialog's code once the page is idle (at the latest after 3 s), so a dialog that loads
 * on opening opens at once when it is pressed (a walk at 390 px waited 0.9 s for the account
 * deletion's on a first press). Not in the page's first load either way.
 */
export function useLoadWhenIdle(download: () => Promise<unknown>) {
  useEffect(() => {
    const start = () => void download().catch(() => undefined); // tried again when it opens
    if (typeof requestIdleCallback === 'function') {
      const id = requestIdleCallback(start, { timeout: 3000 });
      return () => cancelIdleCallback(id);
    }
    const id = setTimeout(start, 1000);
    return () => clearTimeout(id);
  }, [download]);
}
