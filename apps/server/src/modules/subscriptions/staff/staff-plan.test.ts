import { staffPlanMessages } from '@pria/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../../platform/clock.ts';
import { type Api, addCard, signedInUser, testCards } from '../../../test/customers.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';

/**
 * Issue 40: staff pause, resume and cancel a client's plan from the client page, through the
 * customer's own use cases: the same pause rows and emails, recorded as the staff member's, with
 * an audit row; money actions, so finance and admin only; bad input changes nothing.
 */
const clock = fixedClock('2031-01-10T15:00:00Z');
let t: TestApp;
let admin: Api;
let finance: Api;
let support: Api;
let client: Api;
let clientId: string;
let subscriptionId: string;
const base = () => `/api/v1/customers/${clientId}/subscription`;

const audit = async (action: string) =>
  (
    await sql<{ actor: string; target_id: string; actor_roles: string[] }>`
      select actor, target_id, actor_roles from staff_audit where action = ${action} order by id`.execute(
      t.db,
    )
  ).rows;
const mails = async (subject: string) =>
  (
    await sql<{ text_body: string }>`select text_body from message_outbox
      where recipient = 'client@pria.test' and channel = 'email' and subject = ${subject}`.execute(t.db)
  ).rows;
const pauseRows = () =>
  t.db.selectFrom('subscription_pauses').select(['paused_by', 'resumed_by']).orderBy('paused_at').execute();

beforeAll(async () => {
  t = await startTestApp({}, { clock });
  admin = await signedInUser(t, 'admin@pria.test', ['admin']);
  finance = await signedInUser(t, 'finance@pria.test', ['finance']);
  support = await signedInUser(t, 'support@pria.test', ['support']);
  client = await signedInUser(t, 'client@pria.test');
  clientId = (await client.get('/api/v1/customers/me')).body.data.id;
  const card = (await addCard(client, testCards.visa, '123', { month: 12, year: 2040 })).body.data.id;
  const sub = await client.post('/api/v1/subscriptions', { plan: 'semi-annual', card });
  expect(sub.status).toBe(200);
  subscriptionId = sub.body.data.subscription.id;
}, 90_000);
afterAll(() => t?.stop());

describe('who may act on a client’s plan', () => {
  it('refuses support, and the client themselves, every plan action (403), changing nothing', async () => {
    for (const caller of [support, client]) {
      for (const action of ['pause', 'resume', 'cancel']) {
        const res = await caller.post(`${base()}/${action}`, { subscriptionId });
        expect(res.status, `${action}`).toBe(403);
      }
    }
    expect(await pauseRows()).toEqual([]);
    expect(await audit('subscription.pause')).toEqual([]);
  });

  it('lets support read the client’s Upcoming, as the client sees it', async () => {
    const staff = await support.get(`/api/v1/customers/${clientId}/upcoming`);
    const own = await client.get('/api/v1/subscriptions/me/upcoming');
    expect(staff.status).toBe(200);
    expect(staff.body.data).toEqual(own.body.data);
    expect(staff.body.data.renewal).toMatchObject({ planName: 'Semi-Annual' });
  });
});

describe('bad input', () => {
  it('answers a clear 400 or 404 and changes nothing', async () => {
    const cases: [string, unknown, number, RegExp][] = [
      [`${base()}/pause`, {}, 400, /subscriptionId/],
      [`${base()}/pause`, { subscriptionId: 'nope' }, 400, /subscriptionId must be the id/],
      [`${base()}/pause`, { subscriptionId, paused: true }, 400, /paused/],
      ['/api/v1/customers/not-a-uuid/subscription/pause', { subscriptionId }, 400, /customer id/],
      [`${base()}/cancel`, { subscriptionId: clientId }, 404, /Subscription not found/],
      [
        '/api/v1/customers/00000000-0000-4000-8000-000000000000/subscription/cancel',
        { subscriptionId },
        404,
        /Subscription not found/,
      ],
    ];
    for (const [path, body, status, message] of cases) {
      const res = await admin.post(path, body);
      expect(res.status, `${path} ${JSON.stringify(body)}`).toBe(status);
      expect(res.body.message).toMatch(message);
    }
    const unknown = await admin.get('/api/v1/customers/00000000-0000-4000-8000-000000000000/upcoming');
    expect(unknown.status).toBe(404);
    expect(await pauseRows()).toEqual([]);
    expect(await audit('subscription.cancel')).toEqual([]);
  });
});

describe('pause and resume', () => {
  it('pauses as the client’s own switch does, in the finance member’s name, audited and emailed', async () => {
    const res = await finance.post(`${base()}/pause`, { subscriptionId });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(staffPlanMessages.paused);
    expect(res.body.data.subscription).toMatchObject({ isEnabled: false, autoRenews: false });
    expect(await pauseRows()).toEqual([{ paused_by: 'finance@pria.test', resumed_by: null }]);
    expect(await audit('subscription.pause')).toEqual([
      { actor: 'finance@pria.test', target_id: subscriptionId, actor_roles: ['finance'] },
    ]);
    // The customer did not pause it: the email says Pria did, and how to object (the fresh walk).
    expect(await mails('You paused Charge & Pay')).toHaveLength(0);
    const [mail] = await mails('Pria paused Charge & Pay on your plan');
    expect(mail?.text_body).toContain('Pria paused Charge & Pay on your Pria');
    expect(mail?.text_body).toContain('Our team made this change on your account');
    expect(mail?.text_body).toContain('starting with the charge on January 28, 2031');
  });

  it('refuses to pause a paused plan (409, staff’s words), recording nothing more', async () => {
    const res = await admin.post(`${base()}/pause`, { subscriptionId });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(staffPlanMessages.alreadyPaused);
    expect(await audit('subscription.pause')).toHaveLength(1);
  });

  it('resumes, audited and emailed; a second resume is refused', async () => {
    clock.set(new Date('2031-01-12T15:00:00Z'));
    const res = await admin.post(`${base()}/resume`, { subscriptionId });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(staffPlanMessages.resumed);
    expect(res.body.data.subscription).toMatchObject({ isEnabled: true, autoRenews: true });
    expect(await pauseRows()).toEqual([{ paused_by: 'finance@pria.test', resumed_by: 'admin@pria.test' }]);
    expect(await audit('subscription.resume')).toEqual([
      { actor: 'admin@pria.test', target_id: subscriptionId, actor_roles: ['admin'] },
    ]);
    const resumedMail = await mails('Charge & Pay is back on');
    expect(resumedMail).toHaveLength(1);
    expect(resumedMail[0]?.text_body).toContain('Pria turned Charge & Pay back on');
    const again = await admin.post(`${base()}/resume`, { subscriptionId });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(staffPlanMessages.notPaused);
  });
});

describe('cancel', () => {
  it('cancels as the client’s own cancellation does, in the admin’s name, audited and emailed', async () => {
    const res = await admin.post(`${base()}/cancel`, { subscriptionId });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(staffPlanMessages.cancelled);
    expect(res.body.data.subscription).toMatchObject({ status: 'active', autoRenews: false });
    const row = await t.db
      .selectFrom('subscriptions')
      .select(['cancelled_by', 'status'])
      .where('id', '=', subscriptionId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ cancelled_by: 'admin@pria.test', status: 'active' });
    expect(await audit('subscription.cancel')).toEqual([
      { actor: 'admin@pria.test', target_id: subscriptionId, actor_roles: ['admin'] },
    ]);
    const [mail] = await mails('Your Pria subscription is cancelled');
    expect(mail?.text_body).toContain('Pria cancelled your Pria');
    expect(mail?.text_body).not.toContain('You cancelled');
    expect(mail?.text_body).toContain('It stays active until July 10, 2031');
  });

  it('refuses a second cancel, and a pause of a cancelled plan (409), recording nothing', async () => {
    const again = await finance.post(`${base()}/cancel`, { subscriptionId });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(staffPlanMessages.alreadyCancelled);
    const pause = await finance.post(`${base()}/pause`, { subscriptionId });
    expect(pause.status).toBe(409);
    expect(pause.body.message).toBe(staffPlanMessages.pauseWhileCancelled);
    expect(await audit('subscription.cancel')).toHaveLength(1);
    expect(await mails('Your Pria subscription is cancelled')).toHaveLength(1);
  });
});
