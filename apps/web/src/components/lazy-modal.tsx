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
