import { messages } from '@pria/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.stop());

const post = (body: unknown, ip = '10.0.0.1') =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/support/contact-us',
    payload: body as object,
    remoteAddress: ip,
  });

describe('POST /api/v1/support/contact-us', () => {
  it('stores the message, queues it for the support mailbox and says so', async () => {
    const res = await post({ email: 'ann@example.com', type: 'Security', message: 'Is my card safe?' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ httpCode: 200, message: messages.messageSent, error: [] });
    const rows = await t.db.selectFrom('support_messages').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: 'contact', email: 'ann@example.com', topic: 'Security' });
    const mail = await t.db.selectFrom('message_outbox').selectAll().execute();
    expect(mail).toHaveLength(1);
    expect(mail[0]?.recipient).toBe(t.config.supportEmail);
    expect(mail[0]?.text_body).toContain('Is my card safe?');
  });

  it.each([
    [{ email: '', type: 'Security', message: 'x' }, messages.emailRequired],
    [{ type: 'Security', message: 'x' }, messages.emailRequired],
    [{ email: 'not-an-email', type: 'Security', message: 'x' }, messages.invalidEmail],
    [{ email: 'a@b.co', type: ' ', message: 'x' }, messages.topicRequired],
    [{ email: 'a@b.co', type: 'Security', message: '' }, messages.messageRequired],
  ])('refuses %j with "%s" and stores nothing', async (body, text) => {
    const before = await t.db
      .selectFrom('support_messages')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst();
    const res = await post(body, '10.0.0.2');
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toContain(text);
    const after = await t.db
      .selectFrom('support_messages')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst();
    expect(after?.n).toEqual(before?.n);
  });

  it('answers malformed JSON with a 400, not a 500', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/support/contact-us',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION');
  });

  it('rate-limits one address after 5 messages a minute', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 7; i++) {
      const res = await post(
        { email: 'spam@example.com', type: 'Suggestions', message: `hi ${i}` },
        '10.0.0.9',
      );
      codes.push(res.statusCode);
    }
    expect(codes.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(codes.slice(5)).toEqual([429, 429]);
  });
});

describe('POST /api/v1/support/feedback', () => {
  it('stores a visitor rating and forwards it', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/support/feedback',
      payload: { star: 4, message: 'Nice' },
      remoteAddress: '10.0.1.1',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(messages.feedbackSubmitted);
    const row = await t.db
      .selectFrom('support_messages')
      .selectAll()
      .where('kind', '=', 'feedback')
      .executeTakeFirst();
    expect(row).toMatchObject({ star: 4, message: 'Nice', customer_id: null });
  });

  it.each([0, 6, 2.5, 'x', null])('refuses star %j', async (star) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/support/feedback',
      payload: { star },
      remoteAddress: '10.0.1.2',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toContain(messages.starRequired);
  });

  it('refuses the signed-in support route without a token', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/support',
      payload: { type: 'x', message: 'y' },
    });
    expect(res.statusCode).toBe(401);
  });
});
