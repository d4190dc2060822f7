import { readFile } from 'node:fs/promises';
import { expect as baseExpect, type Page, test } from '@playwright/test';
import { DateTime } from 'luxon';
import { PDFParse } from 'pdf-parse';
import { setBrowserClock } from '../fixtures/browser-clock.ts';
import { runCli } from '../fixtures/cli.ts';
import { nextDuePayin } from '../fixtures/due-period.ts';
import { HostedLogin } from '../fixtures/hosted-login.ts';
import { waitForMessage } from '../fixtures/outbox.ts';
import { snap } from '../fixtures/snap.ts';
import { customerByEmail, sql } from '../journeys/support/ledger.ts';
import { PASSWORD, seedCustomer } from '../journeys/support/seed.ts';
import { AccountPage } from './pages/account-page.ts';
import { testCards } from './pages/test-cards.ts';

/**
 * One calendar (issue 38 point 6, ADR 50): a customer west or east of New York reads New York's
 * dates — the days the money engine charges, pays back and renews on. Each zone gets instants that
 * fall on another day there: the plan ends at New York's midnight (the evening before in Los
 * Angeles and Honolulu), and the $3 pay-in is forced at 00:30 New York (the 28th's evening west)
 * or at 16:01 (the 29th's morning in Tokyo). The browser's clock is set an hour after that pay-in,
 * as for a customer opening the app then, so the activity's window holds it.
 *
 * Expected dates are computed here with luxon in New York, not with the app's formatter.
 */
// Each test opens many screens of a freshly booted app: a slow machine gets time, a wrong date still fails.
const expect = baseExpect.configure({ timeout: 30_000 });
const NY = 'America/New_York';
const due = nextDuePayin();
const dueAt = DateTime.fromISO(due.at).setZone(NY).set({ minute: 0 });

const zones = [
  // 00:30 New York on the day after the due day: 21:30 the evening before in Los Angeles.
  { zone: 'America/Los_Angeles', payinAt: dueAt.plus({ hours: 8, minutes: 30 }) },
  // The same instant is 19:30 (EST) or 18:30 (EDT) the evening before in Honolulu.
  { zone: 'Pacific/Honolulu', payinAt: dueAt.plus({ hours: 8, minutes: 30 }) },
  // 16:01 New York on the due day: 06:01 (or 05:01) the next morning in Tokyo.
  { zone: 'Asia/Tokyo', payinAt: dueAt.plus({ minutes: 1 }) },
] as const;

const ny = (at: Date | DateTime) => (at instanceof Date ? DateTime.fromJSDate(at) : at).setZone(NY);
const numeric = (at: Date | DateTime) => ny(at).toFormat('MM/dd/yyyy');
const long = (at: Date | DateTime) => ny(at).toFormat('LLLL dd, yyyy');
const dateTime = (at: Date | DateTime) => `${ny(at).toFormat("LLLL dd, yyyy 'at' h:mm a")} ET`;

async function pdfText(path: string): Promise<string> {
  const parser = new PDFParse({ data: await readFile(path) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}

/** The activity row of a charge: a table row on a desktop; its Date cell. */
const activityRow = (page: Page, text: string | RegExp) =>
  page.getByRole('table', { name: 'Activity' }).getByRole('row').filter({ hasText: text });

for (const { zone, payinAt } of zones) {
  test.describe(`a customer in ${zone}`, () => {
    test.use({ timezoneId: zone });

    test(`reads New York's dates on the dashboard, receipt, subscription and data download (${zone})`, async ({
      page,
      browser,
      baseURL,
      request,
    }) => {
      test.setTimeout(180_000);
      const browserNow = payinAt.plus({ hours: 1 });
      const local = (at: DateTime) => at.setZone(zone).toFormat('MM/dd/yyyy');
      // The instants are chosen so this zone's own calendar would say another day.
      expect(local(payinAt)).not.toBe(numeric(payinAt));
      expect(local(browserNow)).not.toBe(numeric(browserNow));

      const { email } = await seedCustomer(browser, baseURL ?? '', {
        prefix: `tz-${zone.split('/')[1]?.toLowerCase()}`,
        cards: [testCards.visa],
        plan: 'semi-annual',
        verified: true,
      });
      const { id } = await customerByEmail(email);
      await setBrowserClock(page, browserNow.toJSDate());
      await page.goto('/login');
      await new HostedLogin(page).signIn(email, PASSWORD);
      await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();

      // Progress before the first month: the first $3 charge's New York day.
      const progress = page.getByRole('region', { name: 'Your progress' });
      await expect(progress).toContainText(
        `Your first $3 charge is on ${dueAt.toFormat('LLLL dd, yyyy')} at 4pm New York time`,
      );

      runCli(['billing:run', 'payin', '--period', due.period, '--at', payinAt.toUTC().toISO() ?? '']);
      const [plan] = await sql<{ at: Date; expires_at: Date }>(
        `select coalesce(a.sent_at, a.due_at) as at, s.expires_at from payment_attempts a
           join subscriptions s on s.id = a.subscription_id
          where a.customer_id = $1 and a.kind = 'subscription'`,
        [id],
      );
      const [payin] = await sql<{ at: Date }>(
        `select coalesce(sent_at, due_at) as at from payment_attempts where customer_id = $1 and kind = 'payin'`,
        [id],
      );
      if (!plan || !payin) throw new Error('no plan charge or pay-in for the customer');
      expect(payin.at.toISOString()).toBe(payinAt.toUTC().toISO());

      // Dashboard: each activity row is dated with New York's day; the month is New York's month.
      await page.reload();
      await expect(activityRow(page, '$3.00').getByRole('cell').first()).toHaveText(numeric(payin.at));
      await expect(
        activityRow(page, /Receipt R-\d{6}/)
          .getByRole('cell')
          .first(),
      ).toHaveText(numeric(plan.at));
      const visa = progress.getByRole('table', { name: 'Visa •••• 1111' });
      const month = DateTime.fromFormat(due.period, 'yyyy-MM').toFormat('LLLL yyyy');
      await expect(
        visa.getByRole('row', { name: new RegExp(`${month}.*Charged · paying back`) }),
      ).toBeVisible();

      // Activity: the "Last 30 days" window ends on New York's today.
      await page.getByRole('button', { name: 'All Cards' }).click();
      await page.getByRole('menuitem', { name: 'Last 30 days' }).click();
      await expect(page.getByText(/^Last 30 days: \d{2}\/\d{2}\/\d{4} – /)).toHaveText(
        `Last 30 days: ${numeric(browserNow.minus({ days: 30 }))} – ${numeric(browserNow)}`,
      );
      await expect(activityRow(page, '$3.00').getByRole('cell').first()).toHaveText(numeric(payin.at));

      // Custom Range: the device's date fields; New York's today is the last day it takes (a day
      // after it is refused, though Tokyo's own calendar is already there); the range from the plan's
      // day to today holds both its rows.
      await page.getByRole('button', { name: 'Last 30 days' }).click();
      await page.getByRole('menuitem', { name: 'Custom Range' }).click();
      const range = page.getByRole('dialog', { name: 'Custom Range' });
      const from = range.getByLabel('From');
      await from.fill(ny(browserNow).plus({ days: 1 }).toFormat('yyyy-MM-dd'));
      await range.getByRole('button', { name: 'Apply' }).click();
      await expect(range.getByText('The start day cannot be after today')).toBeVisible();
      await from.fill(ny(plan.at).toFormat('yyyy-MM-dd'));
      await range.getByLabel('To').fill(ny(browserNow).toFormat('yyyy-MM-dd'));
      await range.getByRole('button', { name: 'Apply' }).click();
      await expect(range).toBeHidden();
      await expect(
        page.getByText(`${numeric(plan.at)} – ${numeric(browserNow)}`, { exact: true }),
      ).toBeVisible();
      await expect(page.getByRole('button', { name: 'Custom Range' })).toBeVisible();
      await expect(activityRow(page, '$3.00').getByRole('cell').first()).toHaveText(numeric(payin.at));

      // The receipt (a PDF the server writes) carries the same day as the row it came from.
      const receiptButton = activityRow(page, /Receipt R-\d{6}/).getByRole('button', {
        name: /^Download receipt R-\d{6} \(PDF\)$/,
      });
      const [receipt] = await Promise.all([page.waitForEvent('download'), receiptButton.click()]);
      expect(await pdfText(await receipt.path())).toMatch(new RegExp(`Date\\s+${long(plan.at)}`));

      // Account → Subscription: "Valid until" the plan's last New York day's end, June 01 not May 31.
      const account = new AccountPage(page);
      await account.open('subscription');
      await expect(
        account.section('Subscription').getByText(`Valid until ${long(plan.expires_at)}`),
      ).toBeVisible();
      await page.setViewportSize({ width: 390, height: 844 });
      await snap(page, `390-subscription-${zone.split('/')[1]?.toLowerCase()}`, {
        part: account.section('Subscription'),
      });
      await page.setViewportSize({ width: 1280, height: 720 });

      // Account → Privacy → Download my data: the screen and the email say the same New York time.
      await account.open('privacy');
      const privacy = account.section('Privacy');
      await privacy.getByRole('button', { name: 'Download my data' }).click();
      const ready = privacy.getByText(/^Ready\. We emailed you a link/);
      await expect(ready).toBeVisible({ timeout: 30_000 });
      const [exported] = await sql<{ expires_at: Date }>(
        'select expires_at from data_export_requests where customer_id = $1',
        [id],
      );
      if (!exported) throw new Error('no data export request');
      const until = `until ${dateTime(exported.expires_at)}.`;
      await expect(ready).toHaveText(`Ready. We emailed you a link to download it; it works once, ${until}`);
      const mail = await waitForMessage(request, email, /privacy\?export=/, 30_000);
      expect(mail.text).toContain(`The link works once, ${until}`);
    });
  });
}
