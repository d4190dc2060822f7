import { expect, test } from '@playwright/test';
import { runCli } from '../fixtures/cli.ts';
import { HostedLogin } from '../fixtures/hosted-login.ts';
import { snap } from '../fixtures/snap.ts';

test('an admin created with the CLI signs in and lands on /admin', async ({ page }) => {
  const email = `admin-${Date.now()}@example.com`;
  const password = 'admin-passphrase-1';
  const out = JSON.parse(
    runCli(['user:create', '--email', email, '--password', password, '--role', 'admin']),
  );
  expect(out).toMatchObject({ email, roles: ['admin'] });

  await page.goto('/login');
  await new HostedLogin(page).signIn(email, password);
  await expect(page).toHaveURL(/\/admin$/);
});

for (const width of [1280, 390] as const) {
  test(`the admin portal's sign-in is the staff one: no account to create, no customer words (${width}px)`, async ({
    page,
  }) => {
    const email = `ops-${width}-${Date.now()}@example.com`;
    const password = 'admin-passphrase-1';
    runCli(['user:create', '--email', email, '--password', password, '--role', 'admin']);
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });

    // A staff bookmark: the admin portal sends the browser to sign in, and the provider says whose
    // sign-in it is.
    await page.goto('/admin/users');
    await expect(page.getByRole('heading', { level: 1, name: 'Pria Staff — sign in' })).toBeVisible();
    await expect(page).toHaveTitle('Staff sign in · Pria');
    await expect(page.getByRole('link', { name: 'Create an account' })).toHaveCount(0);
    await expect(page.getByText(/Welcome back|New to Pria|Better credit/)).toHaveCount(0);
    await expect(
      page.getByText('For Pria staff. An admin creates staff accounts.', { exact: false }),
    ).toBeVisible();
    await snap(page, `${width}-staff-sign-in`, { folder: 'journeys' });
    // A wrong password keeps it the staff page.
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('not-the-password-1');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByRole('alert')).toContainText('Wrong email or password.');
    await expect(page.getByRole('heading', { level: 1, name: 'Pria Staff — sign in' })).toBeVisible();
    await new HostedLogin(page).signIn(email, password, { staff: true });
    await expect(page).toHaveURL(/\/admin\/users$/);

    // The customers' sign-in is unchanged.
    await page.context().clearCookies();
    await page.evaluate(() => window.localStorage.clear());
    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome back' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Create an account' })).toBeVisible();
  });
}

test('a customer signs in and lands in the customer app (onboarding, not yet done), and cannot open /admin', async ({
  page,
}) => {
  const email = `cust-${Date.now()}@example.com`;
  const password = 'customer-passphrase-1';
  runCli(['user:create', '--email', email, '--password', password]);

  await page.goto('/login');
  await new HostedLogin(page).signIn(email, password);
  // Home for a customer is /dashboard, which sends one who has not onboarded yet on to onboarding,
  // where they stay (the stop at /dashboard can be too brief to observe).
  await expect(page).toHaveURL(/\/onboarding$/);

  await page.goto('/admin');
  await expect(page).toHaveURL(/\/onboarding$/);
  await expect(page.getByRole('navigation', { name: 'Admin' })).toHaveCount(0);
});

test('a wrong password is refused on the hosted page', async ({ page }) => {
  await page.goto('/login');
  await new HostedLogin(page).signIn('nobody@example.com', 'wrong-password-1');
  await expect(page.getByRole('alert')).toContainText('Wrong email or password.');
});
