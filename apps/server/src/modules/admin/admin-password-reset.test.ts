import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, signedInUser } from '../../test/customers.ts';
import { startTestApp, type TestApp } from '../../test/harness.ts';

/** Issue 18 part 2: staff send a client a password reset link; audited, permission-checked. */
let t: TestApp;
let admin: Api;
let client: Api;
let clientId: string;

beforeAll(async () => {
  t = await startTestApp();
  admin = await signedInUser(t, 'staff@pria.test', ['admin']);
  client = await signedInUser(t, 'client@pria.test');
  clientId = (await client.get('/api/v1/customers/me')).body.data.id;
});
afterAll(async () => t?.stop());

const resetMails = () =>
  t.db
    .selectFrom('message_outbox')
    .selectAll()
    .where('recipient', '=', 'client@pria.test')
    .where('subject', '=', 'Reset your Pria password')
    .execute();

describe('POST /customers/:id/password-reset', () => {
  it('emails the client a reset link and records who sent it', async () => {
    const res = await admin.post(`/api/v1/customers/${clientId}/password-reset`);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Password reset link sent');
    // Staff never see the link.
    expect(JSON.stringify(res.body)).not.toContain('token');
    const mails = await resetMails();
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text_body).toMatch(/\/oidc\/reset-password\?token=[\w-]+/);
    const audit = await sql<{ actor: string; action: string; target_id: string; actor_roles: string[] }>`
      select actor, action, target_id, actor_roles from staff_audit
      where action = 'customer.password_reset_link'`.execute(t.db);
    expect(audit.rows).toEqual([
      {
        actor: 'staff@pria.test',
        action: 'customer.password_reset_link',
        target_id: clientId,
        actor_roles: ['admin'],
      },
    ]);
    // The link works like a self-service one.
    const link =
      /https?:\/\/\S+\/oidc\/reset-password\?token=[\w-]+/.exec(mails[0]?.text_body ?? '')?.[0] ?? '';
    expect((await fetch(link)).status).toBe(200);
  });

  it('is refused to a customer (403), for an unknown client (404) and a bad id (400)', async () => {
    const before = (await resetMails()).length;
    const self = await client.post(`/api/v1/customers/${clientId}/password-reset`);
    expect(self.status).toBe(403);
    expect(
      (await admin.post('/api/v1/customers/00000000-0000-4000-8000-000000000000/password-reset')).status,
    ).toBe(404);
    expect((await admin.post('/api/v1/customers/not-a-uuid/password-reset')).status).toBe(400);
    const anonymous = await fetch(`${t.url}/api/v1/customers/${clientId}/password-reset`, { method: 'POST' });
    expect(anonymous.status).toBe(401);
    expect((await resetMails()).length).toBe(before);
  });
});
