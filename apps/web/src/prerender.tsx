/**
 * Build-time rendering of public pages to HTML (entry of the SSR build, used only by
 * build/prerender.ts, never shipped to browsers). It renders the same tree as main.tsx, with a
 * static router and the sign-in state the browser starts from (auth-state.tsx's default: loading,
 * nobody signed in), so the browser hydrates the HTML without a mismatch. Lazy routes are awaited
 * (react-dom/static).
 */
import { type ReactNode, StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import PublicArea from './app/areas/public-area.tsx';
import { CustomerShell } from './app/layout/customer-shell.tsx';
import { UiProviders } from './app/providers.tsx';
import { AppRoutes } from './app/router.tsx';

/** The HTML of `url` as the app renders it inside #root. */
export function render(url: string): Promise<string> {
  return html(
    <UiProviders>
      <StaticRouter location={url}>
        <AppRoutes publicArea={PublicArea} />
      </StaticRouter>
    </UiProviders>,
  );
}

/** The frame of a signed-in screen titled `title` (shown before the app runs; never hydrated). */
export function renderShell(url: string, title: string): Promise<string> {
  return html(
    <UiProviders>
      <StaticRouter location={url}>
        <CustomerShell title={title} />
      </StaticRouter>
    </UiProviders>,
  );
}

async function html(tree: ReactNode): Promise<string> {
  const { prelude } = await prerender(
    <StrictMode>{tree}</StrictMode>,
    // Every Suspense boundary inline and complete: a large one would otherwise be sent after its
    // fallback with an inline script to swap it in, which the CSP forbids.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  return new Response(prelude).text();
}
