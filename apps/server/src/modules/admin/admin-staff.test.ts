import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { userInfo } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from '../../test/api-client.ts';
import { type Api, signedInUser } from '../../test/customers.ts';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { oidcLogin } from '../../test/oidc-login.ts';

/**
 * Staff management (issues 16 and 30): an admin invites by email with a role (a single-use
 * link, only its hash stored, 7 days), changes roles and disables; each action is in the audit
 * trail; a disabled member's token stops working at once and they cannot sign in; a role change
 * ends the member's tokens (a new one carries the new role). The invariants under concurrency
 * and the invitation's life (resend, revoke, re-issue) are in staff-invariants.test.ts and
 * staff-invitations.test.ts.
 */
let t: TestApp;
let admin: Api;
let finance: Api;
let support: Api;
let customer: Api;

const linkIn = async (email: string) => {
  const mail = await t.db
    .selectFrom('message_outbox')
    .select(['text_body', 'subject'])
    .where('recipient', '=', email)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  const link = /https?:\/\/\S+\/oidc\/staff-invite\?token=\S+/.exec(mail.text_body)?.[0];
  if (!link) throw new Error('no invitation link');
  return { link, subject: mail.subject, token: new URL(link).searchParams.get('token') ?? '' };
};

const acceptInvite = (token: string, password: string, confirm = password) =>
  fetch(`${t.url}/oidc/staff-invite`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ token, password, confirmPassword: confirm }),
  });

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
function cli(args: string[]): Promise<{ code: number | null; out: string; err: string }> {
  const child = spawn(process.execPath, [path.join(serverRoot, 'src', 'cli.ts'), ...args], {
    env: { ...process.env, DATABASE_URL: t.databaseUrl, LOG_LEVEL: 'error', PUBLIC_URL: t.url },
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (b) => {
    out += b;
  });
  child.stderr.on('data', (b) => {
    err += b;
  });
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, out, err })));
}

const staffPath = (id: string) => `/api/v1/admin/staff/${encodeURIComponent(id)}`;

beforeAll(async () => {
  t = await startTestApp();
  admin = await signedInUser(t, 'root@pria.test', ['admin']);
  finance = await signedInUser(t, 'fin@pria.test', ['finance']);
  support = await signedInUser(t, 'sue@pria.test', ['support']);
  customer = await signedInUser(t, 'cust@pria.test');
});
afterAll(async () => t?.stop());

describe('staff management is for admins', () => {
  it('finance, support and customers get 403 on every staff route', async () => {
    for (const api of [finance, support, customer]) {
      expect((await api.get('/api/v1/admin/staff')).status).toBe(403);
      expect(
        (await api.post('/api/v1/admin/staff/invitations', { email: 'x@pria.test', role: 'admin' })).status,
      ).toBe(403);
      expect(
        (await api.put(`${staffPath('auth|00000000-0000-0000-0000-000000000000')}/role`, { role: 'admin' }))
          .status,
      ).toBe(403);
      expect((await api.get('/api/v1/admin/audit')).status).toBe(403);
    }
  });

  it('lists staff, not customers', async () => {
    const res = await admin.get('/api/v1/admin/staff');
    expect(res.status).toBe(200);
    const emails = res.body.data.map((s: { email: string }) => s.email);
    expect(emails).toEqual(['fin@pria.test', 'root@pria.test', 'sue@pria.test']);
  });
});

describe('an invitation', () => {
  let id: string;

  it('bad input: 400 with a clear message', async () => {
    const bad = await admin.post('/api/v1/admin/staff/invitations', {
      email: 'new@pria.test',
      role: 'owner',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('role must be one of support, finance, admin');
    const noEmail = await admin.post('/api/v1/admin/staff/invitations', {
      email: 'not an email',
      role: 'support',
    });
    expect(noEmail.status).toBe(400);
    expect(noEmail.body.message).toBe('Enter a valid email address.');
  });

  it('creates the member, emails a single-use link and stores only its hash', async () => {
    const res = await admin.post('/api/v1/admin/staff/invitations', {
      email: 'New@Pria.test',
      role: 'support',
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      email: 'new@pria.test',
      roles: ['support'],
      invited: true,
      disabled: false,
    });
    id = res.body.data.id;
    const { token, subject } = await linkIn('new@pria.test');
    expect(subject).toMatch(/invited/);
    const stored = await t.db
      .selectFrom('staff_invitations')
      .selectAll()
      .where('user_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ role: 'support', invited_by: 'root@pria.test', accepted_at: null });
    expect(stored.token_hash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(stored)).not.toContain(token);
    const days = (new Date(stored.expires_at).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);
    // Audited with the admin's email.
    const audit = await t.db
      .selectFrom('staff_audit')
      .selectAll()
      .where('action', '=', 'staff.invite')
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor: 'root@pria.test', target_id: id });
    expect(audit[0]?.after).toMatchObject({ email: 'new@pria.test', roles: ['support'] });
    expect(res.body.data.invitation).toMatchObject({
      state: 'pending',
      role: 'support',
      invitedBy: 'root@pria.test',
    });
  });

  it('the same email again sends a new link (the old one dies); an account that can sign in is a 409', async () => {
    const first = await linkIn('new@pria.test');
    const res = await admin.post('/api/v1/admin/staff/invitations', {
      email: 'new@pria.test',
      role: 'support',
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Invitation sent again: the earlier link no longer works');
    expect(res.body.data).toMatchObject({ id, invited: true, invitation: { state: 'pending' } });
    const second = await linkIn('new@pria.test');
    expect(second.token).not.toBe(first.token);
    expect((await fetch(`${t.url}/oidc/staff-invite?token=${encodeURIComponent(first.token)}`)).status).toBe(
      400,
    );
    const taken = await admin.post('/api/v1/admin/staff/invitations', {
      email: 'fin@pria.test',
      role: 'admin',
    });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe('An account with this email already exists');
  });

  it('the invitee cannot sign in before setting a password', async () => {
    await expect(
      oidcLogin({ baseUrl: t.url, email: 'new@pria.test', password: 'anything at all' }),
    ).rejects.toThrow();
  });

  it('the link sets a password once; the member then signs in with their role', async () => {
    const { token } = await linkIn('new@pria.test');
    const page = await fetch(`${t.url}/oidc/staff-invite?token=${encodeURIComponent(token)}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Set password');
    expect((await acceptInvite(token, 'short')).status).toBe(400);
    expect((await acceptInvite(token, 'a long passphrase', 'another one')).status).toBe(400);
    expect((await acceptInvite(token, 'a long passphrase')).status).toBe(200);
    // Used up.
    expect((await acceptInvite(token, 'a second passphrase')).status).toBe(400);
    expect((await fetch(`${t.url}/oidc/staff-invite?token=${encodeURIComponent(token)}`)).status).toBe(400);

    const { access_token } = await oidcLogin({
      baseUrl: t.url,
      email: 'new@pria.test',
      password: 'a long passphrase',
    });
    const member = apiClient(t.url, access_token);
    expect((await member.get('/api/v1/customers')).status).toBe(200);
    expect((await member.get('/api/v1/admin/transactions')).status).toBe(403);
  });

  it("a role change ends the member's tokens, a new one carries the role, and it is audited", async () => {
    const { access_token } = await oidcLogin({
      baseUrl: t.url,
      email: 'new@pria.test',
      password: 'a long passphrase',
    });
    const member = apiClient(t.url, access_token);
    expect((await member.get('/api/v1/customers')).status).toBe(200);
    const res = await admin.put(`${staffPath(id)}/role`, { role: 'finance' });
    expect(res.status).toBe(200);
    expect(res.body.data.roles).toEqual(['finance']);
    // The token issued before the change is refused (issue 30); a new one has the new powers.
    expect((await member.get('/api/v1/customers')).status).toBe(401);
    const again = await oidcLogin({ baseUrl: t.url, email: 'new@pria.test', password: 'a long passphrase' });
    expect((await apiClient(t.url, again.access_token).get('/api/v1/admin/transactions')).status).toBe(200);
    const audit = await t.db
      .selectFrom('staff_audit')
      .selectAll()
      .where('action', '=', 'staff.role_change')
      .executeTakeFirstOrThrow();
    expect(audit.before).toMatchObject({ email: 'new@pria.test', roles: ['support'] });
    expect(audit.after).toMatchObject({ email: 'new@pria.test', roles: ['finance'] });
  });

  it('disabled: their token gets 401 at once, and they cannot sign in; enabled again works', async () => {
    const { access_token } = await oidcLogin({
      baseUrl: t.url,
      email: 'new@pria.test',
      password: 'a long passphrase',
    });
    const member = apiClient(t.url, access_token);
    const res = await admin.put(`${staffPath(id)}/disabled`, { disabled: true });
    expect(res.status).toBe(200);
    expect(res.body.data.disabled).toBe(true);
    expect((await member.get('/api/v1/customers')).status).toBe(401);
    expect((await member.get('/api/v1/cards')).status).toBe(401);
    await expect(
      oidcLogin({ baseUrl: t.url, email: 'new@pria.test', password: 'a long passphrase' }),
    ).rejects.toThrow();
    expect((await admin.put(`${staffPath(id)}/disabled`, { disabled: false })).status).toBe(200);
    // Enabled again: the token from before the disable still never works (issue 30); a new one does.
    expect((await member.get('/api/v1/customers')).status).toBe(401);
    const again = await oidcLogin({ baseUrl: t.url, email: 'new@pria.test', password: 'a long passphrase' });
    expect((await apiClient(t.url, again.access_token).get('/api/v1/customers')).status).toBe(200);
    const actions = (
      await t.db
        .selectFrom('staff_audit')
        .select('action')
        .where('target_id', '=', id)
        .orderBy('id')
        .execute()
    ).map((r) => r.action);
    expect(actions).toEqual([
      'staff.invite',
      'staff.invite_resend',
      'staff.role_change',
      'staff.disable',
      'staff.enable',
    ]);
  });

  it('unknown ids are 404, malformed ones 400; an admin cannot demote or disable themselves', async () => {
    expect(
      (await admin.put(`${staffPath('auth|00000000-0000-0000-0000-000000000000')}/role`, { role: 'support' }))
        .status,
    ).toBe(404);
    const malformed = await admin.put(`${staffPath('bob')}/role`, { role: 'support' });
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toBe('id must be a staff member id');
    const self = (await admin.get('/api/v1/admin/staff')).body.data.find(
      (s: { email: string }) => s.email === 'root@pria.test',
    );
    expect((await admin.put(`${staffPath(self.id)}/role`, { role: 'support' })).status).toBe(409);
    expect((await admin.put(`${staffPath(self.id)}/disabled`, { disabled: true })).status).toBe(409);
  });
});

describe('the audit trail', () => {
  it('lists rows newest first, filtered by actor, action and dates, paginated', async () => {
    const all = await admin.get('/api/v1/admin/audit?limit=10');
    expect(all.status).toBe(200);
    expect(all.body.data.totalCount).toBe(5);
    expect(all.body.data.rows.map((r: { action: string }) => r.action)).toEqual([
      'staff.enable',
      'staff.disable',
      'staff.role_change',
      'staff.invite_resend',
      'staff.invite',
    ]);
    expect(all.body.data.rows[0]).toMatchObject({
      actor: 'root@pria.test',
      actorRoles: ['admin'],
      targetType: 'staff',
    });
    const byAction = await admin.get('/api/v1/admin/audit?action=staff.disable');
    expect(byAction.body.data.rows).toHaveLength(1);
    const byPrefix = await admin.get('/api/v1/admin/audit?action=staff.');
    expect(byPrefix.body.data.totalCount).toBe(5);
    expect((await admin.get('/api/v1/admin/audit?actor=ROOT@pria.test')).body.data.totalCount).toBe(5);
    expect((await admin.get('/api/v1/admin/audit?actor=fin@pria.test')).body.data.totalCount).toBe(0);
    const today = new Date().toISOString().slice(0, 10);
    expect((await admin.get('/api/v1/admin/audit?to=2020-01-01')).body.data.totalCount).toBe(0);
    const page2 = await admin.get('/api/v1/admin/audit?limit=10&page=2');
    expect(page2.body.data).toMatchObject({ rows: [], currentPage: 2, totalCount: 5 });
    expect((await admin.get(`/api/v1/admin/audit?from=2020-01-01&to=${today}`)).status).toBe(200);
  });

  it('bad filters: 400 with a clear message', async () => {
    for (const [q, message] of [
      ['from=2026-02-30', 'from must be a date like 2026-01-31'],
      ['from=2026-03-01&to=2026-02-01', 'from must be on or before to'],
      ['action=DROP TABLE', 'action is letters, dots, dashes and underscores, e.g. refund.create'],
      ['limit=1000', 'limit must be 10, 25 or 50'],
    ] as const) {
      const res = await admin.get(`/api/v1/admin/audit?${q}`);
      expect(res.status, q).toBe(400);
      expect(res.body.message, q).toBe(message);
    }
  });
});

describe('the CLI: user:create --role', () => {
  it('support: lists clients, is refused a forced pay-in and a refund; finance may refund', async () => {
    const made = await cli([
      'user:create',
      '--email',
      'cli-sue@pria.test',
      '--password',
      'a long passphrase',
      '--role',
      'support',
    ]);
    expect(made.code, made.err).toBe(0);
    expect(JSON.parse(made.out)).toMatchObject({ email: 'cli-sue@pria.test', roles: ['support'] });
    const sue = apiClient(
      t.url,
      (await oidcLogin({ baseUrl: t.url, email: 'cli-sue@pria.test', password: 'a long passphrase' }))
        .access_token,
    );
    expect((await sue.get('/api/v1/customers')).status).toBe(200);
    expect((await sue.post('/api/v1/payin-payout/payin?period=2000-01')).status).toBe(403);
    const refund = { chargeId: '00000000-0000-4000-8000-000000000000', mode: 'full', reason: 'test' };
    expect((await sue.post('/api/v1/refunds', refund)).status).toBe(403);

    expect(
      (
        await cli([
          'user:create',
          '--email',
          'cli-fin@pria.test',
          '--password',
          'a long passphrase',
          '--role',
          'finance',
        ])
      ).code,
    ).toBe(0);
    const fin = apiClient(
      t.url,
      (await oidcLogin({ baseUrl: t.url, email: 'cli-fin@pria.test', password: 'a long passphrase' }))
        .access_token,
    );
    // Allowed through: an unknown charge is a 4xx about the charge, not a 403.
    const res = await fin.post('/api/v1/refunds', refund);
    expect([401, 403]).not.toContain(res.status);
    expect(res.status).toBeLessThan(500);
  });

  it('existing invocations keep working: --role admin, and no --role is a customer', async () => {
    const a = await cli([
      'user:create',
      '--email',
      'cli-admin@pria.test',
      '--password',
      'a long passphrase',
      '--role',
      'admin',
    ]);
    expect(JSON.parse(a.out).roles).toEqual(['admin']);
    const c = await cli(['user:create', '--email', 'cli-cust@pria.test', '--password', 'a long passphrase']);
    expect(JSON.parse(c.out).roles).toEqual(['customer']);
  });

  it('records who made each account: the CLI and the operating-system user (issue 30)', async () => {
    const rows = await t.db
      .selectFrom('staff_audit')
      .selectAll()
      .where('actor', 'like', 'cli:%')
      .orderBy('id')
      .execute();
    const made = (email: string) => rows.find((r) => (r.after as { email?: string } | null)?.email === email);
    expect(made('cli-admin@pria.test')).toMatchObject({
      actor: `cli:${userInfo().username}`,
      actor_roles: ['operator'],
      action: 'staff.create',
      target_type: 'staff',
      after: { email: 'cli-admin@pria.test', roles: ['admin'] },
    });
    expect(made('cli-sue@pria.test')?.action).toBe('staff.create');
    expect(made('cli-cust@pria.test')).toMatchObject({ action: 'customer.create', target_type: 'identity' });
    const admin = await t.db
      .selectFrom('idp_users')
      .select('id')
      .where('email', '=', 'cli-admin@pria.test')
      .executeTakeFirstOrThrow();
    expect(made('cli-admin@pria.test')?.target_id).toBe(admin.id);
  });

  it('an unknown role is a usage error, and nothing is created', async () => {
    const bad = await cli([
      'user:create',
      '--email',
      'cli-x@pria.test',
      '--password',
      'a long passphrase',
      '--role',
      'root',
    ]);
    expect(bad.code).toBe(2);
    expect(bad.err).toContain('--role must be one of support, finance, admin, customer (got root)');
    expect(
      await t.db
        .selectFrom('idp_users')
        .select('id')
        .where('email', '=', 'cli-x@pria.test')
        .executeTakeFirst(),
    ).toBeUndefined();
    expect(
      await t.db
        .selectFrom('staff_audit')
        .select('id')
        .where('after', '@>', JSON.stringify({ email: 'cli-x@pria.test' }))
        .execute(),
    ).toEqual([]);
  });
});
