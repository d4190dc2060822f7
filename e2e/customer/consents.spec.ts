import { expect, test } from '@playwright/test';
import { signInAsNewAdmin } from '../admin/pages/admin-portal.ts';
import { accessTokenOf } from '../admin/seed.ts';
import { runCli } from '../fixtures/cli.ts';
import { HostedLogin } from '../fixtures/hosted-login.ts';
import { snap } from '../fixtures/snap.ts';
import { OnboardingPage } from './pages/onboarding-page.ts';
import { signUpNewCustomer } from './pages/sign-up.ts';
import { testCards } from './pages/test-cards.ts';

/**
 * Consent records (issue 32): the sign-up page's terms and privacy policy are on record; a customer
 * who never saw them (made by the CLI) is asked, not blocked; staff read a client's records.
 */

test('what a customer agreed to at sign-up is on record, in Account → Privacy and for staff', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await signUpNewCustomer(page, 'consents');
  await page.getByRole('button', { name: 'I will do this later' }).click();
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  // Accepted at sign-up: nothing to ask.
  await expect(page.getByRole('region', { name: /review and accept|updated our terms/ })).toHaveCount(0);

  await page.goto('/dashboard/account/privacy');
  const records = page.getByRole('table', { name: 'Your consent records' });
  await expect(records.getByRole('row')).toHaveCount(3);
  await expect(records.getByRole('row', { name: /Terms of Service .* Sign-up/ })).toBeVisible();
  await expect(records.getByRole('row', { name: /Privacy Policy .* Sign-up/ })).toBeVisible();
  await expect(records).toContainText('127.0.0.1');
  // In New York time, named, as every other time on the customer's and staff's pages.
  await expect(records.getByRole('row', { name: /Terms of Service .* Sign-up/ })).toContainText(
    /\d{2}\/\d{2}\/\d{4} at \d{1,2}:\d{2} [AP]M ET/,
  );
  await expect(page.getByRole('list', { name: 'Your consent records' })).toBeHidden();
  await page.setViewportSize({ width: 390, height: 844 });
  // On a phone the records are a list, one item per record (the table scrolled sideways), and the
  // table is out of sight and of the accessibility tree.
  const list = page.getByRole('list', { name: 'Your consent records' });
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await expect(records).toHaveCount(0);
  for (const document of ['Terms of Service', 'Privacy Policy']) {
    const item = list.getByRole('listitem').filter({ hasText: document });
    await expect(item).toContainText(/Version\s*\d{4}-\d{2}-\d{2}/);
    await expect(item).toContainText(/Where\s*Sign-up/);
    await expect(item).toContainText(/Accepted\s*\d{2}\/\d{2}\/\d{4} at \d{1,2}:\d{2} [AP]M ET/);
    await expect(item).toContainText(/IP address\s*127\.0\.0\.1/);
  }
  const overflow = await page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth');
  expect(overflow).toBeLessThanOrEqual(0);
  await page.getByRole('heading', { name: 'Agreements' }).scrollIntoViewIfNeeded();
  await snap(page, '390-account-privacy');

  const id = await page.evaluate(
    async (token) => {
      const res = await fetch('/api/v1/customers/me', { headers: { authorization: `Bearer ${token}` } });
      return ((await res.json()) as { data: { id: string } }).data.id;
    },
    await accessTokenOf(page),
  );
  const staff = await browser.newContext({ baseURL });
  const admin = await staff.newPage();
  await signInAsNewAdmin(admin);
  await admin.goto(`/admin/users/${id}`);
  const consents = admin.getByRole('table', { name: 'Consent records' });
  await expect(consents.getByRole('row', { name: /Terms of Service .* Sign-up/ })).toBeVisible();
  await snap(admin, '1280-admin-client-consents');
  await staff.close();
});

test('a customer who never accepted the terms is asked once, and can go on using the app', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const email = `consent-cli-${Date.now()}@example.com`;
  runCli(['user:create', '--email', email, '--password', 'consent-passphrase-1']);
  await page.goto('/login');
  await new HostedLogin(page).signIn(email, 'consent-passphrase-1');
  await page.getByRole('button', { name: 'I will do this later' }).click();
  const prompt = page.getByRole('region', { name: 'Please review and accept our terms' });
  await expect(prompt).toBeVisible();
  await expect(prompt.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms');
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await prompt.getByRole('button', { name: 'I accept' }).click();
  await expect(prompt).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Please review and accept our terms' })).toHaveCount(0);
});

test('paying at checkout agrees to the terms: the prompt to accept them goes at once', async ({ page }) => {
  test.setTimeout(90_000);
  const email = `consent-pay-${Date.now()}@example.com`;
  runCli(['user:create', '--email', email, '--password', 'consent-passphrase-1']);
  await page.goto('/login');
  await new HostedLogin(page).signIn(email, 'consent-passphrase-1');
  const onboarding = new OnboardingPage(page);
  await onboarding.getStarted();
  const prompt = page.getByRole('region', { name: 'Please review and accept our terms' });
  await expect(prompt).toBeVisible();
  await onboarding.fillProfile();
  await onboarding.saveProfile();
  await onboarding.addCard(testCards.visa);
  await onboarding.expectCardCount(1);
  await onboarding.continueFromCards();
  await onboarding.continueWithPreselectedPlan('Semi-Annual');
  await expect(page.getByText(/By submitting this form, you agree to our/)).toBeVisible();
  await expect(prompt).toBeVisible();
  await onboarding.checkoutWithExistingCard('1111');
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await expect(prompt).toHaveCount(0);
});
