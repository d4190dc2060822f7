import { type ReactNode, startTransition, useEffect, useState } from 'react';

/**
 * Renders its children once the screen around it has painted (ADR 77). React cannot split a
 * commit: a screen committed whole is one long task on a phone (creating every element, then the
 * page's layout) before anything of it shows. Sections below the fold wrapped in this render in a
 * background pass after the first paint, so what a visitor sees first is committed alone and
 * sooner. Only for what sits below what is on screen at first: what appears there moves nothing
 * already seen.
 */
export function AfterFirstPaint({ children }: { children: ReactNode }) {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    // The frame after this commit is painted, then a task of its own.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => startTransition(() => setShown(true)), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return shown ? children : null;
}
