import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { runCli } from '../fixtures/cli.ts';
import { HostedLogin } from '../fixtures/hosted-login.ts';
import { AdminShell } from './pages/admin-portal.ts';
import { seedSubscribedCustomer } from './seed.ts';

/**
 * Staff roles in the portal (issue 16): each role sees the screens and buttons its permissions
 * cover; finance downloads CSV exports; an admin reads them in the audit trail.
 */
async function signInAs(page: Page, role: 'support' | 'finance' | 'admin') {
  const email = `${role}-${Date.now()}-${Math.floor(Math.random() * 1e4)}@example.com`;
  const password = 'staff-passphrase-1';
  runCli(['user:create', '--email', email, '--password', password, '--role', role]);
  await page.goto('/login');
  await new HostedLogin(page).signIn(email, password);
  await expect(page).toHaveURL(/\/admin$/);
  return email;
}

test.beforeAll(async ({ browser }, info) => {
  info.setTimeout(90_000);
  await seedSubscribedCustomer(browser, String(info.project.use.baseURL));
});

test('support sees clients and logs, not transactions, forced runs, exports or the audit trail', async ({
  page,
}) => {
  await signInAs(page, 'support');
  const nav = new AdminShell(page).sidebar().first();
  await expect(nav.getByRole('link', { name: 'Client Details' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Logs' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Transactions' })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: 'Audit Trail' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Transaction Pay In' })).toHaveCount(0);
  await nav.getByRole('link', { name: 'Client Details' }).click();
  await expect(page.getByRole('table', { name: 'Clients' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Export CSV' })).toHaveCount(0);
  // Logs has no audit-trail tab for support.
  await nav.getByRole('link', { name: 'Logs' }).click();
  await expect(page.getByRole('tab', { name: 'Staff audit trail' })).toHaveCount(0);
  // Typed in: closed too.
  await page.goto('/admin/audit');
  await expect(page.getByRole('heading', { name: 'No access' })).toBeVisible();
});

test('finance exports clients and filtered transactions as CSV; the admin reads it in the audit trail', async ({
  page,
  browser,
}) => {
  const financeEmail = await signInAs(page, 'finance');
  const shell = new AdminShell(page);
  await expect(shell.sidebar().first().getByRole('link', { name: 'Audit Trail' })).toHaveCount(0);
  await expect(shell.sidebar().first().getByRole('link', { name: 'Staff' })).toHaveCount(0);

  await shell.go('Client Details');
  const clientsDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const clients = await clientsDownload;
  expect(clients.suggestedFilename()).toMatch(/^pria-clients-\d{4}-\d{2}-\d{2}\.csv$/);
  const clientsCsv = await readFile(String(await clients.path()), 'utf8');
  expect(clientsCsv.split('\n')[0]).toMatch(/^id,created_at,email,/);
  expect(clientsCsv.split('\n').length).toBeGreaterThan(2);

  await shell.go('Transactions');
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Success' }).click();
  await expect(page).toHaveURL(/status=success/);
  const txDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const tx = await txDownload;
  expect(tx.suggestedFilename()).toMatch(/^pria-transactions-.*\.csv$/);
  const txCsv = (await readFile(String(await tx.path()), 'utf8')).trim().split('\n');
  expect(txCsv[0]).toContain('amount_usd,amount_cents');
  // The seeded subscriber's plan charge, at least.
  expect(txCsv.length).toBeGreaterThan(1);
  for (const line of txCsv.slice(1)) expect(line).toContain(',success,');

  const adminPage = await browser.newPage();
  await signInAs(adminPage, 'admin');
  // The audit trail is one of the two views of Logs (and has its own link).
  await new AdminShell(adminPage).sidebar().first().getByRole('link', { name: 'Logs' }).click();
  await adminPage.getByRole('tab', { name: 'Staff audit trail' }).click();
  await expect(adminPage).toHaveURL(/\/admin\/audit$/);
  await expect(adminPage.getByRole('heading', { level: 1, name: 'Audit Trail' })).toBeVisible();
  await expect(adminPage.getByRole('tab', { name: 'Staff audit trail' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await adminPage.getByRole('textbox', { name: 'Staff email' }).fill(financeEmail);
  const table = adminPage.getByRole('table', { name: 'Staff audit trail' });
  await expect(table.locator('tbody tr')).toHaveCount(2);
  await expect(table).toContainText('export.transactions');
  await expect(table).toContainText('export.clients');
  await adminPage.close();
});

test('an admin invites a staff member, resends and revokes the link, changes their role and disables them after a confirmation, all in the audit trail', async ({
  page,
}) => {
  const me = await signInAs(page, 'admin');
  await new AdminShell(page).sidebar().first().getByRole('link', { name: 'Staff' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Staff' })).toBeVisible();

  // Your own row says so, and offers neither disabling nor dropping your admin role: each is
  // unavailable with the reason (issue 29: a dialog promised what the server then refused).
  const mine = page.getByRole('table', { name: 'Staff' }).locator('tbody tr').filter({ hasText: me });
  await expect(mine).toContainText('You');
  const selfDisable = mine.getByRole('button', {
    name: `Disable ${me}: You cannot disable yourself; ask another admin`,
  });
  await expect(selfDisable).toBeDisabled();
  await selfDisable.click({ force: true });
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await selfDisable.hover();
  await expect(page.getByRole('tooltip')).toHaveText('You cannot disable yourself; ask another admin');
  await expect(
    mine.getByRole('combobox', {
      name: `Role of ${me}: You cannot remove your own admin role; ask another admin`,
    }),
  ).toBeDisabled();

  const invitee = `invitee-${Date.now()}@example.com`;
  await page.getByRole('textbox', { name: 'Email' }).fill(invitee);
  await page.getByRole('button', { name: 'Send invitation' }).click();
  const row = page.getByRole('table', { name: 'Staff' }).locator('tbody tr').filter({ hasText: invitee });
  await expect(row).toContainText('Invitation pending');
  await expect(row).toContainText(/Expires \w{3} \d{1,2}, \d{4}/);
  await expect(row.getByRole('combobox', { name: `Role of ${invitee}` })).toHaveValue('Support');

  // A lost link: send a new one (the old one stops working), then withdraw it, then invite again.
  await row.getByRole('button', { name: `Resend invitation to ${invitee}` }).click();
  await expect(page.getByText('Invitation sent again: the earlier link no longer works')).toBeVisible();
  await row.getByRole('button', { name: `Revoke the invitation of ${invitee}` }).click();
  const revoke = page.getByRole('dialog', { name: `Revoke the invitation of ${invitee}?` });
  await revoke.getByRole('button', { name: 'Revoke invitation' }).click();
  await expect(row).toContainText('Invitation revoked');
  await row.getByRole('button', { name: `Send a new invitation to ${invitee}` }).click();
  await expect(row).toContainText('Invitation pending');

  // A role change asks first too; until confirmed the saved role stays.
  await row.getByRole('combobox', { name: `Role of ${invitee}` }).click();
  await page.getByRole('option', { name: 'Finance' }).click();
  const confirmRole = page.getByRole('dialog', { name: `Make ${invitee} Finance?` });
  await expect(confirmRole).toBeVisible();
  await expect(row.getByRole('combobox', { name: `Role of ${invitee}` })).toHaveValue('Support');
  await confirmRole.getByRole('button', { name: 'Make them Finance' }).click();
  await expect(row.getByRole('combobox', { name: `Role of ${invitee}` })).toHaveValue('Finance');

  // Disabling asks first, naming the person; cancelling changes nothing.
  await row.getByRole('button', { name: `Disable ${invitee}` }).click();
  const confirm = page.getByRole('dialog', { name: `Disable ${invitee}?` });
  await expect(confirm).toContainText('signed out on every device');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(row).toContainText('Invitation pending');
  await row.getByRole('button', { name: `Disable ${invitee}` }).click();
  await confirm.getByRole('button', { name: `Disable ${invitee}` }).click();
  await expect(row).toContainText('Disabled');

  await page.goto('/admin/audit?action=staff.');
  const audit = page.getByRole('table', { name: 'Staff audit trail' });
  for (const action of [
    'staff.invite',
    'staff.invite_resend',
    'staff.invite_revoke',
    'staff.role_change',
    'staff.disable',
  ]) {
    await expect(audit).toContainText(action);
  }
});

test('support sees the counts on the home, not the books', async ({ page }) => {
  await signInAs(page, 'support');
  await expect(page.getByText('Active subscriptions').first()).toBeVisible();
  await expect(page.getByText('Charged vs paid back')).toHaveCount(0);
  await expect(page.getByText('Decline rate')).toHaveCount(0);
  await expect(page.getByRole('table', { name: /reconciliation/i })).toHaveCount(0);
});
