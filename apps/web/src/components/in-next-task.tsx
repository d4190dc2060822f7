import { type ReactNode, useLayoutEffect, useState } from 'react';
import { useHoldAppShell } from '../app/app-shell.ts';
import { inNextTask } from '../app/preact/next-task.ts';

function HoldFrame(): null {
  useHoldAppShell();
  return null;
}

/**
 * Renders its children a task after the render around it (ADR 89). Preact renders a tree in one
 * task, and a signed-in screen's whole tree was one long task on a phone (a tap waits for it to
 * end); cut here, it renders in several shorter ones. Meanwhile the page's frame stays on screen,
 * as it does for a loader. Only around what the screen does not need in the same paint as what is
 * above it: the children appear one task later.
 */
export function InNextTask({ children }: { children: ReactNode }) {
  // A server's render (the first screens, ADR 80) has no next task: all of it, at once.
  const [ready, setReady] = useState(typeof document === 'undefined');
  useLayoutEffect(() => {
    if (ready) return;
    let live = true;
    inNextTask(() => live && setReady(true));
    return () => {
      live = false;
    };
  }, [ready]);
  return ready ? children : <HoldFrame />;
}
