import { expect, test } from '@playwright/test';
import { LegalPage } from './pages/legal-page.ts';

test('terms of service has 22 sections and the contents scroll to them', async ({ page }) => {
  await page.goto('/terms');
  const terms = new LegalPage(page);
  await expect(page.getByRole('heading', { level: 1, name: 'PRIA TERMS OF SERVICE' })).toBeVisible();
  await expect(page.getByText('Last updated January 4, 2022')).toBeVisible();
  await expect(terms.tocLinks).toHaveCount(22);
  await expect(terms.sectionHeadings).toHaveCount(22);
  await expect(page.getByRole('list', { name: 'Prohibited activities' }).getByRole('listitem')).toHaveCount(
    22,
  );

  const last = page.getByRole('heading', { name: '22. Miscellaneous and Contact Us' });
  await expect(last).not.toBeInViewport();
  await terms.toc.getByRole('link', { name: 'Miscellaneous and Contact Us' }).click();
  await expect(last).toBeInViewport();
  await expect(last).toBeFocused();
});

test('terms contents work from the keyboard', async ({ page }) => {
  await page.goto('/terms');
  const terms = new LegalPage(page);
  await terms.toc.getByRole('link', { name: 'Governing Law' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: '13. Governing Law' })).toBeInViewport();
});

test('privacy policy has 15 sections, its date, and the 18+ and US-only statements', async ({ page }) => {
  await page.goto('/policy');
  const policy = new LegalPage(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
  await expect(page.getByText('Last updated January 1, 2022')).toBeVisible();
  await expect(policy.tocLinks).toHaveCount(15);
  await expect(policy.sectionHeadings).toHaveCount(15);
  await expect(page.getByText(/at least 18 years old/).first()).toBeVisible();
  await expect(page.getByText(/intended for a US audience only/)).toBeVisible();

  const contactHeading = page.getByRole('heading', { name: /^15\. / });
  await policy.tocLinks.last().click();
  await expect(contactHeading).toBeInViewport();
});
