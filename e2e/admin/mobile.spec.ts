import { expect, test } from '@playwright/test';
import { snap } from '../fixtures/snap.ts';
import { ClientDetail, signInAsNewAdmin } from './pages/admin-portal.ts';
import { seedSubscribedCustomer } from './seed.ts';

test.use({ viewport: { width: 390, height: 844 } });

test('at 390px a right-hand hamburger menu replaces the sidebar', async ({ page }) => {
  await signInAsNewAdmin(page);
  // Once the portal is on screen, its sidebar is not: the collapsed navbar sits off the left edge.
  // NOTE: checked after the heading; asked earlier, "no sidebar yet" passed before anything rendered.
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Admin sidebar' })).not.toBeInViewport();
  await page.getByRole('button', { name: 'Open menu' }).click();
  const drawer = page.getByRole('dialog', { name: 'Menu' });
  await expect(drawer).toBeVisible();
  for (const item of ['Home', 'Client Details', 'Logs', 'Transactions']) {
    await expect(drawer.getByRole('link', { name: item })).toBeVisible();
  }
  for (const item of ['Back To Dashboard', 'Transaction Pay In', 'Payout', 'Subscription Pay In', 'Logout']) {
    await expect(drawer.getByRole('button', { name: item })).toBeVisible();
  }
  // The drawer slides in from the right edge. NOTE: polled: read during its slide-in transition
  // the box is a pixel off (391 seen in CI), where it comes to rest is what counts.
  await expect
    .poll(async () => {
      const box = await drawer.boundingBox();
      return box && Math.round(box.x + box.width);
    })
    .toBe(390);

  await drawer.getByRole('link', { name: 'Client Details' }).click();
  await expect(drawer).toBeHidden();
  await expect(page).toHaveURL(/\/admin\/users/);
  await expect(page.getByRole('table', { name: 'Clients' })).toBeVisible();
  await snap(page, '390-admin-clients');
});

test('Back To Dashboard sets the session flag and opens the dashboard', async ({ page }) => {
  await signInAsNewAdmin(page);
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: 'Back To Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard\?from=admin-dashboard/);
  expect(await page.evaluate(() => sessionStorage.getItem('backDashboard'))).toBe('true');
});

test('at 390px the client detail shows the cards as a carousel and offers Per Card', async ({
  page,
  browser,
}, info) => {
  test.setTimeout(90_000);
  const client = await seedSubscribedCustomer(browser, String(info.project.use.baseURL));
  await signInAsNewAdmin(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Reconciliation' })).toBeVisible();
  await snap(page, '390-admin-home');
  await page.goto(`/admin/users/${client.id}`);
  const detail = new ClientDetail(page);
  await detail.expectLoaded(`${client.firstName} ${client.lastName}`);
  await expect(page.getByRole('region', { name: 'Client cards' })).toBeVisible();
  await page.getByRole('radiogroup', { name: 'Filter' }).getByText('Per Card').click();
  await expect(page.getByText('· Visa •••• 1111')).toBeVisible();
  await expect(detail.activity()).toContainText('1111');
  await page.getByRole('button', { name: 'Next card' }).click();
  await expect(page.getByText('· Mastercard •••• 4444')).toBeVisible();
  await snap(page, '390-admin-client-detail');
});
