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

test('an admin invites a staff member, changes their role and disables them, all in the audit trail', async ({
  page,
}) => {
  await signInAs(page, 'admin');
  await new AdminShell(page).sidebar().first().getByRole('link', { name: 'Staff' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Staff' })).toBeVisible();
  const invitee = `invitee-${Date.now()}@example.com`;
  await page.getByRole('textbox', { name: 'Email' }).fill(invitee);
  await page.getByRole('button', { name: 'Send invitation' }).click();
  const row = page.getByRole('table', { name: 'Staff' }).locator('tbody tr').filter({ hasText: invitee });
  await expect(row).toContainText('Invited');
  await expect(row.getByRole('combobox', { name: `Role of ${invitee}` })).toHaveValue('Support');

  await row.getByRole('combobox', { name: `Role of ${invitee}` }).click();
  await page.getByRole('option', { name: 'Finance' }).click();
  await expect(row.getByRole('combobox', { name: `Role of ${invitee}` })).toHaveValue('Finance');
  await row.getByRole('button', { name: `Disable ${invitee}` }).click();
  await expect(row).toContainText('Disabled');

  await page.goto('/admin/audit?action=staff.');
  const audit = page.getByRole('table', { name: 'Staff audit trail' });
  await expect(audit).toContainText('staff.invite');
  await expect(audit).toContainText('staff.role_change');
  await expect(audit).toContainText('staff.disable');
});
