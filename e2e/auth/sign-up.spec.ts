import { expect, test } from '@playwright/test';
import { HostedLogin } from '../fixtures/hosted-login.ts';
import { firstLink, waitForMessage } from '../fixtures/outbox.ts';

test('a visitor signs up on the hosted page, verifies the email and lands in the app', async ({
  page,
  request,
}) => {
  const email = `new-${Date.now()}@example.com`;
  const password = 'a-strong-passphrase-1';

  await page.goto('/');
  // A link to /signup: it works whether or not the app has taken over the prerendered page yet.
  await page.getByRole('banner').getByRole('link', { name: 'Sign Up' }).click();

  await expect(page).toHaveURL(/\/oidc\//);
  await new HostedLogin(page).signUp(email, password);

  await expect(page).toHaveURL(/\/dashboard/);

  const mail = await waitForMessage(request, email, /verify-email/);
  await page.goto(firstLink(mail.text));
  await expect(page.getByRole('heading', { name: 'Email verified' })).toBeVisible();

  // The link is single-use.
  await page.goto(firstLink(mail.text));
  await expect(page.getByRole('heading', { name: 'Email verified' })).not.toBeVisible();
});

test('/signup opens the hosted sign-up page directly', async ({ page }) => {
  await page.goto('/signup');
  await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
});

test('/login opens the hosted sign-in page', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
});
