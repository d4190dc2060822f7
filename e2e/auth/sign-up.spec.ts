import { expect, test } from '@playwright/test';
import { HostedLogin } from '../fixtures/hosted-login.ts';
import { firstLink, waitForMessage } from '../fixtures/outbox.ts';

test('a visitor signs up on the hosted page, resends and verifies the email and lands in the app', async ({
  browser,
  page,
  request,
}) => {
  const email = `new-${Date.now()}@example.com`;
  const password = 'a-strong-passphrase-1';

  await page.goto('/');
  // A link to /signup: it works whether or not the app has taken over the prerendered page yet.
  await page.getByRole('banner').getByRole('link', { name: 'Sign Up' }).click();

  await expect(page).toHaveURL(/\/oidc\//);
  const hosted = new HostedLogin(page);
  await hosted.submitSignUp(email, password);
  await expect(page.getByText(`We sent an email to ${email}.`)).toBeVisible();
  const first = await waitForMessage(request, email, /verify-email/);

  // Nothing arrived? "Resend the email" (a plain form): a second email, whose link works (ADR 68).
  await page.getByRole('button', { name: 'Resend the email' }).click();
  await expect(page.getByRole('status')).toHaveText(`We sent a new link to ${email}.`);
  const mail = await waitForMessage(request, email, /verify-email/);
  const sent = (await (await request.get(`/dev/outbox.json?to=${encodeURIComponent(email)}`)).json()) as {
    text: string;
  }[];
  expect(sent.filter((m) => /verify-email/.test(m.text))).toHaveLength(2);
  expect(firstLink(mail.text)).not.toBe(firstLink(first.text));
  await page.goto(firstLink(mail.text));
  await expect(page.getByRole('heading', { name: 'Email verified' })).toBeVisible();
  // Reloaded: done already, not "expired" (ADR 68).
  await page.reload();
  await expect(page.getByText('Your email is already verified.')).toBeVisible();
  await expect(page.getByText('Link expired')).toHaveCount(0);
  await page.getByRole('link', { name: 'Continue to Pria' }).click();
  await hosted.signIn(email, password);
  await expect(page).toHaveURL(/\/(dashboard|onboarding)/);

  // The link is single-use: another browser opening it is told it expired.
  const elsewhere = await browser.newContext();
  const other = await elsewhere.newPage();
  await other.goto(firstLink(mail.text));
  await expect(other.getByRole('heading', { name: 'Link expired' })).toBeVisible();
  await elsewhere.close();
});

test('signing up with an address that has an account shows the same page and emails its owner', async ({
  browser,
  page,
  request,
}) => {
  const email = `owner-${Date.now()}@example.com`;
  await page.goto('/signup');
  await new HostedLogin(page).signUp(email, 'a-strong-passphrase-1');
  await expect(page).toHaveURL(/\/(dashboard|onboarding)/);

  // Someone else, in another browser, tries the same address.
  const other = await browser.newContext();
  const stranger = await other.newPage();
  await stranger.goto('/signup');
  await new HostedLogin(stranger).submitSignUp(email, 'another-passphrase-2');
  await expect(stranger.getByText(`We sent an email to ${email}.`)).toBeVisible();
  await expect(stranger.getByText(/already exists/)).not.toBeVisible();
  await other.close();

  const told = await waitForMessage(request, email, /tried to create a new Pria account/);
  expect(told.subject).toBe('Someone tried to sign up with your email address');
  expect(told.text).toContain('/oidc/forgot-password');
});

test('/signup opens the hosted sign-up page directly', async ({ page }) => {
  await page.goto('/signup');
  await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
  await expect(page.getByLabel('Email')).toBeFocused();
});

test('a refused sign-up puts the keyboard on the first field to mend', async ({ page }) => {
  await page.goto('/signup');
  await page.getByLabel('Email').fill(`focus-${Date.now()}@example.com`);
  await page.getByLabel('Password', { exact: true }).fill('a-strong-passphrase-1');
  await page.getByLabel('Confirm password').fill('a-different-passphrase');
  await page.getByRole('button', { name: 'Sign up' }).click();
  // The page comes back with the refusal: the focus was on the page itself (a walk).
  const confirm = page.getByLabel('Confirm password');
  await expect(confirm).toHaveAttribute('aria-invalid', 'true');
  await expect(confirm).toBeFocused();
});

test('/login opens the hosted sign-in page', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
});
