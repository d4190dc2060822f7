import { expect, test } from '@playwright/test';
import { CardForm } from '../customer/pages/card-form.ts';
import { testCards } from '../customer/pages/test-cards.ts';
import { runCli } from '../fixtures/cli.ts';
import { HostedLogin } from '../fixtures/hosted-login.ts';
import { cardsOf, customerByEmail } from './support/ledger.ts';
import { waitForMail } from './support/outbox.ts';
import { seedCustomer, signInSeeded } from './support/seed.ts';
import { atWidth, expectNoSidewaysScroll, snap, widths } from './support/viewport.ts';

/**
 * A subscribed customer's cards (issue 29 item 10): a declined card stays explained; a card
 * added appears in the Upcoming panel at once; 'Show all cards' shows no slot beyond the limit;
 * removing a card confirms first and the panel follows. The activity reads as cards on a phone.
 */
for (const width of widths) {
  test(`add, decline, show all, remove cards; the Upcoming panel follows (${width}px)`, async ({
    page,
    browser,
    baseURL,
    request,
  }) => {
    test.setTimeout(120_000);
    await atWidth(page, width);
    const { email } = await seedCustomer(browser, baseURL ?? '', {
      prefix: `cards-${width}`,
      cards: [testCards.visa],
      plan: 'semi-annual',
    });
    await signInSeeded(page, email);
    const upcoming = page.getByRole('region', { name: 'Upcoming' });
    await expect(upcoming.getByText(/\$3\.00 on Visa •••• 1111/)).toBeVisible();

    // A declined card: the reason stays in the form after the toast has gone.
    await page.getByRole('button', { name: '+ Add new Card' }).click();
    const modal = page.getByRole('dialog', { name: 'Add your Credit Card' });
    const form = new CardForm(page, modal);
    await form.fillDetails(testCards.declined);
    await form.next();
    await form.root.getByRole('button', { name: 'Add Card' }).click();
    const refusal = form.root.getByRole('alert').filter({ hasText: 'Card not added' });
    await expect(refusal).toContainText('Your card was declined.');
    await expect(page.locator('.mantine-Notification-root')).toHaveCount(0, { timeout: 10_000 });
    await expect(refusal).toBeVisible();
    await snap(page, `${width}-j4-declined`);

    // The card already registered (Visa 1111): refused in words, nothing added (it would be
    // charged the monthly $3 twice); the refusal goes once the number is changed.
    await form.previous();
    await form.root.getByLabel('Card number').fill(testCards.visa);
    await form.next();
    await form.root.getByRole('button', { name: 'Add Card' }).click();
    await expect(refusal).toContainText('This card is already registered on your account.');
    await form.previous();
    await form.root.getByLabel('Card number').fill(testCards.mastercard);
    await expect(refusal).toBeHidden();

    // Another card instead, from the keyboard: Enter in the last field goes on to the address (it
    // did nothing), Enter in the address adds the card. The Upcoming panel lists it at once.
    await form.root.getByLabel('CVC').press('Enter');
    await expect(form.root.getByText('Step 2 of 2: Billing address')).toBeVisible();
    // The keyboard is on the address's first field (the pressed step's button is gone).
    const street = form.root.getByRole('textbox', { name: 'Street 1' });
    await expect(street).toBeFocused();
    await expect(street).not.toHaveValue('');
    await page.keyboard.press('Enter');
    await expect(modal).toBeHidden();
    await expect(
      upcoming.getByText(/\$3\.00 on each of Visa •••• 1111 and Mastercard •••• 4444/),
    ).toBeVisible();
    // The security notice, from the outbox (ADR 68): which card, when, and what to do if not you.
    const added = await waitForMail(request, email, /^A card was added to your Pria account\n/);
    expect(added.text).toContain('Card: Mastercard •••• 4444.');
    expect(added.text).toMatch(
      /When: [A-Z][a-z]+ \d{2}, \d{4} at \d{1,2}:\d{2} [AP]M ET \(New York time\)\./,
    );
    expect(added.text).toContain("If this wasn't you");

    const carousel = page.getByTestId('cards-carousel');
    if (width === 1280) {
      // Two cards, limit three: one empty slot, with or without 'Show all cards'.
      const slots = page.getByRole('list', { name: 'Your cards' }).getByRole('listitem');
      await expect(slots).toHaveCount(3);
      // The switch says what it adds: with three cards or fewer it changes nothing (a walk).
      await expect(page.getByRole('switch', { name: 'Show all cards' })).toHaveAccessibleDescription(
        'Also shows a 4th card, if you have one outside Charge & Pay',
      );
      await page.getByRole('switch', { name: 'Show all cards' }).check();
      await expect(slots).toHaveCount(3);
      await expect(page.getByTestId('card-tile')).toHaveCount(2);
    } else {
      // The activity on a phone: cards, not a table scrolling sideways.
      await expect(page.getByRole('list', { name: 'Activity' }).getByRole('listitem').first()).toContainText(
        'Semi-Annual plan',
      );
      await expectNoSidewaysScroll(page);
      // The carousel's arrows sit below the card, never over its number or name (issue 29).
      const tile = await carousel.getByTestId('card-tile').first().boundingBox();
      expect(tile).not.toBeNull();
      for (const name of ['Previous card', 'Next card']) {
        const arrow = await carousel.getByRole('button', { name }).boundingBox();
        expect(arrow?.y ?? 0).toBeGreaterThanOrEqual((tile?.y ?? 0) + (tile?.height ?? 0));
      }
    }
    await snap(page, `${width}-j4-cards`);

    // Remove the Mastercard: confirmed first; the panel and the ledger follow. On a phone, from its
    // own slide: the second of three, "Add a card" the third.
    const slideStatus = carousel.getByRole('status');
    if (width === 390) {
      await carousel.getByRole('button', { name: 'Next card' }).click();
      await expect(slideStatus).toHaveText('Slide 2 of 3');
    }
    await page.getByRole('button', { name: 'Edit card ending 4444' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Credit Card' });
    await edit.getByRole('button', { name: 'Remove Card' }).click();
    await page
      .getByRole('dialog', { name: 'Remove Mastercard •••• 4444?' })
      .getByRole('button', { name: 'Remove Mastercard •••• 4444' })
      .click();
    await expect(edit).toBeHidden();
    await expect(upcoming.getByText(/Mastercard •••• 4444/)).toHaveCount(0);
    // The pencil the keyboard came back to went with its card: the cards' heading has it, not the page.
    await expect(page.getByRole('heading', { name: 'Cards', exact: true })).toBeFocused();
    if (width === 390) {
      // The carousel shows the card left, not the "Add a card" slide that came under the removed one.
      await expect(slideStatus).toHaveText('Slide 1 of 2');
      await expect(carousel.getByRole('article', { name: 'Visa card ending 1111' })).toBeInViewport();
      await expect(carousel.getByRole('group', { name: 'Add a card' })).not.toBeInViewport();
    }
    const { id } = await customerByEmail(email);
    const cards = await cardsOf(id);
    expect(cards.map((c) => [c.last_four, c.removed_at === null])).toEqual([
      ['1111', true],
      ['4444', false],
    ]);
    const removed = await waitForMail(request, email, /^A card was removed from your Pria account\n/);
    expect(removed.text).toContain('Card: Mastercard •••• 4444.');
  });
}

/**
 * A card taken out of Charge & Pay, then a fourth added (a walk): the three tiles in view are the
 * cards charged each month (the new card, charged $3 a month, was the one hidden), and the card out
 * of Charge & Pay does not say it pays for the plan, which another card pays for.
 */
test('a card out of Charge & Pay and a fourth added: the charged cards stay in view, each tile says what it does (1280px)', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await atWidth(page, 1280);
  const { email } = await seedCustomer(browser, baseURL ?? '', {
    prefix: 'cards-out',
    cards: [testCards.visa, testCards.mastercard, '4242 4242 4242 4242'],
    plan: 'semi-annual',
  });
  await signInSeeded(page, email);
  await expect(page.getByTestId('card-tile')).toHaveCount(3);

  await page.getByRole('button', { name: 'Edit card ending 4444' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Credit Card' });
  await edit.getByRole('checkbox', { name: 'Use this card for Charge & Pay' }).uncheck();
  await edit.getByRole('button', { name: 'Next' }).click();
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(edit).toBeHidden();

  await page.getByRole('button', { name: '+ Add new Card' }).click();
  const modal = page.getByRole('dialog', { name: 'Add your Credit Card' });
  await new CardForm(page, modal).add('4012 8888 8888 1881');
  await expect(modal).toBeHidden();
  const upcoming = page.getByRole('region', { name: 'Upcoming' });
  await expect(upcoming.getByText(/Visa •••• 1881/)).toBeVisible();

  // Three in view: the three charged each month; the Mastercard, out of Charge & Pay, is the fourth.
  const tiles = page.getByTestId('card-tile');
  await expect(tiles).toHaveCount(3);
  for (const lastFour of ['1111', '4242', '1881']) {
    await expect(page.getByRole('article', { name: `Visa card ending ${lastFour}` })).toBeVisible();
  }
  await page.getByRole('switch', { name: 'Show all cards' }).check();
  await expect(tiles).toHaveCount(4);
  const mastercard = page.getByRole('article', { name: 'Mastercard card ending 4444' });
  await expect(mastercard).toContainText('Not in Charge & Pay (no monthly $3)');
  await expect(mastercard).not.toContainText('Pays for your plan');
  await expect(page.getByText(/Pays for your plan only/)).toHaveCount(0);
});

/**
 * Long names at 390 px (issue 40's walk: first, middle and last name of 100 characters each made
 * the page ~1500 px wide once the name menu opened, pushed Logout off screen, clipped the card
 * tile's pencil, and made the staff client page ~2700 px wide). The card tile names the card's
 * holder as entered, not the profile's name.
 */
test('100-character names at 390px: nothing scrolls sideways, the tile shows the name on card, Logout works', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const name = { firstName: 'A'.repeat(100), middleName: 'B'.repeat(100), lastName: 'C'.repeat(100) };
  const onCard = `Holder ${'D'.repeat(93)}`;
  const { email } = await seedCustomer(browser, baseURL ?? '', {
    prefix: 'long-names',
    cards: [testCards.visa],
    plan: 'semi-annual',
    name,
    cardName: onCard,
  });
  await atWidth(page, 390);
  await signInSeeded(page, email);

  // The tile: the name on the card, not the profile's; its pencil on screen.
  const tile = page.getByTestId('card-tile').first();
  await expect(tile).toContainText(onCard);
  await expect(tile).not.toContainText('AAAAAAAAAA');
  await expect(tile.getByRole('button', { name: 'Edit card ending 1111' })).toBeInViewport();
  await expectNoSidewaysScroll(page);

  // The name menu: open, nothing wider than the screen, Logout on screen and working.
  await page.getByRole('banner').locator('button[aria-haspopup="menu"]').click();
  const logout = page.getByRole('menuitem', { name: 'Logout' });
  await expect(logout).toBeInViewport({ ratio: 1 });
  await expectNoSidewaysScroll(page);
  await snap(page, '390-long-names-menu');
  await logout.click();
  await expect(page).toHaveURL(/^http:\/\/[^/]+\/$/, { timeout: 15_000 });

  // The staff client page, for the same client.
  const { id } = await customerByEmail(email);
  const staff = `support-${Date.now()}-${Math.floor(Math.random() * 1e4)}@example.com`;
  runCli(['user:create', '--email', staff, '--password', 'staff-passphrase-1', '--role', 'support']);
  await page.goto('/login');
  await new HostedLogin(page).signIn(staff, 'staff-passphrase-1');
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto(`/admin/users/${id}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('AAAAAAAAAA');
  await page.waitForLoadState('networkidle');
  await expectNoSidewaysScroll(page);
  await snap(page, '390-long-names-client-page');
});
