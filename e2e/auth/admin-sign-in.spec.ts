import { expect, test } from '@playwright/test';
import { runCli } from '../fixtures/cli.ts';
import { HostedLogin } from '../fixtures/hosted-login.ts';

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

test('a customer signs in and lands on /dashboard, and cannot open /admin', async ({ page }) => {
  const email = `cust-${Date.now()}@example.com`;
  const password = 'customer-passphrase-1';
  runCli(['user:create', '--email', email, '--password', password]);

  await page.goto('/login');
  await new HostedLogin(page).signIn(email, password);
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.goto('/admin');
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('a wrong password is refused on the hosted page', async ({ page }) => {
  await page.goto('/login');
  await new HostedLogin(page).signIn('nobody@example.com', 'wrong-password-1');
  await expect(page.getByRole('alert')).toContainText('Wrong email or password.');
});
