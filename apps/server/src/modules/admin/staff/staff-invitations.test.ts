import { type StaffRow, staffMessages } from '@pria/contracts';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordMessages } from '../../../platform/password-policy.ts';
import { type Api, signedInUser } from '../../../test/customers.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { oidcLogin } from '../../../test/oidc-login.ts';

/**
 * An invitation's life (issue 30): a lost or expired link does not lock the person out. Admins
 * resend (a new link, the old one dead), revoke, and send a new one after it expired or was
 * revoked; each is audited and shown on the Staff screen with its state and expiry.
 */
let t: TestApp;
let admin: Api;
const staffPath = (id: string) => `/api/v1/admin/staff/${encodeURIComponent(id)}`;

async function latestLink(email: string): Promise<string> {
  const mail = await t.db
    .selectFrom('message_outbox')
    .select('text_body')
    .where('recipient', '=', email)
    .where('subject', '=', "You are invited to Pria's staff portal")
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  const link = /https?:\/\/\S+\/oidc\/staff-invite\?token=\S+/.exec(mail.text_body)?.[0];
  if (!link) throw new Error('no invitation link');
  return new URL(link).searchParams.get('token') ?? '';
}
const linkWorks = async (token: string) =>
  (await fetch(`${t.url}/oidc/staff-invite?token=${encodeURIComponent(token)}`)).status === 200;
const accept = (token: string) =>
  fetch(`${t.url}/oidc/staff-invite`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ token, password: 'a long passphrase', confirmPassword: 'a long passphrase' }),
  });
async function member(id: string): Promise<StaffRow & { invitation: NonNullable<StaffRow['invitation']> }> {
  const list = (await admin.get('/api/v1/admin/staff')).body.data as StaffRow[];
  const found = list.find((m) => m.id === id);
  if (!found?.invitation) throw new Error(`no invited member ${id}`);
  return found as StaffRow & { invitation: NonNullable<StaffRow['invitation']> };
}
const auditOf = async (id: string) =>
  (
    await t.db
      .selectFrom('staff_audit')
      .select(['action', 'actor'])
      .where('target_id', '=', id)
      .orderBy('id')
      .execute()
  ).map((r) => `${r.action} by ${r.actor}`);

beforeAll(async () => {
  t = await startTestApp();
  admin = await signedInUser(t, 'root@pria.test', ['admin']);
});
afterAll(async () => t?.stop());

describe('resend', () => {
  it('sends a new link; the old one stops working; audited', async () => {
    const invited = await admin.post('/api/v1/admin/staff/invitations', {
      email: 'ann@pria.test',
      role: 'support',
    });
    expect(invited.status).toBe(201);
    const id = invited.body.data.id as string;
    const first = await latestLink('ann@pria.test');
    const res = await admin.post(`${staffPath(id)}/invitation`);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Invitation sent again: the earlier link no longer works');
    const second = await latestLink('ann@pria.test');
    expect(second).not.toBe(first);
    expect(await linkWorks(first)).toBe(false);
    expect(await linkWorks(second)).toBe(true);
    expect((await member(id)).invitation).toMatchObject({
      state: 'pending',
      role: 'support',
      invitedBy: 'root@pria.test',
    });
    expect(await auditOf(id)).toEqual([
      'staff.invite by root@pria.test',
      'staff.invite_resend by root@pria.test',
    ]);
  });
});

describe('the invitation email', () => {
  it("says when the link expires in the product's words, New York time", async () => {
    const invited = await admin.post('/api/v1/admin/staff/invitations', {
      email: 'eve@pria.test',
      role: 'support',
    });
    expect(invited.status).toBe(201);
    const { expiresAt } = (await member(invited.body.data.id as string)).invitation;
    const mail = await t.db
      .selectFrom('message_outbox')
      .select(['text_body', 'html_body'])
      .where('recipient', '=', 'eve@pria.test')
      .executeTakeFirstOrThrow();
    // "December 04, 2026 at 12:57 PM ET" (issue 29: "Fri, 04 Dec 2026 17:57:06 GMT").
    const until = DateTime.fromISO(expiresAt, { zone: 'America/New_York' }).toFormat(
      "LLLL dd, yyyy 'at' h:mm a",
    );
    for (const body of [mail.text_body, mail.html_body]) {
      expect(body).toContain(`expires in 7 days, on ${until} ET;`);
      // The link's random token can spell "UTC" (CI, stop 52); only the words around it count.
      expect((body ?? '').replace(/token=[\w-]+/g, 'token=…')).not.toMatch(/GMT|UTC/);
    }
  });
});

describe('revoke', () => {
  it('kills the link and shows it revoked; revoking again says there is nothing to revoke', async () => {
    const invited = await admin.post('/api/v1/admin/staff/invitations', {
      email: 'bea@pria.test',
      role: 'finance',
    });
    const id = invited.body.data.id as string;
    const token = await latestLink('bea@pria.test');
    const res = await admin.delete(`${staffPath(id)}/invitation`);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Invitation revoked: the link no longer works');
    expect(res.body.data.invitation.state).toBe('revoked');
    expect(await linkWorks(token)).toBe(false);
    expect((await accept(token)).status).toBe(400);
    const again = await admin.delete(`${staffPath(id)}/invitation`);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('There is no pending invitation to revoke');
    expect(await auditOf(id)).toEqual([
      'staff.invite by root@pria.test',
      'staff.invite_revoke by root@pria.test',
    ]);
  });

  it('a revoked invitee can be invited again (no 409), and the new link works', async () => {
    const list = (await admin.get('/api/v1/admin/staff')).body.data as { id: string; email: string }[];
    const id = list.find((m) => m.email === 'bea@pria.test')?.id as string;
    const res = await admin.post('/api/v1/admin/staff/invitations', {
      email: 'BEA@pria.test',
      role: 'support',
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      id,
      roles: ['support'],
      invitation: { state: 'pending', role: 'support' },
    });
    expect((await accept(await latestLink('bea@pria.test'))).status).toBe(200);
    expect((await member(id)).invitation.state).toBe('accepted');
    const { access_token } = await oidcLogin({
      baseUrl: t.url,
      email: 'bea@pria.test',
      password: 'a long passphrase',
    });
    expect(access_token).toBeTruthy();
    // Accepted: nothing left to resend or revoke.
    expect((await admin.post(`${staffPath(id)}/invitation`)).status).toBe(409);
    expect((await admin.delete(`${staffPath(id)}/invitation`)).status).toBe(409);
  });
});

describe('after expiry', () => {
  it('shows it expired with its date, refuses the link, and re-issues on request', async () => {
    const invited = await admin.post('/api/v1/admin/staff/invitations', {
      email: 'cal@pria.test',
      role: 'support',
    });
    const id = invited.body.data.id as string;
    const old = await latestLink('cal@pria.test');
    const expiredAt = new Date(Date.now() - 3600_000);
    await t.db
      .updateTable('staff_invitations')
      .set({ expires_at: expiredAt })
      .where('user_id', '=', id)
      .execute();
    expect((await member(id)).invitation).toMatchObject({
      state: 'expired',
      expiresAt: expiredAt.toISOString(),
    });
    expect(await linkWorks(old)).toBe(false);
    // Nothing pending to revoke.
    expect((await admin.delete(`${staffPath(id)}/invitation`)).status).toBe(409);
    const res = await admin.post(`${staffPath(id)}/invitation`);
    expect(res.status).toBe(200);
    const inv = (await member(id)).invitation;
    expect(inv.state).toBe('pending');
    expect(new Date(inv.expiresAt).getTime()).toBeGreaterThan(Date.now() + 6.9 * 86_400_000);
    expect(await linkWorks(await latestLink('cal@pria.test'))).toBe(true);
  });
});

describe('forgot password for someone invited who never set one', () => {
  const ask = (email: string) =>
    fetch(`${t.url}/oidc/forgot-password`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email }),
    });
  const lastMail = (to: string) =>
    t.db
      .selectFrom('message_outbox')
      .select(['subject', 'text_body'])
      .where('recipient', '=', to)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();

  it('answers like for anyone, and emails where the invitation stands, with no link', async () => {
    await admin.post('/api/v1/admin/staff/invitations', { email: 'dee@pria.test', role: 'support' });
    const page = await ask('dee@pria.test');
    const unknown = await ask('nobody@pria.test');
    expect(page.status).toBe(unknown.status);
    const mail = await lastMail('dee@pria.test');
    expect(mail.subject).toBe('About your Pria staff invitation');
    expect(mail.text_body).toContain('have not set a password yet');
    expect(mail.text_body).toContain('root@pria.test');
    expect(mail.text_body).not.toMatch(/https?:\/\//);
    // No reset link was made for an identity without a password.
    const reset = await t.db
      .selectFrom('idp_email_tokens as e')
      .innerJoin('idp_users as u', 'u.id', 'e.user_id')
      .select('e.id')
      .where('u.email', '=', 'dee@pria.test')
      .execute();
    expect(reset).toEqual([]);
  });

  it('tells a revoked invitee to ask an admin, and revives nothing', async () => {
    const list = (await admin.get('/api/v1/admin/staff')).body.data as { id: string; email: string }[];
    const id = list.find((m) => m.email === 'dee@pria.test')?.id as string;
    await admin.delete(`${staffPath(id)}/invitation`);
    await ask('dee@pria.test');
    const mail = await lastMail('dee@pria.test');
    expect(mail.text_body).toContain('was withdrawn');
    expect(mail.text_body).toContain('ask an admin');
    expect((await member(id)).invitation.state).toBe('revoked');
  });
});

describe('an invitation accepted while an admin invites the same address again', () => {
  it('either the password is set and every re-invite answers 409, or the link was replaced: never a 500', async () => {
    for (let round = 0; round < 8; round++) {
      const email = `race${round}@pria.test`;
      const invited = await admin.post('/api/v1/admin/staff/invitations', { email, role: 'support' });
      expect(invited.status).toBe(201);
      const id = invited.body.data.id as string;
      const token = await latestLink(email);
      // The invitee submits the form while the admin (twice, in two tabs) invites the address again.
      const [accepted, ...reinvites] = await Promise.all([
        accept(token),
        ...Array.from({ length: 4 }, () =>
          admin.post('/api/v1/admin/staff/invitations', { email, role: 'finance' }),
        ),
      ]);
      const statuses = [accepted.status, ...reinvites.map((r) => r.status)];
      expect(statuses, `round ${round}`).not.toContain(500);
      const row = await t.db
        .selectFrom('idp_users')
        .select(['password_hash', 'roles'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      const pending = await t.db
        .selectFrom('staff_invitations')
        .select('id')
        .where('user_id', '=', id)
        .where('accepted_at', 'is', null)
        .where('revoked_at', 'is', null)
        .execute();
      const resent = reinvites.filter((r) => r.status === 200).length;
      if (accepted.status === 200) {
        // The password came first: the address can sign in, so inviting it is a conflict.
        for (const r of reinvites) {
          expect(r.status, `round ${round}`).toBe(409);
          expect(r.body.message).toBe(staffMessages.emailTaken);
        }
        expect(row.password_hash).not.toBeNull();
        expect(row.roles).toEqual(['support']);
        expect(pending).toEqual([]);
        expect((await member(id)).invitation.state).toBe('accepted');
      } else {
        // A new link came first: this one no longer works, and says a newer one was sent.
        expect(accepted.status, `round ${round}`).toBe(409);
        expect(await accepted.text()).toContain('A newer invitation link was sent');
        expect(resent).toBe(4);
        expect(row.password_hash).toBeNull();
        expect(row.roles).toEqual(['finance']);
        expect(pending).toHaveLength(1);
        expect(await linkWorks(await latestLink(email))).toBe(true);
      }
      const audited = (await auditOf(id)).filter((a) => a.startsWith('staff.invite_resend')).length;
      expect(audited).toBe(resent);
    }
  });
});

describe('a password weak for this person', () => {
  it('(their own address) is refused with its words, and the link still works: never a 500', async () => {
    const email = 'frank.sinatra.weak@pria.test';
    await admin.post('/api/v1/admin/staff/invitations', { email, role: 'support' });
    const token = await latestLink(email);
    const res = await fetch(`${t.url}/oidc/staff-invite`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token, password: email, confirmPassword: email }),
    });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain(passwordMessages.tooWeak);
    expect(await linkWorks(token)).toBe(true);
    expect((await accept(token)).status).toBe(200);
  });
});
