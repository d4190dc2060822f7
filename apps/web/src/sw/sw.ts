/**
 * Pria's service worker (ADR 28). It keeps three promises:
 * - the app shell (scripts, styles, fonts, icons, the offline page, and the signed-in screens'
 *   frames) comes from the precache that the build lists (`self.__WB_MANIFEST`), so a revisit or a
 *   flaky network still starts the app, and an installed Pria opens its dashboard from this device
 *   and only asks the API (issue 43);
 * - a page that needs the network and cannot reach it gets the branded offline page;
 * - nothing personal is ever stored: API, sign-in, development and payment pages are never
 *   handled here (the browser fetches them as if there were no worker); other pages are fetched
 *   from the network every time, never cached. A frame (build/prerender.ts: header, the screen's
 *   title and a loader) holds nothing personal and changes only with a build, as this worker does.
 * It also shows web push messages (issue 32: a third channel beside email and SMS).
 */
import { isLanguage, languageCookie, languages } from '@pria/contracts/languages';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { resolveLanguage } from '../app/i18n/resolve-language.ts';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: (string | { url: string; revision: string | null })[];
};

/** Paths the worker never touches: every answer there is personal, live, or both. */
export const NEVER_HANDLED = [/^\/api\//, /^\/oidc(\/|$)/, /^\/dev(\/|$)/, /^\/gateway/, /^\/config\.json/];

const OFFLINE_PAGE = '/offline.html';

const precached = self.__WB_MANIFEST;
precacheAndRoute(precached);
cleanupOutdatedCaches();

/** build/prerender.ts's map of a path to its prerendered file, as the server reads it (app.ts). */
const ROUTES = '/prerendered/routes.json';
/** The signed-in screens, whose files are frames the app replaces (the landing page is not one). */
const SIGNED_IN = /^\/dashboard(\/|$)/;
/**
 * The frames this worker's build wrote, kept beside its precache. The build writes them after the
 * worker's precache list (prerender runs on the built app), so the worker fetches them when it
 * installs, into a cache named after that list: a new build is a new worker and a new cache.
 */
const FRAMES = `pria-frames-${fingerprint(JSON.stringify(precached))}`;

function fingerprint(text: string): string {
  let hash = 0x811c9dc5; // FNV-1a
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 16777619) >>> 0;
  return hash.toString(36);
}

/** The frame file of a signed-in path, from build/prerender.ts's routes (exact, else the deepest `/*`). */
function frameFile(routes: Record<string, string>, pathname: string): string | undefined {
  const below = Object.keys(routes)
    .filter((key) => key.endsWith('/*') && pathname.startsWith(key.slice(0, -1)))
    .sort((a, b) => b.length - a.length)[0];
  return routes[pathname] ?? (below ? routes[below] : undefined);
}

const inLanguage = (file: string, language: string) =>
  language === 'en' ? file : file.replace(/\.html$/, `.${language}.html`);

async function keepFrames(): Promise<void> {
  try {
    const routes = await fetch(ROUTES, { cache: 'no-cache' });
    if (!routes.ok) return;
    const files = new Set(
      Object.entries((await routes.clone().json()) as Record<string, string>)
        .filter(([path]) => SIGNED_IN.test(path))
        .flatMap(([, file]) => languages.map((language) => `/${inLanguage(file, language)}`)),
    );
    const cache = await caches.open(FRAMES);
    await Promise.all(
      [...files].map(async (file) => {
        const answer = await fetch(file, { cache: 'no-cache' });
        if (answer.ok) await cache.put(file, answer);
      }),
    );
    await cache.put(ROUTES, routes);
  } catch {
    // Frames only spare a round trip: without them the server answers as before.
  }
}

self.addEventListener('install', (event) => event.waitUntil(keepFrames()));
self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys())
        if (name.startsWith('pria-frames-') && name !== FRAMES) await caches.delete(name);
    })(),
  );
});

/**
 * A signed-in screen's frame from this device, in the language the server would have chosen (this
 * browser's choice, else its languages: the web app's rule), or undefined for any other page. The
 * app then signs in, asks the API and renders the screen as after the server's copy.
 */
async function keptFrame(pathname: string): Promise<Response | undefined> {
  if (!SIGNED_IN.test(pathname)) return undefined;
  const cache = await caches.open(FRAMES);
  const routes = (await (await cache.match(ROUTES))?.json()) as Record<string, string> | undefined;
  const file = routes && frameFile(routes, pathname);
  if (!file) return undefined;
  const cookie = (await self.cookieStore?.get(languageCookie))?.value;
  const language = resolveLanguage({
    cookie: isLanguage(cookie) ? cookie : undefined,
    browser: self.navigator.languages,
  });
  return (await cache.match(`/${inLanguage(file, language)}`)) ?? (await cache.match(`/${file}`));
}

// Pages: the network (what a page shows depends on who is signed in and on now), except a
// signed-in screen's frame while online; the offline page only when the network cannot be reached.
registerRoute(
  new NavigationRoute(
    async ({ request, url }) => {
      const frame = self.navigator.onLine ? await keptFrame(url.pathname) : undefined;
      if (frame) return frame;
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
