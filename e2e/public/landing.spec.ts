import { expect, test } from '@playwright/test';

const heroTitle = 'Better Credit, Made Simple';

test.describe('landing on a desktop (1280px)', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('shows the hero with both calls to action and grids, not carousels', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: heroTitle })).toBeVisible();
    const main = page.getByRole('main');
    await expect(main.getByRole('button', { name: 'Get Started' }).first()).toBeVisible();
    await expect(main.getByRole('button', { name: 'Sign Up' })).toBeVisible();

    const howItWorks = page.getByRole('list', { name: 'How it works' });
    await expect(howItWorks).toBeVisible();
    await expect(howItWorks.getByRole('listitem')).toHaveCount(3);
    await expect(page.getByRole('list', { name: 'Benefits' }).getByText('Avoid card debt')).toBeVisible();
    await expect(page.locator('[aria-roledescription="carousel"]')).toHaveCount(0);
  });

  test('shows the visitor disclaimer in the footer', async ({ page }) => {
    await page.goto('/');
    await expect(
      page.getByRole('contentinfo').getByText(/at least 18 years old and a US citizen/),
    ).toBeVisible();
  });

  test('an unknown path shows the landing page', async ({ page }) => {
    await page.goto('/no-such-page');
    await expect(page.getByRole('heading', { level: 1, name: heroTitle })).toBeVisible();
  });
});

test.describe('landing on a phone (390px)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('shows the hero and carousels instead of grids', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: heroTitle })).toBeVisible();
    await expect(page.getByRole('main').getByRole('button', { name: 'Get Started' }).first()).toBeVisible();

    const carousel = page.locator('[aria-roledescription="carousel"][aria-label="How it works"]');
    await carousel.scrollIntoViewIfNeeded();
    await expect(carousel).toBeVisible();
    await expect(carousel.getByText('We charge $3 on the 28th')).toBeInViewport();
    await expect(page.getByRole('list', { name: 'How it works' })).toHaveCount(0);
  });
});
