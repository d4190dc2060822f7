import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, StaffRuleError, setStaffDisabled, setStaffRole } from '../../../idp/index.ts';
import { apiClient } from '../../../test/api-client.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { oidcLogin } from '../../../test/oidc-login.ts';

/**
 * Never zero enabled admins (issue 30): the check runs in the transaction that makes the change,
 * under one lock, so two admins disabling or demoting each other at the same moment cannot both
 * succeed, and an admin disabled meanwhile cannot act on a request already on its way.
 */
let t: TestApp;
const PASSWORD = 'a long passphrase';
const staffPath = (id: string) => `/api/v1/admin/staff/${encodeURIComponent(id)}`;

async function admin(email: string) {
  const { id } = await createUser(t.db, { email, password: PASSWORD, roles: ['admin'], emailVerified: true });
  return { id, email };
}
const tokenOf = async (email: string) =>
  (await oidcLogin({ baseUrl: t.url, email, password: PASSWORD })).access_token;

/** Enabled admins who can sign in, by email. */
async function enabledAdmins(): Promise<string[]> {
  const rows = await sql<{ email: string }>`
    select email from idp_users where 'admin' = any(roles) and not disabled and password_hash is not null
    order by email`.execute(t.db);
  return rows.rows.map((r) => r.email);
}

beforeAll(async () => {
  // A database of its own: these two are the only admins.
  t = await startTestApp();
});
afterAll(async () => t?.stop());

describe('two admins acting on each other at once', () => {
  it('disabling each other: exactly one succeeds, one enabled admin remains, one audit row', async () => {
    const a = await admin('ada@pria.test');
    const b = await admin('bob@pria.test');
    for (let round = 0; round < 4; round++) {
      const [ta, tb] = [await tokenOf(a.email), await tokenOf(b.email)];
      const before = await t.db
        .selectFrom('staff_audit')
        .select('id')
        .where('action', '=', 'staff.disable')
        .execute();
      const [ra, rb] = await Promise.all([
        apiClient(t.url, ta).put(`${staffPath(b.id)}/disabled`, { disabled: true }),
        apiClient(t.url, tb).put(`${staffPath(a.id)}/disabled`, { disabled: true }),
      ]);
      const statuses = [ra.status, rb.status];
      expect(
        statuses.filter((s) => s === 200),
        `round ${round}: ${statuses}`,
      ).toHaveLength(1);
      // The other was refused: its admin was disabled first (401 at the door, or 403 in the transaction).
      expect(statuses.find((s) => s !== 200)).toBeOneOf([401, 403]);
      const winner = ra.status === 200 ? a : b;
      const loser = winner === a ? b : a;
      expect(await enabledAdmins()).toEqual([winner.email]);
      const after = await t.db
        .selectFrom('staff_audit')
        .select('id')
        .where('action', '=', 'staff.disable')
        .execute();
      expect(after.length - before.length).toBe(1);
      // The winner enables the other again for the next round.
      const back = await apiClient(t.url, await tokenOf(winner.email)).put(
        `${staffPath(loser.id)}/disabled`,
        {
          disabled: false,
        },
      );
      expect(back.status).toBe(200);
    }
  });

  it('demoting each other: exactly one succeeds, one admin remains', async () => {
    const a = await admin('cy@pria.test');
    const b = await admin('di@pria.test');
    // Only these two are admins now.
    for (const e of ['ada@pria.test', 'bob@pria.test'])
      await t.db
        .updateTable('idp_users')
        .set({ roles: ['finance'] })
        .where('email', '=', e)
        .execute();
    const [ta, tb] = [await tokenOf(a.email), await tokenOf(b.email)];
    const [ra, rb] = await Promise.all([
      apiClient(t.url, ta).put(`${staffPath(b.id)}/role`, { role: 'finance' }),
      apiClient(t.url, tb).put(`${staffPath(a.id)}/role`, { role: 'finance' }),
    ]);
    expect([ra.status, rb.status].filter((s) => s === 200)).toHaveLength(1);
    expect([ra.status, rb.status].find((s) => s !== 200)).toBeOneOf([401, 403]);
    expect(await enabledAdmins()).toHaveLength(1);
    const refused = ra.status === 200 ? rb : ra;
    if (refused.status === 403) expect(refused.body.message).toBe('You are no longer an enabled admin');
  });
});

describe('whoever asks, in the transaction', () => {
  it('refuses a disable or a demotion that would leave no enabled admin, and writes nothing', async () => {
    const [only] = await enabledAdmins();
    const me = await t.db
      .selectFrom('idp_users')
      .select('id')
      .where('email', '=', only as string)
      .executeTakeFirstOrThrow();
    // Straight at the provider (the API also refuses acting on oneself): the rule holds below it.
    for (const change of [
      (tx: typeof t.db) => setStaffDisabled(tx, me.id, true, { actorId: me.id }),
      (tx: typeof t.db) => setStaffRole(tx, me.id, 'support', { actorId: me.id }),
    ]) {
      const err = await t.appDb
        .transaction()
        .execute((tx) => change(tx))
        .catch((e: unknown) => e);
      expect(err).toBeInstanceOf(StaffRuleError);
      expect((err as StaffRuleError).code).toBe('LAST_ADMIN');
    }
    expect(await enabledAdmins()).toEqual([only]);
  });

  it('an invited admin who never set a password does not count', async () => {
    const [only] = await enabledAdmins();
    const invited = await t.appDb.transaction().execute(async (tx) => {
      const { id } = await createUser(tx, { email: 'later@pria.test', password: PASSWORD, roles: ['admin'] });
      await tx.updateTable('idp_users').set({ password_hash: null }).where('id', '=', id).execute();
      return id;
    });
    const me = await t.db
      .selectFrom('idp_users')
      .select('id')
      .where('email', '=', only as string)
      .executeTakeFirstOrThrow();
    const err = await t.appDb
      .transaction()
      .execute((tx) => setStaffDisabled(tx, me.id, true, { actorId: me.id }))
      .catch((e: unknown) => e);
    expect((err as StaffRuleError).code).toBe('LAST_ADMIN');
    expect(invited).toMatch(/^auth\|/);
  });
});
