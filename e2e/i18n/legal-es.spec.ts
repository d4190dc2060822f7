import { expect, test } from '@playwright/test';

/**
 * Issue 42: a Spanish browser reads the terms and the privacy policy in Spanish, told first that the
 * English version governs where the two differ, with every section the English page has.
 */
test.use({ locale: 'es-US' });

const documents = [
  { path: '/terms', title: 'TÉRMINOS DEL SERVICIO DE PRIA', date: '4 de enero de 2022', sections: 22 },
  { path: '/policy', title: 'Política de Privacidad', date: '1 de enero de 2022', sections: 15 },
];

for (const { path, title, date, sections } of documents) {
  test(`an es-US browser reads ${path} in Spanish, says English governs, and has all ${sections} sections`, async ({
    page,
  }) => {
    await page.goto(path);
    await expect(page.locator('html')).toHaveAttribute('lang', 'es-US');
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByText(`Última actualización: ${date}`)).toBeVisible();
    await expect(page.getByRole('note')).toContainText(
      'si la versión en español y la versión en inglés difieren, prevalecerá la versión en inglés',
    );

    const toc = page.getByRole('navigation', { name: 'Índice' });
    await expect(toc.getByRole('link')).toHaveCount(sections);
    const headings = page.getByRole('main').getByRole('heading', { level: 2, name: /^\d+\. / });
    await expect(headings).toHaveCount(sections);
    // The contents still scroll to their sections.
    await toc.getByRole('link').last().click();
    await expect(headings.last()).toBeInViewport();
    await expect(page.getByText('Table of Contents')).toHaveCount(0);
  });
}

test('the Spanish terms keep the 22 prohibited activities', async ({ page }) => {
  await page.goto('/terms');
  await expect(page.getByRole('list', { name: 'Actividades prohibidas' }).getByRole('listitem')).toHaveCount(
    22,
  );
});

test.describe('an en-US browser', () => {
  test.use({ locale: 'en-US' });

  test('reads the English terms with no translation notice', async ({ page }) => {
    await page.goto('/terms');
    await expect(page.getByRole('heading', { level: 1, name: 'PRIA TERMS OF SERVICE' })).toBeVisible();
    await expect(page.getByRole('note')).toHaveCount(0);
  });
});
