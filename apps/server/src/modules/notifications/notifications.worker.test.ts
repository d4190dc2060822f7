import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { enqueueEmail, enqueueSms } from '../../platform/outbox.ts';
import { freePort } from '../../test/free-port.ts';
import { startTestApp, type TestApp } from '../../test/harness.ts';

/** The wiring: a worker-role process (jobs on) notices new outbox rows within seconds and sends them. */
let t: TestApp;
let smtp: SMTPServer;
const received: string[] = [];

beforeAll(async () => {
  const port = await freePort();
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      stream.resume();
      stream.on('end', () => {
        received.push(...session.envelope.rcptTo.map((a) => a.address));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(port, '127.0.0.1', resolve));
  t = await startTestApp({
    PRIA_JOBS: 'true',
    SMTP_URL: `smtp://127.0.0.1:${port}`,
    DELIVERY_INTERVAL_SECONDS: '1',
  });
}, 60_000);
afterAll(async () => {
  await t?.stop();
  await new Promise<void>((resolve) => smtp?.close(() => resolve()));
});

it('sends queued email in the background and leaves SMS (not configured) in the outbox', async () => {
  await enqueueEmail(t.db, {
    to: 'ann@example.com',
    subject: 'Hi',
    text: 'Hi',
    dedupeKey: 'w1',
    account: null,
  });
  await enqueueSms(t.db, { to: '+12025550101', text: 'Pria: hi', dedupeKey: 'w1-sms', account: null });
  await expect
    .poll(
      () =>
        t.db.selectFrom('message_outbox').select('status').where('dedupe_key', '=', 'w1').executeTakeFirst(),
      { timeout: 10_000, interval: 200 },
    )
    .toEqual({ status: 'sent' });
  expect(received).toEqual(['ann@example.com']);
  const sms = await t.db
    .selectFrom('message_outbox')
    .select(['status', 'attempts'])
    .where('dedupe_key', '=', 'w1-sms')
    .executeTakeFirst();
  expect(sms).toEqual({ status: 'pending', attempts: 0 });
});
