import { expect, test } from '@playwright/test';
import { testCards } from '../customer/pages/test-cards.ts';
import { HostedLogin } from '../fixtures/hosted-login.ts';
import { customerByEmail, sql } from './support/ledger.ts';
import { waitForMail } from './support/outbox.ts';
import { PASSWORD, seedCustomer } from './support/seed.ts';
import { atWidth, expectNoSidewaysScroll, snap, widths } from './support/viewport.ts';

/**
 * Pause and resume (issue 29; ADR 18, pause means one thing): the confirmation, the Upcoming
 * panel, the email and the ledger say the same — while paused no card is charged the monthly $3
 * and the plan does not renew; turned back on, the next 28th's charge is back.
 */
const longDate =
  /(January|February|March|April|May|June|July|August|September|October|November|December) \d{1,2}, \d{4}/;

for (const width of widths) {
  test(`pause and resume: the words, the Upcoming panel, the email and the ledger agree (${width}px)`, async ({
    page,
    browser,
    baseURL,
    request,
  }) => {
    test.setTimeout(120_000);
    await atWidth(page, width);
    const { email } = await seedCustomer(browser, baseURL ?? '', {
      prefix: `pause-${width}`,
      cards: [testCards.visa],
      plan: 'semi-annual',
      verified: true,
    });
    const { id } = await customerByEmail(email);
    await page.goto('/login');
    await new HostedLogin(page).signIn(email, PASSWORD);
    await expect(page).toHaveURL(/\/dashboard$/);
    const upcoming = page.getByRole('region', { name: 'Upcoming' });
    await expect(upcoming.getByText('Next $3 charge')).toBeVisible();
    await expect(
      upcoming.getByText(/[A-Z][a-z]+ 28, \d{4} at 4pm New York time: \$3\.00 on Visa •••• 1111/),
    ).toBeVisible();
    const progress = page.getByRole('region', { name: 'Your progress' });
    await expect(progress).toContainText(/Your first \$3 charge is on \w+ 28, \d{4} at 4pm New York time/);

    // Pause: the confirmation says what the engine does, before anything changes.
    await page.goto('/dashboard/account/subscription');
    const section = page.getByRole('region', { name: 'Subscription' });
    await section.getByRole('switch', { name: 'Subscription enabled' }).click();
    const pause = page.getByRole('dialog', { name: 'Disable subscription' });
    await expect(
      pause.getByText(
        'While paused, none of your cards is charged the monthly $3, starting with the next charge on the 28th.',
      ),
    ).toBeVisible();
    await expect(pause.getByText('We email you a confirmation.')).toBeVisible();
    await snap(page, `${width}-j7-pause-confirm`);
    await pause.getByRole('button', { name: 'Confirm' }).click();
    await expect(section.getByTestId('subscription-status')).toHaveText('Paused');
    await expect(section.getByRole('switch', { name: 'Subscription enabled' })).not.toBeChecked();
    await expect(section.getByText('Paused: no $3 charges, and the plan will not renew')).toBeVisible();
    // The keyboard is back on the switch, not on the page: the next Space turns it back on.
    await expect(section.getByRole('switch', { name: 'Subscription enabled' })).toBeFocused();

    // The ledger: one pause, by the customer; the subscription no longer charges or renews.
    const pauses = await sql<{ paused_by: string; resumed_at: Date | null }>(
      `select p.paused_by, p.resumed_at from subscription_pauses p
         join subscriptions s on s.id = p.subscription_id where s.customer_id = $1`,
      [id],
    );
    expect(pauses).toEqual([{ paused_by: email, resumed_at: null }]);

    // The email says the same, with the date of the first charge it skips.
    const paused = await waitForMail(request, email, /^You paused Charge & Pay/);
    expect(paused.text).toMatch(
      new RegExp(
        `we do not charge your cards the monthly \\$3\\.00, starting with the charge on ${longDate.source}`,
      ),
    );
    expect(paused.text).toContain(
      'Every $3.00 already charged is still paid back to the same card on the 2nd.',
    );

    // The dashboard: no next charge while paused, and the way to turn it back on; no renewal.
    await page.goto('/dashboard');
    await expect(upcoming.getByText('None while Charge & Pay is paused.')).toBeVisible();
    await expect(upcoming.getByText(/\(paused: it will not renew\)/)).toBeVisible();
    await expect(upcoming.getByText(/[A-Z][a-z]+ 28, \d{4} at 4pm New York time: \$3\.00/)).toHaveCount(0);
    await expect(progress).toContainText('Charge & Pay is paused, so no $3 charges are scheduled.');
    await expect(progress).not.toContainText('Your first $3 charge');
    await expectNoSidewaysScroll(page);
    await snap(page, `${width}-j7-paused-dashboard`);

    // Resume from the panel's link: the charges come back, and an email says so.
    await upcoming.getByRole('link', { name: 'Turn it back on' }).click();
    await expect(page).toHaveURL(/\/dashboard\/account\/subscription$/);
    await section.getByRole('switch', { name: 'Subscription enabled' }).click();
    const resume = page.getByRole('dialog', { name: 'Enable subscription' });
    await expect(
      resume.getByText('The monthly $3 charges restart on the next 28th, each paid back on the 2nd.'),
    ).toBeVisible();
    await resume.getByRole('button', { name: 'Confirm' }).click();
    await expect(section.getByTestId('subscription-status')).toHaveText('Active');
    await expect(section.getByRole('switch', { name: 'Subscription enabled' })).toBeChecked();
    const back = await waitForMail(request, email, /^Charge & Pay is back on/);
    expect(back.text).toMatch(new RegExp(`Your next \\$3\\.00 Charge & Pay charge is on ${longDate.source}`));
    const after = await sql<{ resumed_at: Date | null }>(
      `select p.resumed_at from subscription_pauses p
         join subscriptions s on s.id = p.subscription_id where s.customer_id = $1`,
      [id],
    );
    expect(after).toHaveLength(1);
    expect(after[0]?.resumed_at).not.toBeNull();
    await page.goto('/dashboard');
    await expect(
      upcoming.getByText(/[A-Z][a-z]+ 28, \d{4} at 4pm New York time: \$3\.00 on Visa •••• 1111/),
    ).toBeVisible();
    await expect(upcoming.getByText('None while Charge & Pay is paused.')).toHaveCount(0);
    await expect(progress).toContainText(/Your first \$3 charge is on \w+ 28, \d{4} at 4pm New York time/);
  });
}
