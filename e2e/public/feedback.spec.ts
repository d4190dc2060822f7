import { expect, test } from '@playwright/test';
import { FeedbackPage } from './pages/feedback-page.ts';

test("Rate Now waits for a star, then a visitor's review is sent", async ({ page }) => {
  const feedback = new FeedbackPage(page);
  await feedback.open();
  await expect(page.getByRole('heading', { name: 'Your opinion matters to us!' })).toBeVisible();
  await expect(page.getByText('How was your experience?')).toBeVisible();
  await expect(feedback.rateNow).toBeDisabled();
  await expect(page.getByRole('link', { name: 'Maybe later' })).toBeVisible();

  await feedback.pick(4);
  await expect(feedback.star(4)).toBeChecked();
  await expect(feedback.rateNow).toBeEnabled();
  await feedback.message.fill('Simple and clear.');
  await feedback.rateNow.click();

  await expect(page.getByText('Feedback submitted successfully')).toBeVisible();
  // Visitors go back to the landing page 1.5 s later.
  await expect(page.getByRole('heading', { level: 1, name: 'Better Credit, Made Simple' })).toBeVisible();
});

test('the stars are a radio group: an arrow key moves to a star and chooses it, and that star is sent', async ({
  page,
}) => {
  const feedback = new FeedbackPage(page);
  await feedback.open();
  for (const n of [1, 2, 3, 4, 5]) await expect(feedback.star(n)).toHaveCount(1);
  // The keyboard reaching the stars starts the app; once the form is the app's, the arrow keys are
  // answered by it (before, the browser's own radio buttons answer them).
  await feedback.star(1).focus();
  await feedback.expectTheAppHasTheForm();
  await page.keyboard.press('ArrowRight');
  await expect(feedback.star(2)).toBeFocused();
  await expect(feedback.star(2)).toBeChecked();
  await expect(feedback.rateNow).toBeEnabled();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowLeft');
  await expect(feedback.star(3)).toBeFocused();
  await expect(feedback.star(3)).toBeChecked();
  await expect(feedback.star(4)).not.toBeChecked();
  // Drawn as chosen: the stars up to the third filled, the fourth not.
  expect(await feedback.fill(3)).not.toBe(await feedback.fill(4));
  expect(await feedback.fill(1)).toBe(await feedback.fill(3));

  // Passed on as it is: a request the test routes is one whose body Playwright can read.
  await page.route('**/api/v1/support/feedback', (route) => route.continue());
  const sent = page.waitForRequest((r) => r.method() === 'POST' && r.url().includes('/feedback'));
  await feedback.rateNow.click();
  expect((await sent).postDataJSON()).toEqual({ star: 3, message: '' });
});

test('Maybe later takes a visitor back to the landing page', async ({ page }) => {
  await page.goto('/feedback');
  await page.getByRole('link', { name: 'Maybe later' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Better Credit, Made Simple' })).toBeVisible();
});
