import { expect, type Page, test } from '@playwright/test';
import { accessTokenOf } from '../admin/seed.ts';
import { runCli } from '../fixtures/cli.ts';
import { HostedLogin } from '../fixtures/hosted-login.ts';
import { customerByEmail, sql } from './support/ledger.ts';
import { waitForMail } from './support/outbox.ts';
import { seedCustomer } from './support/seed.ts';
import { atWidth, expectNoSidewaysScroll, snap, widths } from './support/viewport.ts';

/**
 * Operators act where they look (issue 40): from the client page, an admin pauses, resumes and
 * cancels the client's plan and refunds its charge, each asking first in money words, then with
 * a toast, the page's data fetched again, the ledger and the client's email; support, who moves
 * no money, gets none of these.
 */
async function signInAs(page: Page, role: 'support' | 'admin') {
  const email = `${role}-${Date.now()}-${Math.floor(Math.random() * 1e4)}@example.com`;
  const password = 'staff-passphrase-1';
  runCli(['user:create', '--email', email, '--password', password, '--role', role]);
  await page.goto('/login');
  await new HostedLogin(page).signIn(email, password);
  await expect(page).toHaveURL(/\/admin$/);
  return email;
}

const toast = (page: Page, text: string) =>
  expect(page.locator('.mantine-Notification-root').filter({ hasText: text }).first()).toBeVisible();

for (const width of widths) {
  test(`an admin pauses, resumes, cancels and refunds from the client page (${width}px)`, async ({
    page,
    browser,
    baseURL,
    request,
  }) => {
    test.setTimeout(180_000);
    const { email } = await seedCustomer(browser, baseURL ?? '', {
      prefix: `client-actions-${width}`,
      cards: ['4111111111111111'],
      plan: 'semi-annual',
      verified: true,
    });
    const { id } = await customerByEmail(email);
    const admin = await signInAs(page, 'admin');
    await atWidth(page, width);
    await page.goto(`/admin/users/${id}`);
    const actions = page.getByRole('region', { name: 'Plan actions' });
    const profile = page.getByRole('region', { name: 'Ann Lee' });
    // The plan's state, said by the header's badge and the Subscription field alike (issue 40's
    // walk: a paused or cancelled plan's badge said "ACTIVE").
    const planState = (words: string | RegExp) =>
      expect(
        profile.getByText(typeof words === 'string' ? `Semi-Annual · ${words}` : words, { exact: true }),
      ).toHaveCount(2);
    await planState('Active');

    // Pause: the confirmation names the $3 charge it stops (amount, date, card) and the renewal.
    await actions.getByRole('button', { name: 'Pause plan' }).click();
    const pause = page.getByRole('dialog', { name: 'Pause the plan' });
    await expect(
      pause.getByText(/^No monthly \$3\.00 charge on \w{3} 28, \d{4} to Visa •••• 1111/),
    ).toBeVisible();
    await expect(
      pause.getByText(/^The renewal of \$\d+\.\d\d \(Semi-Annual, taxes included\) on Visa •••• 1111/),
    ).toBeVisible();
    await snap(page, `${width}-client-actions-pause-confirm`);
    await expectNoSidewaysScroll(page);
    await pause.getByRole('button', { name: 'Pause the plan' }).click();
    await toast(page, 'Plan paused');
    // The page fetched the client again: the switch now offers Resume, the profile says paused.
    await expect(actions.getByRole('button', { name: 'Resume plan' })).toBeEnabled();
    await expect(profile.getByText(/no \$3 charges, no renewal/)).toBeVisible();
    await planState('Paused');
    expect(
      await sql<{ paused_by: string }>(
        `select p.paused_by from subscription_pauses p join subscriptions s on s.id = p.subscription_id
         where s.customer_id = $1`,
        [id],
      ),
    ).toEqual([{ paused_by: admin }]);
    // The client did not pause it: the email says Pria did.
    await waitForMail(
      request,
      email,
      /^Pria paused Charge & Pay on your plan\n[\s\S]*Our team made this change/,
    );

    // Resume.
    await actions.getByRole('button', { name: 'Resume plan' }).click();
    const resume = page.getByRole('dialog', { name: 'Resume the plan' });
    await expect(resume.getByText(/^The plan renews: \$\d+\.\d\d \(Semi-Annual/)).toBeVisible();
    await resume.getByRole('button', { name: 'Resume the plan' }).click();
    await toast(page, 'Plan resumed');
    await expect(actions.getByRole('button', { name: 'Pause plan' })).toBeEnabled();
    await planState('Active');
    await waitForMail(request, email, /^Charge & Pay is back on\n[\s\S]*Pria turned Charge & Pay back on/);

    // Cancel, after a confirmation: going back changes nothing.
    await actions.getByRole('button', { name: 'Cancel plan' }).click();
    let cancel = page.getByRole('dialog', { name: 'Cancel the plan' });
    await expect(
      cancel.getByText(/^It stays active until \w{3} \d{1,2}, \d{4}, the end of the period paid for/),
    ).toBeVisible();
    await cancel.getByRole('button', { name: 'Go back' }).click();
    await expect(cancel).toBeHidden();
    expect(
      (await sql(`select 1 from subscriptions where customer_id = $1 and cancelled_at is not null`, [id]))
        .length,
    ).toBe(0);
    await actions.getByRole('button', { name: 'Cancel plan' }).click();
    cancel = page.getByRole('dialog', { name: 'Cancel the plan' });
    await snap(page, `${width}-client-actions-cancel-confirm`);
    await cancel.getByRole('button', { name: 'Cancel the plan' }).click();
    await toast(page, 'Plan cancelled');
    // Refused now, and the page says why, beside the button.
    await expect(actions.getByRole('button', { name: 'Cancel plan' })).toBeDisabled();
    await expect(actions.getByText('The plan is already cancelled.')).toBeVisible();
    await expect(profile.getByText(`by ${admin}`)).toBeVisible();
    await planState(/^Semi-Annual · Cancelled — ends \w{3} \d{1,2}, \d{4}$/);
    await snap(page, `${width}-client-actions-cancelled-badge`);
    await waitForMail(
      request,
      email,
      /^Your Pria subscription is cancelled\n[\s\S]*Pria cancelled your Pria/,
    );

    // Refund the plan charge: the Transactions page's own dialog, its preview first.
    // A button named after the charge it refunds (issue 40's walk: it read as a status pill).
    const charges = page.getByRole('region', { name: 'Plan charges' });
    const activity = page.getByRole('table', { name: 'Activity' });
    await expect(activity.getByRole('cell', { name: 'Charge', exact: true })).not.toHaveCount(0);
    await expect(activity.getByRole('cell', { name: 'Refund', exact: true })).toHaveCount(0);
    await charges
      .getByRole('button', { name: /^Refund the \$\d+\.\d\d plan charge of \w{3} \d{1,2}, \d{4}$/ })
      .click();
    const refund = page.getByRole('dialog', { name: 'Refund the plan charge' });
    await expect(
      refund.getByText(/^Sends \$\d+\.\d\d of the \$\d+\.\d\d charge back to Visa •••• 1111, once\./),
    ).toBeVisible();
    // The reason is required, and says so: marked, announced and in words.
    const reason = refund.getByRole('textbox', { name: 'Reason (internal)' });
    await expect(reason).toHaveAttribute('aria-required', 'true');
    await expect(refund.locator('label', { hasText: 'Reason (internal)' })).toHaveText('Reason (internal) *');
    await expect(refund.getByText(/^Required\. Recorded with your name in the audit trail/)).toBeVisible();
    await reason.fill('Client asked on the phone');
    await snap(page, `${width}-client-actions-refund-preview`);
    await refund.getByRole('button', { name: /^Refund \$\d+\.\d\d/ }).click();
    await toast(page, 'Refund sent');
    await expect(refund).toBeHidden();
    await expect(charges.getByText(/\$\d+\.\d\d refunded/)).toBeVisible();
    // Every section says the new truth without a reload: the refund in the Activity, the plan it
    // ended in the badge.
    await expect(activity.getByRole('cell', { name: 'Refund', exact: true })).toHaveCount(1);
    await planState('Ended');
    await snap(page, `${width}-client-actions-after-refund`);
    const refunds = await sql<{ requested_by: string; status: string }>(
      'select requested_by, status from refunds where customer_id = $1',
      [id],
    );
    expect(refunds).toEqual([{ requested_by: admin, status: 'refunded' }]);
    const audit = await sql<{ action: string }>(
      `select action from staff_audit
       where actor = $1 and (action like 'subscription.%' or action like 'refund.%') order by id`,
      [admin],
    );
    expect(audit.map((a) => a.action)).toEqual([
      'subscription.pause',
      'subscription.resume',
      'subscription.cancel',
      'refund.create',
    ]);
    await waitForMail(request, email, /We refunded \$\d+\.\d\d to your/);
    await expectNoSidewaysScroll(page);
  });
}

for (const width of widths) {
  test(`the plan dialogs name a plan change waiting for the renewal (${width}px)`, async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    // The client changed Semi-Annual to Annual, to take effect at the renewal.
    const { email } = await seedCustomer(browser, baseURL ?? '', {
      prefix: `client-change-${width}`,
      cards: ['4111111111111111'],
      plan: 'semi-annual',
      changeTo: 'annual',
    });
    const { id } = await customerByEmail(email);
    await signInAs(page, 'admin');
    await atWidth(page, width);
    await page.goto(`/admin/users/${id}`);
    const actions = page.getByRole('region', { name: 'Plan actions' });
    const change = (dialog: ReturnType<Page['getByRole']>) =>
      dialog.getByText(
        /^At renewal on \w{3} \d{1,2}, \d{4} the plan becomes Annual, \$\d+\.\d\d \(taxes included\) for 12 months: the client changed from Semi-Annual\./,
      );

    await actions.getByRole('button', { name: 'Pause plan' }).click();
    const pause = page.getByRole('dialog', { name: 'Pause the plan' });
    await expect(change(pause)).toContainText(/still paused then, the plan ends and Annual never starts\.$/);
    await snap(page, `${width}-client-change-pause-confirm`);
    await expectNoSidewaysScroll(page);
    await pause.getByRole('button', { name: 'Go back' }).click();

    await actions.getByRole('button', { name: 'Cancel plan' }).click();
    const cancel = page.getByRole('dialog', { name: 'Cancel the plan' });
    await expect(change(cancel)).toContainText(
      /so Annual never starts, unless the client keeps their subscription before \w{3} \d{1,2}, \d{4}\.$/,
    );
    await cancel.getByRole('button', { name: 'Go back' }).click();
    // Going back changed nothing: the change still waits.
    const [sub] = await sql<{ next_plan_id: string | null; cancelled_at: string | null }>(
      'select next_plan_id, cancelled_at from subscriptions where customer_id = $1',
      [id],
    );
    expect(sub).toEqual({ next_plan_id: 'annual', cancelled_at: null });
  });
}

test('support sees the client page without its money actions, and the API refuses them', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const { email } = await seedCustomer(browser, baseURL ?? '', {
    prefix: 'client-actions-support',
    cards: ['4111111111111111'],
    plan: 'semi-annual',
  });
  const { id } = await customerByEmail(email);
  await signInAs(page, 'support');
  await page.goto(`/admin/users/${id}`);
  await expect(page.getByRole('region', { name: 'Ann Lee' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Plan actions' })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Plan charges' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /Refund|Pause plan|Cancel plan/ })).toHaveCount(0);
  const [sub] = await sql<{ id: string }>('select id from subscriptions where customer_id = $1', [id]);
  const token = await accessTokenOf(page);
  for (const action of ['pause', 'cancel']) {
    const res = await page.request.post(`/api/v1/customers/${id}/subscription/${action}`, {
      headers: { Authorization: `Bearer ${token}` },
      data: { subscriptionId: sub?.id },
    });
    expect(res.status(), action).toBe(403);
  }
});
