import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../idp/index.ts';
import { apiClient } from '../test/api-client.ts';
import { startTestApp, type TestApp } from '../test/harness.ts';
import { oidcLogin } from '../test/oidc-login.ts';
import { cliAuditContext } from './audit.ts';

/**
 * Every actor in the audit trail (issue 30): one function writes it, the command line names the
 * operating-system user, and a staff member's changes to their own sign-in are audited too.
 */
const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === 'migrations' ? [] : sources(full);
    return name.endsWith('.ts') && !name.endsWith('.test.ts') ? [full] : [];
  });
}

describe('the audit trail has one writer', () => {
  it('no file but platform/audit.ts writes staff_audit', () => {
    const writers = sources(src).filter((file) =>
      /insertInto\(\s*['"]staff_audit['"]|insert\s+into\s+staff_audit|update\s+staff_audit|deleteFrom\(\s*['"]staff_audit/i.test(
        readFileSync(file, 'utf8'),
      ),
    );
    expect(writers.map((f) => path.relative(src, f))).toEqual([path.join('platform', 'audit.ts')]);
  });

  it('names the CLI and the operating-system user', () => {
    expect(cliAuditContext('alice')).toEqual({
      actor: 'cli:alice',
      roles: ['operator'],
      requestId: null,
      clientIp: null,
    });
    expect(cliAuditContext().actor).toMatch(/^cli:.+/);
  });
});

describe("a staff member's own security changes", () => {
  let t: TestApp;
  const PASSWORD = 'a long passphrase';
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t?.stop());

  it("are audited (password change, sign out everywhere), a customer's are not", async () => {
    const { id } = await createUser(t.db, {
      email: 'fin@pria.test',
      password: PASSWORD,
      roles: ['finance'],
      emailVerified: true,
    });
    await createUser(t.db, {
      email: 'cus@pria.test',
      password: PASSWORD,
      roles: ['customer'],
      emailVerified: true,
    });
    for (const email of ['fin@pria.test', 'cus@pria.test']) {
      const tokens = await oidcLogin({ baseUrl: t.url, email, password: PASSWORD });
      const api = apiClient(t.url, tokens.access_token);
      const res = await api.put('/api/v1/customers/change-password', {
        password: 'another long one 2',
        confirmPassword: 'another long one 2',
      });
      expect(res.status, email).toBe(200);
      const again = await oidcLogin({ baseUrl: t.url, email, password: 'another long one 2' });
      expect(
        (await apiClient(t.url, again.access_token).post('/api/v1/account/sign-out-everywhere')).status,
      ).toBe(200);
    }
    const rows = await t.db.selectFrom('staff_audit').selectAll().orderBy('id').execute();
    expect(rows.map((r) => [r.actor, r.action, r.target_id, r.actor_roles])).toEqual([
      ['fin@pria.test', 'staff.security.password_changed', id, ['finance']],
      ['fin@pria.test', 'staff.security.signed_out_everywhere', id, ['finance']],
    ]);
    expect(rows.every((r) => r.request_id && r.client_ip)).toBe(true);
  });

  it('are audited when the provider reports them (a reset by email link)', async () => {
    const { id } = await createUser(t.db, {
      email: 'sup@pria.test',
      password: PASSWORD,
      roles: ['support'],
      emailVerified: true,
    });
    const post = (path: string, fields: Record<string, string>) =>
      fetch(`${t.url}${path}`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(fields),
      });
    await post('/oidc/forgot-password', { email: 'sup@pria.test' });
    const mail = await t.db
      .selectFrom('message_outbox')
      .select('text_body')
      .where('recipient', '=', 'sup@pria.test')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const token = /reset-password\?token=([\w-]+)/.exec(mail.text_body)?.[1] ?? '';
    const done = await post('/oidc/reset-password', {
      token,
      password: 'a brand new passphrase',
      confirmPassword: 'a brand new passphrase',
    });
    expect(done.status).toBe(303);
    const row = await t.db
      .selectFrom('staff_audit')
      .selectAll()
      .where('target_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      actor: 'sup@pria.test',
      actor_roles: ['support'],
      action: 'staff.security.password_reset',
    });
  });
});
