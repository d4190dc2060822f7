import { expect, test } from '@playwright/test';
import { AccountSecurityPage } from '../account-security/pages/account-security-page.ts';
import { expectInApp } from '../account-security/pages/session.ts';
import { signUpNewCustomer } from '../customer/pages/sign-up.ts';
import { expectToast } from '../customer/pages/toasts.ts';
import { HostedLogin } from '../fixtures/hosted-login.ts';
import { customerByEmail, sql } from './support/ledger.ts';
import { waitForMail } from './support/outbox.ts';
import { atWidth, expectNoSidewaysScroll, snap, widths } from './support/viewport.ts';

/**
 * Account → Security → Signed-in devices (issue 40): the customer, signed in on a laptop and a
 * phone, sees both devices in words with the laptop marked "This device", signs the phone out
 * after confirming; the phone is sent to sign in again at its next check, the account's log says
 * who signed out which device, and the customer gets the security email.
 */
const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

for (const width of widths) {
  test(`signs the phone out from the laptop's device list (${width}px)`, async ({
    page,
    browser,
    request,
  }) => {
    test.setTimeout(120_000);
    await atWidth(page, width);
    const { email, password } = await signUpNewCustomer(page, `devices-${width}`);

    // The same person on a phone (another browser, its own User-Agent).
    const other = await browser.newContext({
      userAgent: IPHONE_SAFARI,
      viewport: { width: 390, height: 844 },
    });
    const phone = await other.newPage();
    await phone.goto('/login');
    await new HostedLogin(phone).signIn(email, password);
    await expectInApp(phone);
    const phoneAccount = new AccountSecurityPage(phone);
    await phoneAccount.open('personalinfo');
    await expect(phoneAccount.section('Personal Information')).toBeVisible();

    const account = new AccountSecurityPage(page);
    await account.open('security');
    const security = account.section('Security');
    const devices = security.getByRole('list', { name: 'Signed-in devices' }).getByRole('listitem');
    await expect(devices).toHaveCount(2, { timeout: 15_000 });
    const laptop = devices.filter({ hasText: /This device/ });
    await expect(laptop).toHaveCount(1);
    await expect(laptop.getByRole('button', { name: 'Logout' })).toBeVisible();
    const phoneRow = devices.filter({ hasText: 'Safari on iOS' });
    await expect(phoneRow).toContainText(/Network 127\.0\.0\.x|Unknown place|Network 0:0:0::\/48/);
    await expect(phoneRow).toContainText(/Signed in \w+ \d{2}, \d{4} at \d{1,2}:\d{2} [AP]M ET/);
    await expect(
      security.getByRole('list', { name: 'Recent sign-ins' }).getByRole('listitem'),
    ).not.toHaveCount(0);
    await expectNoSidewaysScroll(page);
    await snap(page, `${width}-devices-list`);

    // Sign the phone out, after the confirmation.
    await phoneRow.getByRole('button', { name: 'Sign out Safari on iOS' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sign out Safari on iOS?' });
    await expect(dialog).toContainText('It must sign in again with your password');
    await snap(page, `${width}-devices-confirm`);
    await dialog.getByRole('button', { name: 'Sign out device' }).click();
    await expectToast(page, 'Device signed out');
    await expect(devices).toHaveCount(1);
    await expect(devices.first()).toContainText('This device');
    await expectNoSidewaysScroll(page);

    // The phone's next check (the tab looked at again) finds its session ended: it signs in again.
    await phone.evaluate(() => window.dispatchEvent(new Event('focus')));
    await expect(phone.getByRole('heading', { name: 'Welcome back' })).toBeVisible({ timeout: 15_000 });
    await expect(phone.getByText('You were signed out. Log in again to continue.')).toBeVisible();
    await other.close();

    // The laptop is still signed in.
    await page.reload();
    await expect(devices).toHaveCount(1, { timeout: 15_000 });

    // The account's log names the device (never its address), and the customer is emailed.
    const customer = await customerByEmail(email);
    const log = await sql<{ data: { device: string } }>(
      "select data from event_log where stream = 'account' and message = 'signed out a device' and actor = $1",
      [customer.id],
    );
    expect(log.map((r) => r.data.device)).toEqual(['Safari on iOS']);
    const mail = await waitForMail(request, email, /A device was signed out of your Pria account/);
    expect(mail.text).toContain('Device: Safari on iOS');
  });
}
