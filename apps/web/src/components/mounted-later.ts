import { startTransition, useEffect, useState } from 'react';

/**
 * False on the commit that mounts the component, true from a background render after it (issue 43).
 *
 * Mantine's portals (every Menu, Tooltip, Drawer and Modal mounts one, open or not) and Floating UI's
 * anchors set state while React commits them. An update made during a commit is urgent: React renders
 * it at once and, before that, runs every effect of the commit it has just made — on a first screen,
 * every query subscription and listener of the page — in the same task. The dashboard's first commit
 * was one 68 ms task (273 ms on Lighthouse's phone) for that reason alone. A part mounted later is
 * committed in a small render of its own, where that costs nothing. Each kind in a module of its
 * own (tooltip-later.tsx, menu-later.tsx): a screen loads only the Mantine parts it uses.
 */
export function useMountedLater(): boolean {
  const [later, setLater] = useState(false);
  useEffect(() => startTransition(() => setLater(true)), []);
  return later;
}

/**
 * For a dialog or drawer that is rarely opened: false until `opened` is first true, then true from
 * the next frame on. Render nothing while both are false, and open it with `opened && shown`: it
 * mounts closed and opens a frame later, so it slides in as usual.
 */
export function useMountedWhenOpened(opened: boolean): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!opened || shown) return;
    const frame = requestAnimationFrame(() => setShown(true));
    return () => cancelAnimationFrame(frame);
  }, [opened, shown]);
  return shown;
}
