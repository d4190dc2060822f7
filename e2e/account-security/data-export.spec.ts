import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { strFromU8, unzipSync } from 'fflate';
import { signInNewCustomer } from '../fixtures/new-customer.ts';
import { waitForMessage } from '../fixtures/outbox.ts';

/**
 * Account → Privacy → "Download my data" (issue 32): the request, the worker's preparation shown
 * as it goes, the email's single-use link, and the ZIP.
 */
test('a customer asks for their data, follows the emailed link and downloads the ZIP once', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const { email } = await signInNewCustomer(page, 'export');

  await page.goto('/dashboard/account/privacy');
  const privacy = page.getByRole('region', { name: 'Privacy' });
  await privacy.getByRole('button', { name: 'Download my data' }).click();
  await expect(
    page.getByText("We're preparing your data. We'll email you when it's ready to download."),
  ).toBeVisible();
  // The worker prepares it within seconds; the section follows along.
  await expect(privacy.getByText(/^Ready\. We emailed you a link/)).toBeVisible({ timeout: 30_000 });
  // One copy a day: the next request waits, and the screen says until when.
  await expect(privacy.getByRole('button', { name: 'Download my data' })).toBeDisabled();
  await expect(privacy.getByText(/^One copy a day: you can ask for a new one after /)).toBeVisible();

  const mail = await waitForMessage(request, email, /privacy\?export=/, 30_000);
  const link = /https?:\/\/\S+privacy\?export=\S+/.exec(mail.text)?.[0] ?? '';
  await page.goto(link);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download my data (ZIP)' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^pria-data-\d{4}-\d{2}-\d{2}\.zip$/);
  const zip = unzipSync(new Uint8Array(readFileSync((await file.path()) as string)));
  expect(Object.keys(zip)).toEqual(
    expect.arrayContaining(['README.txt', 'json/profile.json', 'csv/charges.csv']),
  );
  expect(JSON.parse(strFromU8(zip['json/profile.json'] as Uint8Array))[0].email).toBe(email);
  await expect(privacy.getByText(/^Downloaded on /)).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/account\/privacy$/);

  // The link worked once: opened again, it says so and offers no download that would fail.
  await page.goto(link);
  const used = page.getByRole('alert').filter({ hasText: 'This link was already used' });
  await expect(used).toContainText('Each link downloads your data once. You can ask for a new copy after');
  await expect(page.getByRole('button', { name: 'Download my data (ZIP)' })).toHaveCount(0);
});
