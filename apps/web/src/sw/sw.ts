/**
 * Pria's service worker (ADR 28). It keeps three promises:
 * - the app shell (scripts, styles, fonts, icons, the offline page) comes from the precache that
 *   the build lists (`self.__WB_MANIFEST`), so a revisit or a flaky network still starts the app;
 * - a page that needs the network and cannot reach it gets the branded offline page;
 * - nothing personal is ever stored: API, sign-in, development and payment pages are never
 *   handled here (the browser fetches them as if there were no worker), and pages themselves are
 *   fetched from the network every time, never cached.
 * It also shows web push messages (issue 32: a third channel beside email and SMS).
 */
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: (string | { url: string; revision: string | null })[];
};

/** Paths the worker never touches: every answer there is personal, live, or both. */
export const NEVER_HANDLED = [/^\/api\//, /^\/oidc(\/|$)/, /^\/dev(\/|$)/, /^\/gateway/, /^\/config\.json/];

const OFFLINE_PAGE = '/offline.html';

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Pages: always the network (what a page shows depends on who is signed in and on now); the
// offline page only when the network cannot be reached at all.
registerRoute(
  new NavigationRoute(
    async ({ request }) => {
      try {
        return await fetch(request);
      } catch {
        return (await matchPrecache(OFFLINE_PAGE)) ?? Response.error();
      }
    },
    { denylist: NEVER_HANDLED },
  ),
);

// The "New version — reload" prompt: the page asks the waiting worker to take over, then reloads.
self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

interface PushPayload {
  title: string;
  body: string;
  /** Where a tap takes the customer (a path of this app). */
  url?: string;
  /** Messages with the same tag replace each other (one notice per event). */
  tag?: string;
}

self.addEventListener('push', (event) => {
  let payload: PushPayload;
  try {
    payload = event.data?.json() as PushPayload;
  } catch {
    payload = { title: 'Pria', body: event.data?.text() ?? '' };
  }
  if (!payload?.title) return;
  event.waitUntil(
    self.registration.showNotification(payload.title, {
      body: payload.body,
      icon: '/icons/icon-192.png',
      badge: '/icons/maskable-192.png',
      tag: payload.tag,
      data: { url: payload.url ?? '/dashboard' },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const path = (event.notification.data as { url?: string } | null)?.url ?? '/dashboard';
  // Only our own pages: a payload can never send the customer elsewhere.
  const url = new URL(path.startsWith('/') ? path : '/dashboard', self.location.origin).href;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((w) => new URL(w.url).origin === self.location.origin);
      if (open) {
        await open.focus();
        await open.navigate(url);
        return;
      }
      await self.clients.openWindow(url);
    })(),
  );
});
