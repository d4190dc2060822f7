import { readFileSync } from 'node:fs';
import path from 'node:path';
import { isWebPage } from '@pria/contracts';
import { describe, expect, it } from 'vitest';
import { accountSections } from '../features/account/account-sections.ts';

/**
 * The server answers 404 for a page path not in contracts' webPagePatterns; this ties that list
 * to the routes the web app declares, so a new screen cannot be answered with a 404 by mistake.
 */
const here = path.dirname(new URL(import.meta.url).pathname);
const routesOf = (file: string) =>
  [...readFileSync(path.join(here, file), 'utf8').matchAll(/<Route\s[^>]*?path="([^"*]+)"/g)].map(
    (m) => m[1] ?? '',
  );

const sample = (p: string) => p.replace(/:[a-z]+/gi, '3fa85f64-5717-4562-b3fc-2c963f66afa6');

describe('every route the web app declares is a page for the server', () => {
  it.each([
    ['router.tsx', ''],
    ['areas/public-area.tsx', '/'],
    ['areas/customer-area.tsx', '/dashboard/'],
    ['areas/admin-area.tsx', '/admin/'],
  ])('%s', (file, prefix) => {
    const routes = routesOf(file);
    expect(routes.length).toBeGreaterThan(0);
    for (const route of routes) {
      const url = sample(route.startsWith('/') ? route : `${prefix}${route}`);
      expect(isWebPage(url), url).toBe(true);
    }
  });

  it('every account section (the links of its menu and of the emails) is a page', () => {
    for (const ref of [...accountSections.map((s) => s.ref), 'delete'])
      expect(isWebPage(`/dashboard/account/${ref}`), ref).toBe(true);
  });

  it('the account sections and onboarding are pages; other paths are not', () => {
    for (const ok of ['/dashboard/account/security', '/onboarding', '/onboarding1', '/dashboard/account'])
      expect(isWebPage(ok), ok).toBe(true);
    for (const bad of ['/dashboard/account/nope', '/no/such/page', '/admin/users/1/2', '/dashboardx'])
      expect(isWebPage(bad), bad).toBe(false);
  });
});
