import { expect, test } from '@playwright/test';
import { CardForm } from '../customer/pages/card-form.ts';
import { planRadio } from '../customer/pages/choice-radios.ts';
import { testCards } from '../customer/pages/test-cards.ts';
import { expectToast } from '../customer/pages/toasts.ts';
import { HostedLogin } from '../fixtures/hosted-login.ts';
import { customerByEmail, sql } from './support/ledger.ts';
import { waitForMail } from './support/outbox.ts';
import { PASSWORD, seedCustomer } from './support/seed.ts';
import { atWidth, snap, widths } from './support/viewport.ts';

/**
 * Where a customer was sent that they did not mean to go (issue 40, "Misdirects"): Back after
 * signing in from an email's link read "Session expired"; a plan change confirmed in a tab opened
 * straight at /dashboard/subscription went "back" to about:blank; /dashboard/account/delete said
 * "Page not found"; the expiry typed as printed ("12/30") became "12//3". Walked as a person does:
 * the email's link signed out, Back, a new tab, a reload, typing key by key and pasting.
 */
for (const width of widths) {
  test(`Back after an email's sign-in, a plan change from a new tab, the delete section's link, the expiry as printed (${width}px)`, async ({
    browser,
    baseURL,
    request,
  }) => {
    test.setTimeout(150_000);
    const { email } = await seedCustomer(browser, baseURL ?? '', {
      prefix: `misdirect-${width}`,
      cards: [testCards.visa],
      plan: 'semi-annual',
      verified: true,
    });
    const { id } = await customerByEmail(email);
    const context = await browser.newContext({ baseURL });
    const page = await context.newPage();
    await atWidth(page, width);

    // The subscription email's link, signed out: sign in, arrive, then Back.
    await page.goto('/dashboard/account/subscription');
    await new HostedLogin(page).signIn(email, PASSWORD);
    await expect(page).toHaveURL(/\/dashboard\/account\/subscription$/);
    await expect(page.getByTestId('subscription-status')).toHaveText('Active');
    await page.goBack();
    // The finished sign-in page sends a signed-in person on to the app.
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('region', { name: 'Upcoming' })).toBeVisible();
    await expect(page.getByText(/Session expired|sign-in page expired/)).toHaveCount(0);

    // A new tab straight at the plans (a bookmark): the change is confirmed, then the tab shows
    // the subscription, not about:blank.
    const tab = await context.newPage();
    await atWidth(tab, width);
    await tab.goto('/dashboard/subscription');
    await expect(tab.getByRole('heading', { name: 'Select a subscription' })).toBeVisible();
    await planRadio(tab, 'Annual').check();
    // A plan in force changes at its renewal and nothing is charged: the button says so.
    await expect(tab.getByRole('button', { name: 'Continue to Payment' })).toHaveCount(0);
    await expect(tab.getByText(/Nothing is charged when you change\./)).toBeVisible();
    await snap(tab, `${width}-j40-plan-change-button`);
    await tab.getByRole('button', { name: 'Change plan' }).click();
    const dialog = tab.getByRole('dialog', { name: 'Change to Annual?' });
    await expect(dialog.getByText('Nothing is charged today.')).toBeVisible();
    await dialog.getByRole('button', { name: 'Change to Annual' }).click();
    await expectToast(tab, 'Updated subscription');
    await expect(tab).toHaveURL(/\/dashboard\/account\/subscription$/);
    await expect(
      tab.getByRole('region', { name: 'Subscription' }).getByText(/^Changes to Annual on/),
    ).toBeVisible();
    expect(await sql('select plan_id, next_plan_id from subscriptions where customer_id = $1', [id])).toEqual(
      [{ plan_id: 'semi-annual', next_plan_id: 'annual' }],
    );
    await waitForMail(request, email, /^Your plan changes to Annual on/);
    // Go Back, from a tab whose first page this was, also stays in the app.
    await tab.goto('/dashboard/subscription');
    await tab.getByRole('button', { name: 'Go Back' }).click();
    await expect(tab).toHaveURL(/\/dashboard\/account\/subscription$/);

    // The side menu's Delete Account link, opened as a URL and reloaded: the section, not a 404.
    for (const open of ['goto', 'reload'] as const) {
      const res = open === 'goto' ? await tab.goto('/dashboard/account/delete') : await tab.reload();
      expect(res?.status()).toBe(200);
      await expect(tab.getByRole('heading', { name: 'Page not found' })).toHaveCount(0);
      const section = tab.getByRole('region', { name: 'Delete Account', exact: true });
      await expect(section).toBeVisible();
      await expect(section.getByRole('heading', { name: 'Delete Account' })).toBeInViewport();
    }
    await snap(tab, `${width}-j40-delete-section`);

    // A card's expiry typed key by key as printed, then pasted the ways people write it.
    await tab.goto('/dashboard');
    await tab.getByRole('button', { name: '+ Add new Card' }).click();
    const form = new CardForm(tab, tab.getByRole('dialog', { name: 'Add your Credit Card' }));
    await form.root.getByLabel('Card number').fill(testCards.mastercard);
    const expiry = form.root.getByLabel('Expiry date');
    await expiry.pressSequentially('12/30');
    await expect(expiry).toHaveValue('12/30');
    for (const pasted of ['1230', '12 / 30', '12/2030', '12/30']) {
      await expiry.fill('');
      await expiry.focus();
      await tab.keyboard.insertText(pasted);
      await expect(expiry, pasted).toHaveValue('12/30');
    }
    await form.root.getByLabel('CVC').fill('123');
    await form.next();
    await expect(form.root.getByText(/Invalid date/)).toHaveCount(0);
    await form.root.getByRole('button', { name: 'Add Card' }).click();
    await expect(form.root).toBeHidden();
    expect(
      await sql(
        `select expiration_month, expiration_year from cards where customer_id = $1 and last_four = '4444'`,
        [id],
      ),
    ).toEqual([{ expiration_month: 12, expiration_year: 2030 }]);
    await context.close();
  });
}
