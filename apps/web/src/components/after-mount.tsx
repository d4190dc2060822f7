import { type ReactNode, startTransition, useEffect, useState } from 'react';

/**
 * Renders its children once the app has started and the browser is idle, in a transition. For
 * parts that show nothing until opened and render through a portal (the menu drawer): Mantine's
 * Portal sets state in a layout effect when it mounts, an update React runs synchronously, and
 * while the prerendered landing page was still being adopted that made React adopt all the rest of
 * it in one blocking pass (~120 ms of a phone's main thread at once). Mounted once the page is
 * adopted, it costs a few milliseconds.
 */
export function AfterMount({ children }: { children: ReactNode }) {
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    const show = () => startTransition(() => setMounted(true));
    if (typeof window.requestIdleCallback !== 'function') {
      const timer = window.setTimeout(show, 200);
      return () => window.clearTimeout(timer);
    }
    const idle = window.requestIdleCallback(show, { timeout: 1000 });
    return () => window.cancelIdleCallback(idle);
  }, []);
  return mounted ? children : null;
}
