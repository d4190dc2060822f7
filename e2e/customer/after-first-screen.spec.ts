import { existsSync, readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { signOut } from '../account-security/pages/session.ts';
import { signInNewCustomer } from '../fixtures/new-customer.ts';

/**
 * A signed-in screen starts from the session stored on the browser and loads the OIDC client once
 * it is on view (ADR 83): the screen works without it, and a Logout pressed before it has arrived
 * logs out.
 */
const dist = new URL('../../apps/web/dist/', import.meta.url);

/** The OIDC session's chunk and the chunk with oidc-client-ts that it imports (from the build's manifest). */
function oidcChunks(): string[] {
  const manifest = JSON.parse(readFileSync(new URL('.vite/manifest.json', dist), 'utf8')) as Record<
    string,
    { file: string; imports?: string[] }
  >;
  const session = manifest['src/app/auth/oidc-session.tsx'];
  if (!session) throw new Error('no OIDC session chunk in the manifest');
  // The chunk whose modules (its source map's sources) include the library's.
  const sources = (file: string): string[] => {
    const map = new URL(`${file}.map`, dist);
    return existsSync(map) ? (JSON.parse(readFileSync(map, 'utf8')) as { sources: string[] }).sources : [];
  };
  const client = (session.imports ?? [])
    .map((key) => manifest[key]?.file ?? '')
    .filter((file) => sources(file).some((source) => source.includes('node_modules/oidc-client-ts/')));
  expect(client, 'the chunk holding oidc-client-ts').toHaveLength(1);
  return [session.file, ...client];
}

/** Holds the OIDC client's chunks (as a slow connection would) until `release()`; `asked` lists them. */
async function holdOidcClient(page: Page, files = oidcChunks()) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const asked: string[] = [];
  await page.route(
    (url) => files.some((file) => url.pathname === `/${file}`),
    async (route) => {
      asked.push(new URL(route.request().url()).pathname);
      await released;
      await route.continue();
    },
  );
  return { asked, release };
}

test('a signed-in screen shows and works from the stored session before the OIDC client has loaded', async ({
  page,
}) => {
  const { email } = await signInNewCustomer(page, 'stored');

  const tab = await page.context().newPage();
  const held = await holdOidcClient(tab);
  await tab.goto('/dashboard/account');
  // The screen, with the customer's own data from the API (the token read from storage).
  await expect(tab.locator('#app-shell')).toHaveCount(0);
  await expect(tab.getByRole('heading', { level: 2, name: 'Personal Information' })).toBeVisible();
  await expect(tab.getByRole('textbox', { name: 'Email', exact: true })).toHaveValue(email);
  // The name menu works: its code is not the OIDC client's.
  await tab.getByRole('banner').locator('button[aria-haspopup="menu"]').click();
  await expect(tab.getByRole('menuitem', { name: 'Account Settings' })).toBeVisible();
  await tab.keyboard.press('Escape');
  // The client is asked for once the screen is on view, and is still on its way.
  await expect.poll(() => held.asked.length).toBeGreaterThan(0);

  held.release();
  // Once it has loaded, the session is the client's: Logout logs out.
  await signOut(tab);
  expect(
    await tab.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('oidc.user:'))),
  ).toEqual([]);
});

test('Logout pressed before the OIDC client has arrived logs out, and no sign-in starts meanwhile', async ({
  page,
}) => {
  await signInNewCustomer(page, 'early-out');

  const tab = await page.context().newPage();
  // Only the React provider is held: Logout loads the client itself and forgets the stored user;
  // the provider then arrives to find nobody signed in, while the browser is leaving.
  const [sessionChunk] = oidcChunks();
  const held = await holdOidcClient(tab, [sessionChunk as string]);
  const signInRequests: string[] = [];
  tab.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname.endsWith('/auth') && url.searchParams.has('code_challenge'))
      signInRequests.push(r.url());
  });
  await tab.goto('/dashboard/account');
  await expect(tab.getByRole('heading', { level: 2, name: 'Personal Information' })).toBeVisible();

  await tab.getByRole('banner').locator('button[aria-haspopup="menu"]').click();
  await tab.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(tab.getByText('Logging out…')).toBeVisible();
  await expect
    .poll(() =>
      tab.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('oidc.user:')).length),
    )
    .toBe(0);
  held.release();

  await expect(tab).toHaveURL(/^http:\/\/[^/]+\/$/, { timeout: 15_000 });
  await expect(tab.getByText('You are signed out.')).toBeVisible();
  expect(signInRequests, 'no sign-in started while the page was leaving').toEqual([]);
});
