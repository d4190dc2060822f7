import { expect, test } from '@playwright/test';

test('a sign-in that comes back with an error shows the login error page', async ({ page }) => {
  await page.goto('/auth/callback?error=access_denied&error_description=The+user+cancelled+sign-in');
  await expect(
    page.getByRole('heading', { name: "Oops...seems like you don't have an account." }),
  ).toBeVisible();
  await expect(page.getByText('The user cancelled sign-in')).toBeVisible();

  await page.getByRole('button', { name: 'Go back to Pria home' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Better Credit, Made Simple' })).toBeVisible();
});
