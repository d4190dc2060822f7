import type { ScreenWithFrame } from './screen-headings.ts';

/**
 * The API calls a signed-in screen makes before it shows its first screen, asked by
 * public/early-data.js while the screen's code downloads (build/prerender.ts writes them into each
 * frame). Exactly the paths and queries the screens' queries request (features/∗/queries.ts): the
 * client takes an early answer only for an identical request. Calls whose query changes with the
 * clock (the activity's window) are left to the screen.
 */
const everyScreen = ['/api/v1/customers/me', '/api/v1/account/consents', '/api/v1/subscriptions/me'];

export const firstCalls: Record<ScreenWithFrame, string[]> = {
  dashboard: [...everyScreen, '/api/v1/cards', '/api/v1/subscriptions/me/upcoming', '/api/v1/progress'],
  checkout: [...everyScreen, '/api/v1/plans'],
  subscription: [...everyScreen, '/api/v1/plans'],
  account: everyScreen,
};

/**
 * The answers the server renders a signed-in page's first screen from, into the page's HTML
 * (src/prerender.tsx renderFirstScreen; the server's document route asks them with the caller's
 * token): the dashboard down to Upcoming, the checkout. A path without an entry gets its frame.
 */
export const firstScreenCalls: Partial<Record<string, readonly string[]>> = {
  '/dashboard': [
    '/api/v1/customers/me',
    '/api/v1/subscriptions/me',
    '/api/v1/cards',
    '/api/v1/subscriptions/me/upcoming',
  ],
  '/dashboard/checkout': [
    '/api/v1/customers/me',
    '/api/v1/subscriptions/me',
    '/api/v1/plans',
    '/api/v1/cards',
  ],
};
