import { expect, test } from '@playwright/test';
import { accessTokenOf } from '../admin/seed.ts';
import { testCards } from '../customer/pages/test-cards.ts';
import { expectToast } from '../customer/pages/toasts.ts';
import { customerByEmail, planCharges, sql } from './support/ledger.ts';
import { seedCustomer, signInSeeded } from './support/seed.ts';
import { atWidth, snap, widths } from './support/viewport.ts';

/**
 * The words a new customer reads in their first hour (issue 40, "Words" and item 8): the landing
 * names the two plans it sells; too-long text stops at the field's limit and, sent anyway, is
 * refused in words with the field's label; a missing city is "City is required"; the sign-up's
 * terms link names the page it opens; several cards read as a list; the avatar shows the first
 * and last name's initials.
 */

const long = (n: number) => 'x'.repeat(n);

for (const width of widths) {
  test(`the landing's plans, the terms' one name, too-long text, the city's label (${width}px)`, async ({
    page,
    browser,
    baseURL,
    request,
  }) => {
    test.setTimeout(150_000);
    await atWidth(page, width);

    // The public pages, signed out: the plans as the API sells them.
    await page.goto('/');
    const plan = page.getByText(/^Semi-Annual at \$36 every 6 months or Annual at \$66 a year, plus tax\./);
    await expect(plan).toBeVisible();
    await expect(page.getByText(/One plan/)).toHaveCount(0);
    // Sign-up's link names the page it opens.
    await page.goto('/signup');
    const terms = page.getByRole('link', { name: 'Terms of Service' });
    await expect(terms).toBeVisible();
    await expect(page.getByText('Terms of Use')).toHaveCount(0);
    const [opened] = await Promise.all([page.waitForEvent('popup'), terms.click()]);
    await expect(opened.getByRole('heading', { level: 1, name: /Terms of Service/i })).toBeVisible();
    await opened.close();

    // Contact: the fields stop at the API's limits; sent anyway, the answer says so in words.
    await page.goto('/contact');
    const contact = page.getByRole('form', { name: 'Contact us' });
    const topic = contact.getByRole('textbox', { name: 'Topic' });
    await topic.focus();
    await page.keyboard.insertText(long(300));
    await expect(topic).toHaveValue(long(100));
    const message = contact.getByRole('textbox', { name: 'Message' });
    await message.focus();
    await page.keyboard.insertText(long(6000));
    await expect(message).toHaveValue(long(5000));
    const sender = `words-contact-${width}-${Date.now()}@example.com`;
    const tooLong = await request.post('/api/v1/support/contact-us', {
      data: { email: sender, type: long(300), message: long(6000) },
    });
    expect(tooLong.status()).toBe(400);
    const refused = await tooLong.json();
    expect(refused.message).toBe('Topic must be at most 100 characters');
    expect(refused.error).toEqual([
      'Topic must be at most 100 characters',
      'Message must be at most 5000 characters',
    ]);
    expect(await sql('select id from support_messages where email = $1', [sender])).toEqual([]);

    // Signed in, Personal Information: the city stops at 100; the API refuses 101 by the label.
    const { email } = await seedCustomer(browser, baseURL ?? '', {
      prefix: `words-${width}`,
      cards: [testCards.visa],
    });
    await signInSeeded(page, email);
    await page.goto('/dashboard/account/personalinfo');
    const info = page.getByRole('region', { name: 'Personal Information', exact: true });
    const city = info.getByRole('textbox', { name: 'City' });
    await city.fill('');
    await city.focus();
    await page.keyboard.insertText(long(150));
    await expect(city).toHaveValue(long(100));
    const token = await accessTokenOf(page);
    const put = await request.put('/api/v1/customers/me', {
      headers: { Authorization: `Bearer ${token}` },
      data: {
        firstName: 'Ann',
        lastName: 'Lee',
        phone: '2025550104',
        address: {
          address1: '55 Water Street',
          locality: long(101),
          administrativeArea: 'NY',
          postalCode: '11201',
        },
      },
    });
    expect(put.status()).toBe(400);
    expect((await put.json()).message).toBe('City must be at most 100 characters');
    const [stored] = await sql<{ locality: string }>('select locality from customers where email = $1', [
      email,
    ]);
    expect(stored?.locality).toBe('Brooklyn');

    // Checkout with a new card and no city: the error under City says City.
    await page.goto('/dashboard/checkout?plan=semi-annual');
    const payment = page.getByRole('form', { name: 'Payment' });
    // The saved card is the default once the cards have loaded; then a new card instead.
    await expect(payment.getByRole('radio', { name: 'Choose existing card' })).toBeChecked();
    await payment.getByRole('radio', { name: 'New Credit/Debit card' }).check();
    await payment.getByLabel('Name on card').fill('Ann Lee');
    await payment.getByLabel('Card number').fill(testCards.mastercard);
    await payment.getByLabel('Expiry date').fill('1231');
    await payment.getByLabel('CVC').fill('123');
    await payment.getByRole('button', { name: /^Pay \$/ }).click();
    await expect(payment.getByText('City is required')).toBeVisible();
    await expect(page.getByText('locality is required')).toHaveCount(0);
    await snap(page, `${width}-j40-checkout-city`);
    // Refused in the browser: nothing was charged.
    expect(await planCharges((await customerByEmail(email)).id)).toEqual([]);
  });

  test(`several cards read as a list; the avatar's initials are the first and last name's (${width}px)`, async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    await atWidth(page, width);
    const { email } = await seedCustomer(browser, baseURL ?? '', {
      prefix: `list-${width}`,
      cards: [testCards.visa, testCards.mastercard, '4000 0000 0000 9995'],
      plan: 'semi-annual',
    });
    await signInSeeded(page, email);
    const upcoming = page.getByRole('region', { name: 'Upcoming' });
    await expect(upcoming).toContainText(
      'on each of Visa •••• 1111, Mastercard •••• 4444, and Visa •••• 9995 ($9.00 in all)',
    );
    await snap(page, `${width}-j40-upcoming-list`);

    // A middle name: the avatar keeps the first and last initials.
    await page.goto('/dashboard/account/personalinfo');
    const info = page.getByRole('region', { name: 'Personal Information', exact: true });
    await info.getByRole('textbox', { name: 'Middle name' }).fill('Quinn');
    await info.getByRole('button', { name: 'Save changes' }).click();
    await expectToast(page, 'Updated successfully');
    const [saved] = await sql<{ middle_name: string }>('select middle_name from customers where email = $1', [
      email,
    ]);
    expect(saved?.middle_name).toBe('Quinn');
    const menu =
      width === 390
        ? page.getByRole('button', { name: 'AL, account menu for Ann Quinn Lee' })
        : page.getByRole('button', { name: 'Ann Quinn Lee', exact: true });
    await expect(menu).toBeVisible();
    await expect(menu.locator('.mantine-Avatar-root')).toHaveText('AL');
  });
}
