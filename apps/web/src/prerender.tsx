/**
 * Build-time rendering of public pages to HTML (entry of the SSR build, used only by
 * build/prerender.ts, never shipped to browsers). It renders the same tree as main.tsx, with a
 * static router and the sign-in state the browser starts from (auth-state.tsx's default: loading, nobody signed in), so the
 * browser hydrates the HTML without a mismatch. Lazy routes are awaited (preact-render-to-string). A public
 * page is rendered once per language (ADR 73); the browser hydrates it in the language of its
 * `<html lang>`.
 */
import { Stack } from '@mantine/core';
import type { Language } from '@pria/contracts/languages';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStringAsync } from 'preact-render-to-string';
import { type ReactNode, StrictMode } from 'react';
import { StaticRouter } from 'react-router';
import PublicArea from './app/areas/public-area.tsx';
import { activateLanguage, i18n, loadArea } from './app/i18n/i18n.ts';
import { CustomerShell, RenderedFirstScreen } from './app/layout/customer-shell.tsx';
import { type DescribedPage, pageDescriptions } from './app/page-descriptions.ts';
import { UiProviders } from './app/providers.tsx';
import { AppRoutes } from './app/router.tsx';
import { AssumedNarrow } from './components/responsive-cards.tsx';
import { DocumentTitleSink } from './components/use-document-title.ts';
import { cardKeys } from './features/cards/queries.ts';
import { AFTER_PAYMENT } from './features/checkout/after-payment.ts';
import { CheckoutView } from './features/checkout/checkout-view.tsx';
import { firstAnswerKeys } from './features/customer/first-answers.ts';
import { firstScreenCalls as callsByPath } from './features/customer/first-calls.ts';
import { customerKeys } from './features/customer/queries.ts';
import { type ScreenWithFrame, screenHeadings } from './features/customer/screen-headings.ts';
import type { Customer } from './features/customer/types.ts';
import { DashboardFirstScreen, firstSelectedCard } from './features/dashboard/dashboard-first-screen.tsx';
import { shouldOnboard } from './features/onboarding/later-flag.ts';

/**
 * The HTML of `url` in `language` as the app renders it inside #root (one page at a time), and the
 * document title the page sets once it runs (useDocumentTitle).
 */
export async function render(url: string, language: Language): Promise<{ html: string; title: string }> {
  await activateLanguage(language);
  let title: string | undefined;
  const markup = await html(
    <DocumentTitleSink value={(said) => (title = said)}>
      <UiProviders>
        <StaticRouter location={url}>
          <AppRoutes publicArea={PublicArea} />
        </StaticRouter>
      </UiProviders>
    </DocumentTitleSink>,
  );
  if (!title) throw new Error(`prerender: ${url} sets no document title (useDocumentTitle)`);
  return { html: markup, title };
}

/** What a public page's `<meta name="description">` says, in `language`. */
export async function pageDescription(name: DescribedPage, language: Language): Promise<string> {
  await activateLanguage(language);
  return i18n._(pageDescriptions[name]);
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

/**
 * The API calls `pathname`'s first screen is rendered from (the server asks them in-process with the
 * caller's token), or undefined when the path has no first screen to render (its frame is sent).
 */
export function firstScreenCalls(pathname: string): readonly string[] | undefined {
  return callsByPath[pathname];
}

const nothing = () => {};

/**
 * Each path's first screen as its page renders it, from the answers in `client`'s cache; null
 * when they make none (the dashboard of a customer it sends to onboarding).
 */
const screens: Record<string, (client: QueryClient, query: URLSearchParams) => ReactNode | null> = {
  '/dashboard': (client) => {
    const customer = client.getQueryData<Customer>(customerKeys.me());
    if (!customer || shouldOnboard(customer)) return null;
    const cards = client.getQueryData<{ id: string; instrumentId?: string | null }[]>(cardKeys.list());
    return (
      <Stack gap="xl">
        <DashboardFirstScreen selectedCardId={firstSelectedCard(cards)} />
      </Stack>
    );
  },
  // Until the app runs, nothing on it acts: its buttons' handlers are the app's.
  '/dashboard/checkout': (_client, query) => (
    <CheckoutView
      planId={query.get('plan')}
      afterPayment={query.has(AFTER_PAYMENT)}
      onBack={nothing}
      onDone={nothing}
      onSubscribed={nothing}
    />
  ),
};

/** One render at a time: the language is the catalogs' global state (i18n.ts). */
let rendering: Promise<unknown> = Promise.resolve();

/**
 * A signed-in customer's first screen of `url` (a path and its query), rendered at request time
 * from the API's answers (`answers`: call -> its JSON body; the server's document route, issue 43),
 * to stand in #app-shell until the app has rendered it itself (app-shell.ts): the page's header
 * and the same components the app renders, with the same data. Null when the answers do not make
 * one: a customer the dashboard sends to onboarding, or an answer without its data.
 */
export function renderFirstScreen(...request: Parameters<typeof firstScreen>): Promise<string | null> {
  const turn = rendering.then(() => firstScreen(...request));
  rendering = turn.catch(() => undefined);
  return turn;
}

async function firstScreen(
  url: string,
  language: Language,
  answers: Record<string, unknown>,
  layout: 'narrow' | 'wide',
): Promise<string | null> {
  const { pathname, searchParams } = new URL(url, 'http://pria.invalid');
  const calls = callsByPath[pathname];
  const screen = screens[pathname];
  if (!calls || !screen) return null;
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } },
  });
  for (const call of calls) {
    const answer = answers[call];
    const key = firstAnswerKeys[call];
    if (!key || typeof answer !== 'object' || answer === null || !('data' in answer)) return null;
    client.setQueryData(key, answer.data);
  }
  const content = screen(client, searchParams);
  if (content === null) return null;
  await activateLanguage(language);
  await loadArea('customer');
  return html(
    <UiProviders>
      <StaticRouter location={`${pathname}${searchParams.size ? `?${searchParams}` : ''}`}>
        <QueryClientProvider client={client}>
          <AssumedNarrow value={layout === 'narrow'}>
            <RenderedFirstScreen>{content}</RenderedFirstScreen>
          </AssumedNarrow>
        </QueryClientProvider>
      </StaticRouter>
    </UiProviders>,
  );
}

async function html(tree: ReactNode): Promise<string> {
  // Lazy routes awaited: every Suspense boundary rendered complete, no fallback in the HTML.
  return renderToStringAsync((<StrictMode>{tree}</StrictMode>) as never);
}
