import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { PDFParse } from 'pdf-parse';
import { seedSubscribedCustomer } from '../admin/seed.ts';
import { HostedLogin } from '../fixtures/hosted-login.ts';
import { snap } from '../fixtures/snap.ts';
import { expectToast } from './pages/toasts.ts';

/**
 * The subscription lifecycle as a customer lives it (issue 19): what happens next on the
 * dashboard, cancelling online with the confirmation's exact words and keeping it, the pause
 * wording, and the receipt and yearly statement downloaded and read.
 */
const PASSWORD = 'a-strong-passphrase-1';

async function signIn(page: Page, email: string) {
  await page.goto('/login');
  await new HostedLogin(page).signIn(email, PASSWORD);
  await expect(page).toHaveURL(/\/dashboard/);
}

async function pdfText(path: string): Promise<string> {
  const parser = new PDFParse({ data: await readFile(path) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}

const subscriptionSection = (page: Page) => page.getByRole('region', { name: 'Subscription' });

for (const width of [1280, 390] as const) {
  test(`cancel from the subscription screen and keep it (${width}px)`, async ({ page, browser, baseURL }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: 900 });
    const customer = await seedSubscribedCustomer(browser, baseURL ?? '');
    await signIn(page, customer.email);

    // What happens next, in the customer's words.
    const upcoming = page.getByRole('region', { name: 'Upcoming' });
    await expect(upcoming.getByText('Next $3 charge')).toBeVisible();
    await expect(
      upcoming.getByText(
        /[A-Z][a-z]+ 28, \d{4} at 4pm New York time: \$3\.00 on each of Visa •••• 1111 and Mastercard •••• 4444 \(\$6\.00 in all\)/,
      ),
    ).toBeVisible();
    await expect(
      upcoming.getByText(
        /[A-Z][a-z]+ 02, \d{4} at 4pm New York time, each \$3 to the card it was charged to/,
      ),
    ).toBeVisible();
    await expect(upcoming.getByText(/\$\d+\.\d\d including taxes on Visa •••• 1111/)).toBeVisible();
    await snap(page, `${width}-dashboard-upcoming`);

    await page.goto('/dashboard/account/subscription');
    const section = subscriptionSection(page);
    await expect(section.getByTestId('subscription-status')).toHaveText('Active');
    await expect(section.getByText(/renews automatically/)).toBeVisible();

    // The pause confirmation says what a pause does (ADR 18: no $3 charges, no renewal, earlier
    // charges paid back), as the engine does it; going back changes nothing.
    await section.getByRole('switch', { name: 'Subscription enabled' }).click();
    const pause = page.getByRole('dialog', { name: 'Disable subscription' });
    await expect(pause.getByText('Are you sure you want to disable your subscription?')).toBeVisible();
    await expect(
      pause.getByText(
        'While paused, none of your cards is charged the monthly $3, starting with the next charge on the 28th.',
      ),
    ).toBeVisible();
    await expect(
      pause.getByText(
        /^Your plan stays active until \w+ \d{2}, \d{4} but does not renew while paused: if it is still paused then, it ends\.$/,
      ),
    ).toBeVisible();
    await pause.getByRole('button', { name: 'Cancel' }).click();
    await expect(section.getByRole('switch', { name: 'Subscription enabled' })).toBeChecked();

    // Cancel: one confirmation that states exactly what happens.
    await section.getByRole('button', { name: 'Cancel subscription' }).click();
    const confirm = page.getByRole('dialog', { name: 'Cancel subscription' });
    for (const words of [
      /^Your plan will not renew, so the renewal is not charged: Annual, \$71\.45 \(including taxes\) on \w+ \d{2}, \d{4}\.$/,
      /^It stays active until \w+ \d{2}, \d{4}, the end of the period you paid for\.$/,
      'The monthly $3 charges continue until then, and every $3 already charged is still paid back.',
      /^After \w+ \d{2}, \d{4}, nothing more is charged\.$/,
      /^You can keep your subscription until \w+ \d{2}, \d{4}\.$/,
    ]) {
      await expect(confirm.getByText(words)).toBeVisible();
    }
    await snap(page, `${width}-cancel-confirmation`);
    await confirm.getByRole('button', { name: 'Cancel subscription' }).click();
    await expectToast(page, 'Subscription cancelled');
    await expect(section.getByTestId('subscription-status')).toHaveText('Cancelled');
    await expect(
      section.getByText(/^Cancelled — your plan ends on \w+ \d{2}, \d{4}; no renewal$/),
    ).toBeVisible();
    await expect(section.getByRole('button', { name: 'Cancel subscription' })).toHaveCount(0);
    // A cancelled plan has nothing to pause and no plan to change to (issue 40): no switch reading
    // "enabled", no "Change plan"; keeping it is the one way on.
    await expect(section.getByRole('switch')).toHaveCount(0);
    await expect(section.getByRole('link', { name: 'Change plan' })).toHaveCount(0);
    await expect(section.getByRole('button', { name: 'Keep my subscription' })).toBeVisible();
    await snap(page, `${width}-subscription-cancelled`);

    // The dashboard now shows the end date instead of a renewal.
    await page.goto('/dashboard');
    await expect(upcoming.getByText('Plan ends')).toBeVisible();
    await expect(upcoming.getByText(/\(cancelled: it will not renew\)/)).toBeVisible();
    await expect(upcoming.getByText('Renewal')).toHaveCount(0);

    // Keep my subscription: it renews as usual again.
    await page.goto('/dashboard/account/subscription');
    await section.getByRole('button', { name: 'Keep my subscription' }).click();
    await expectToast(page, 'Your subscription will renew as usual');
    await expect(section.getByTestId('subscription-status')).toHaveText('Active');
    await expect(section.getByText(/renews automatically/)).toBeVisible();
  });
}

test('download a receipt from the activity list and the yearly statement, and read them', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const customer = await seedSubscribedCustomer(browser, baseURL ?? '');
  await signIn(page, customer.email);

  const activity = page.getByRole('table', { name: 'Activity' });
  const receiptButton = activity.getByRole('button', { name: /^Download receipt R-\d{6} \(PDF\)$/ }).first();
  await expect(receiptButton).toBeVisible();
  const receiptNumber = (await receiptButton.getAttribute('aria-label'))?.match(/R-\d{6}/)?.[0];
  const [receipt] = await Promise.all([page.waitForEvent('download'), receiptButton.click()]);
  expect(receipt.suggestedFilename()).toBe(`pria-receipt-${receiptNumber}.pdf`);
  const receiptText = await pdfText(await receipt.path());
  expect(receiptText).toContain(`Receipt ${receiptNumber}`);
  expect(receiptText).toMatch(/Total\s*\$\d+\.\d\d/);
  expect(receiptText).toContain('1111');
  expect(receiptText).not.toContain('4111111111111111');

  await page.goto('/dashboard/account/subscription');
  const section = subscriptionSection(page);
  // The statement's year is New York's (the app's and the server's calendar).
  const year = new Intl.DateTimeFormat('en-US', { timeZone: 'America/New_York', year: 'numeric' }).format(
    new Date(),
  );
  // A customer who joined this year is offered this year's statement only (no empty years before).
  const years = section.getByRole('combobox', { name: 'Statement year' });
  await expect(years.locator('option')).toHaveText([year]);
  const [pdf] = await Promise.all([
    page.waitForEvent('download'),
    section.getByRole('button', { name: 'Statement PDF' }).click(),
  ]);
  expect(pdf.suggestedFilename()).toBe(`pria-statement-${year}.pdf`);
  const statementText = await pdfText(await pdf.path());
  expect(statementText).toContain(year);
  expect(statementText).toContain('Every $3 charge and its pay-back, side by side.');

  const [csv] = await Promise.all([
    page.waitForEvent('download'),
    section.getByRole('button', { name: 'Statement CSV' }).click(),
  ]);
  expect(csv.suggestedFilename()).toBe(`pria-statement-${year}.csv`);
  const csvText = await readFile(await csv.path(), 'utf8');
  expect(csvText.split('\n')[0]).toMatch(/card/i);
});
