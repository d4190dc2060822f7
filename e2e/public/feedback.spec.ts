import { expect, test } from '@playwright/test';

test("Rate Now waits for a star, then a visitor's review is sent", async ({ page }) => {
  await page.goto('/feedback');
  await expect(page.getByRole('heading', { name: 'Your opinion matters to us!' })).toBeVisible();
  await expect(page.getByText('How was your experience?')).toBeVisible();
  const rateNow = page.getByRole('button', { name: 'Rate Now' });
  await expect(rateNow).toBeDisabled();
  await expect(page.getByRole('link', { name: 'Maybe later' })).toBeVisible();

  // The star inputs are visually hidden radios; a person clicks the star drawn over them.
  const star = page.getByRole('radio', { name: '4 stars' });
  await page.locator(`label[for="${await star.getAttribute('id')}"]`).click();
  await expect(star).toBeChecked();
  await expect(rateNow).toBeEnabled();
  await page.getByPlaceholder('Leave a message if you want').fill('Simple and clear.');
  await rateNow.click();

  await expect(page.getByText('Feedback submitted successfully')).toBeVisible();
  // Visitors go back to the landing page 1.5 s later.
  await expect(page.getByRole('heading', { level: 1, name: 'Better Credit, Made Simple' })).toBeVisible();
});

test('Maybe later takes a visitor back to the landing page', async ({ page }) => {
  await page.goto('/feedback');
  await page.getByRole('link', { name: 'Maybe later' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Better Credit, Made Simple' })).toBeVisible();
});
