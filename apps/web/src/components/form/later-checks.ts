import { type FormEvent, useEffect } from 'react';
import { downloadOnce } from '../../app/lazy-loaded.ts';
import { notifyApiError } from '../notify-api-error.ts';
import { focusFirstInvalid } from './focus-invalid.ts';

/**
 * A form's checks whose code (zod and the shared schemas, ~25 KB of gzip) loads once the form is on
 * screen, not with it (issue 43, ADR 85). Mantine's `validate` runs synchronously: it reads the
 * checks through `current()`, and every path that validates (a submit through `afterChecks`, a
 * step's "Next") first waits for `ready()`, so nothing is passed or sent unchecked.
 */
export interface LaterChecks<M> {
  /** The checks once loaded; undefined before. */
  current: () => M | undefined;
  /** Starts (or joins) the download; answers with the checks. */
  ready: () => Promise<M>;
}

export function laterChecks<M>(download: () => Promise<M>): LaterChecks<M> {
  const { load, loaded } = downloadOnce(download);
  return { current: loaded, ready: load };
}

/** In the form's component: the checks start downloading after the form's first commit. */
export function useChecksStarted(checks: LaterChecks<unknown>) {
  useEffect(() => {
    // A failure here is retried, and said, by the submit that needs the checks.
    checks.ready().catch(() => undefined);
  }, [checks]);
}

/**
 * A form's onSubmit that waits for its checks, then runs Mantine's (`form.onSubmit(handler)`, which
 * validates first); a field the checks refused then has the keyboard (`focusFirstInvalid`). Checks
 * that cannot be loaded (offline) say so, and nothing is sent.
 */
export function afterChecks(checks: LaterChecks<unknown>, submit: () => void) {
  return (event?: FormEvent<HTMLFormElement>) => {
    event?.preventDefault();
    const form = event?.currentTarget;
    checks.ready().then(
      () => {
        submit();
        focusFirstInvalid(form);
      },
      (error: unknown) => notifyApiError(error),
    );
  };
}
