import {
  type ComponentType,
  type LazyExoticComponent,
  lazy,
  startTransition,
  useEffect,
  useState,
} from 'react';

// biome-ignore lint/suspicious/noExplicitAny: a component of any props, as React.lazy takes
type Screen = { default: ComponentType<any> };

interface Loaded<M extends Screen> {
  /** Renders the module's default export; suspends only while its code is still downloading. */
  Component: LazyExoticComponent<M['default']>;
  /** Starts (or joins) the download; the component renders at once after it has answered. */
  load: () => Promise<M>;
}

/**
 * A download started at most once and shared by every caller; a failed one is tried again by the
 * next call. `loaded()` is what it answered, once it has.
 */
export function downloadOnce<M>(download: () => Promise<M>): {
  load: () => Promise<M>;
  loaded: () => M | undefined;
} {
  let module: M | undefined;
  let pending: Promise<M> | undefined;
  const load = () => {
    pending ??= download().then(
      (m) => {
        module = m;
        return m;
      },
      (error: unknown) => {
        pending = undefined; // a failed download is tried again by the next call
        throw error;
      },
    );
    return pending;
  };
  return { load, loaded: () => module };
}

/**
 * React.lazy for code that is often downloaded before it renders (a screen started with its page:
 * router.tsx preloadRoute, customer-area.tsx preloadPage). React.lazy suspends on its first render
 * even when the code is there, and React shows a Suspense boundary's content at least 300 ms after
 * its fallback: twice on the way to the dashboard, 0.6 s of a first visit with nothing to wait
 * for (issue 43). Once `load` has answered, the first render takes the module at once.
 */
export function lazyLoaded<M extends Screen>(download: () => Promise<M>): Loaded<M> {
  const { load, loaded } = downloadOnce(download);
  const Component = lazy(() => {
    const ready = loaded();
    if (!ready) return load();
    // Answered already: a thenable that calls back at once, so React takes the module without
    // suspending (React.lazy reads the module in the same call when the callback ran).
    const now: PromiseLike<M> = {
      // biome-ignore lint/suspicious/noThenProperty: a thenable on purpose, for React.lazy alone
      then: (onFulfilled) => {
        onFulfilled?.(ready);
        return now as never;
      },
    };
    // React.lazy only calls then(): a Promise's other methods are never used.
    return now as Promise<M>;
  });
  return { Component, load };
}

/**
 * What `download` answers (a module's export: a component, a component with its parts), once
 * `start` is true and it has arrived; null before, and on a failed download. Rendered without a
 * Suspense boundary (the OIDC session, the toasts' container, menus): a suspended boundary, even
 * with an empty fallback, makes React hold every later reveal of suspended content on the page for
 * 300 ms, and these arrive while the first screen is on its way. Its arrival renders in
 * a transition, which React cuts into short slices and renders together with the others arriving
 * with it: the parts a screen loads after its first paint (menus, dialogs, the sections below it,
 * the OIDC session) each rendered at once were as many long tasks on a phone (ADR 83).
 */
export function useLoaded<T>(download: () => Promise<T>, start = true): T | null {
  const [loaded, setLoaded] = useState<{ value: T } | null>(null);
  useEffect(() => {
    if (!start) return;
    let live = true;
    download().then(
      (value) => live && startTransition(() => setLoaded({ value })),
      () => {},
    );
    return () => {
      live = false;
    };
  }, [download, start]);
  return loaded?.value ?? null;
}
