import { useEffect, useLayoutEffect } from 'react';
import { dropEarlyAnswers } from './early-answers.ts';

/**
 * A signed-in screen's HTML carries a prerendered frame of the page (#app-shell, see
 * layout/customer-shell.tsx) and the app renders, hidden, beside it (global.css). The frame stays
 * while the app shows nothing but loaders (signing in, code, data) and goes once a commit leaves
 * none mounted: the visitor sees the page's header and title at once, then the page, rather than a
 * blank screen, then a spinner, then the page.
 */
let loadersMounted = 0;
let checkQueued = false;

/** Removes the frame when no loader is mounted, checked after the current commit. */
export function revealAppWhenSettled(): void {
  if (checkQueued) return;
  checkQueued = true;
  // After the commit: a loader unmounting and the next one mounting belong to the same commit.
  setTimeout(() => {
    checkQueued = false;
    if (loadersMounted === 0) removeAppShell();
  }, 0);
}

/**
 * How long the early answers outlive the frame. The screen that replaced it asks for its data in the
 * effects of the commit that showed it, which React runs in a task of their own (mounted-later.ts),
 * often after this one; any change made in the meantime drops them at once (api-client.ts).
 */
const EARLY_ANSWERS_AFTER_FRAME_MS = 1000;

let shown: () => void = () => {};
const firstScreen = new Promise<void>((resolve) => {
  shown = resolve;
});

/** Settles when the first screen has replaced the frame (what may wait for it: main.tsx). */
export function firstScreenShown(): Promise<void> {
  return firstScreen;
}

export function removeAppShell(): void {
  document.getElementById('app-shell')?.remove();
  shown();
  // The first screen is shown: what it did not ask for early, a later screen asks afresh.
  setTimeout(dropEarlyAnswers, EARLY_ANSWERS_AFTER_FRAME_MS);
}

/** A loader keeps the frame on screen while it is mounted. */
export function useHoldAppShell(): void {
  useLayoutEffect(() => {
    loadersMounted++;
    return () => {
      loadersMounted--;
      revealAppWhenSettled();
    };
  }, []);
}

/**
 * Mounted beside a first screen's placeholders (the dashboard's cards and Upcoming, the checkout):
 * the page's frame, which often holds that very screen already rendered by the server (ADR 80),
 * stays until the data is there, rather than giving way to placeholders and then to the same
 * content again (a 390 px walk saw the cards blink away and back).
 */
export function HoldAppShell(): null {
  useHoldAppShell();
  return null;
}

/** Mounted once at the root: a first commit without any loader reveals the app. */
export function RevealAppWhenSettled(): null {
  useEffect(() => revealAppWhenSettled(), []);
  return null;
}
