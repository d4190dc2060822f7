import { expect, test } from '@playwright/test';
import { testCards } from '../customer/pages/test-cards.ts';
import { runCli } from '../fixtures/cli.ts';
import { HostedLogin } from '../fixtures/hosted-login.ts';
import { appPaths, messagesTo, waitForMail } from './support/outbox.ts';
import { PASSWORD, seedCustomer } from './support/seed.ts';
import { atWidth, widths } from './support/viewport.ts';

/**
 * Every email's link, opened signed out, lands where it points after the sign-in (issue 29 item
 * 6: it landed on /dashboard); a staff bookmark lands on its admin page; an unknown address is a
 * real 404 (item 7).
 */
for (const width of widths) {
  test(`each email's link survives the sign-in; staff links too; unknown URLs are a 404 (${width}px)`, async ({
    browser,
    baseURL,
    request,
  }) => {
    test.setTimeout(150_000);
    const base = baseURL ?? '';
    const { email } = await seedCustomer(browser, base, {
      prefix: `links-${width}`,
      cards: [testCards.visa],
      plan: 'semi-annual',
      verified: true,
      cancel: true,
    });
    // The receipt and the cancellation notice (the worker sends every few seconds).
    await waitForMail(request, email, /^Your Pria subscription started/);
    await waitForMail(request, email, /cancel/i);
    const paths = [
      ...new Set(
        (await messagesTo(request, email))
          .flatMap((m) => appPaths(m.text, base))
          .filter((p) => !p.startsWith('/oidc')),
      ),
    ];
    expect(paths).toEqual(expect.arrayContaining(['/dashboard', '/dashboard/account/subscription']));

    // Every email's link on the desktop; one on the phone (the same code path, a slower screen).
    for (const path of width === 1280 ? paths : paths.slice(0, 1)) {
      const context = await browser.newContext({ baseURL: base });
      const page = await context.newPage();
      await atWidth(page, width);
      await page.goto(path);
      await new HostedLogin(page).signIn(email, PASSWORD);
      await expect(page, `the link ${path}`).toHaveURL(new RegExp(`${path.replace(/[?]/g, '\\?')}$`));
      await context.close();
    }

    // A staff member's bookmark.
    const staff = `links-staff-${width}-${Date.now()}@example.com`;
    runCli(['user:create', '--email', staff, '--password', PASSWORD, '--role', 'finance']);
    const context = await browser.newContext({ baseURL: base });
    const page = await context.newPage();
    await atWidth(page, width);
    await page.goto('/admin/transactions?type=PAYOUT');
    await new HostedLogin(page).signIn(staff, PASSWORD, { staff: true });
    await expect(page).toHaveURL(/\/admin\/transactions\?type=PAYOUT$/);
    await expect(page.getByRole('heading', { name: 'Transactions' })).toBeVisible();
    // A security email's link opened in a new tab: the provider's session signs the staff member
    // in again and the link's page opens, not the admin home.
    const tab = await context.newPage();
    await atWidth(tab, width);
    await tab.goto('/dashboard/account/security');
    await expect(tab.getByRole('heading', { name: 'Security', exact: true })).toBeVisible();
    await expect(tab).toHaveURL(/\/dashboard\/account\/security$/);
    await tab.close();

    // Unknown addresses: the page says so, with the status that says so.
    for (const [url, home] of [
      ['/no/such/page', 'Go to the home page'],
      ['/admin/no-such-screen', 'Go to the admin home'],
    ] as const) {
      const res = await page.goto(url);
      expect(res?.status(), url).toBe(404);
      await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
      await expect(page.getByRole('link', { name: home })).toBeVisible();
    }
    await context.close();
  });
}
