/**
 * Build-time rendering of public pages to HTML (entry of the SSR build, used only by
 * build/prerender.ts, never shipped to browsers). It renders the same tree as main.tsx, with a
 * static router and the sign-in state the browser starts from (auth-state.tsx's default: loading, nobody signed in), so the
 * browser hydrates the HTML without a mismatch. Lazy routes are awaited (react-dom/static). A public
 * page is rendered once per language (ADR 73); the browser hydrates it in the language of its
 * `<html lang>`.
 */
import type { Language } from '@pria/contracts/languages';
import { type ReactNode, StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import PublicArea from './app/areas/public-area.tsx';
import { activateLanguage, i18n, loadArea } from './app/i18n/i18n.ts';
import { CustomerShell } from './app/layout/customer-shell.tsx';
import { UiProviders } from './app/providers.tsx';
import { AppRoutes } from './app/router.tsx';
import { type ScreenWithFrame, screenHeadings } from './features/customer/screen-headings.ts';
import { landingTitle } from './features/landing/landing-page.tsx';

/** The landing page's title in `language` (the one the page sets once it runs). */
export async function titleOfLanding(language: Language): Promise<string> {
  await activateLanguage(language);
  return `${i18n._(landingTitle)} | Pria`;
}

/** The HTML of `url` in `language` as the app renders it inside #root (one page at a time). */
export async function render(url: string, language: Language): Promise<string> {
  await activateLanguage(language);
  return html(
    <UiProviders>
      <StaticRouter location={url}>
        <AppRoutes publicArea={PublicArea} />
      </StaticRouter>
    </UiProviders>,
  );
}

/** A signed-in screen's heading in `language` (its frame's title and the tab's). */
export async function shellHeading(screen: ScreenWithFrame, language: Language): Promise<string> {
  await activateLanguage(language);
  await loadArea('customer');
  return i18n._(screenHeadings[screen]);
}

/** The frame of a signed-in screen titled `title`, in `language` (shown before the app runs; never hydrated). */
export async function renderShell(url: string, title: string, language: Language): Promise<string> {
  await activateLanguage(language);
  await loadArea('customer');
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
