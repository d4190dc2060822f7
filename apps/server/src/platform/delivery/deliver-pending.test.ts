import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../test/free-port.ts';
import { createTestDatabase } from '../../test/harness.ts';
import { systemClock } from '../clock.ts';
import { createDb, type Db } from '../db.ts';
import { createLogger } from '../logger.ts';
import { enqueueEmail, enqueueSms } from '../outbox.ts';
import { type DeliveryDeps, deliverPending } from './deliver-pending.ts';
import { INTERRUPTED_NOTE } from './delivery.repo.ts';
import { createSmtpEmailSender } from './smtp-email-sender.ts';

let db: Db;
let smtp: SMTPServer;
let smtpPort: number;
const received: { to: string[]; raw: string }[] = [];

const deps = (smtpUrl: string, maxAttempts = 10): DeliveryDeps => ({
  db,
  clock: systemClock,
  logger: createLogger('silent'),
  email: createSmtpEmailSender({ smtpUrl, from: 'Pria <no-reply@pria.example>' }),
  sms: undefined,
  maxAttempts,
});
const row = (key: string) =>
  db.selectFrom('message_outbox').selectAll().where('dedupe_key', '=', key).executeTakeFirstOrThrow();

beforeAll(async () => {
  // A migrated copy of the run's template.
  db = createDb(await createTestDatabase(), 4).db;
  smtpPort = await freePort();
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (address.address === 'nobody@example.com') {
        return callback(Object.assign(new Error('No such user'), { responseCode: 550 }));
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          to: session.envelope.rcptTo.map((a) => a.address),
          raw: Buffer.concat(chunks).toString(),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(smtpPort, '127.0.0.1', resolve));
});
afterAll(async () => {
  await new Promise<void>((resolve) => smtp?.close(() => resolve()));
  await db?.destroy();
});

describe('delivering the outbox', () => {
  it('keeps a message when the mail server is unreachable, then sends it exactly once', async () => {
    await enqueueEmail(db, {
      to: 'ann@example.com',
      subject: 'Your Pria charge',
      text: 'We charged $3.00 to your card.',
      html: '<p>We charged $3.00 to your card.</p>',
      dedupeKey: 'k1',
      account: null,
    });
    await enqueueSms(db, { to: '+12025550101', text: 'Pria: hello', dedupeKey: 'k1-sms', account: null });
    const now = new Date(Date.now() + 1000);

    // Nothing listens on this port: connection refused.
    const closed = deps(`smtp://127.0.0.1:${await freePort()}`);
    expect(await deliverPending(closed, { limit: 10, now })).toEqual({ sent: 0, retrying: 1, failed: 0 });
    const failed = await row('k1');
    expect(failed).toMatchObject({ status: 'pending', attempts: 1, sent_at: null, lease_until: null });
    expect(failed.last_error).toMatch(/ECONNREFUSED|ESOCKET|ECONNECTION/);
    // 30 s ± 20 % later.
    expect(failed.next_attempt_at.getTime() - now.getTime()).toBeGreaterThanOrEqual(24_000);
    expect(failed.next_attempt_at.getTime() - now.getTime()).toBeLessThanOrEqual(36_000);
    // Not due yet: nothing is tried.
    expect(await deliverPending(closed, { limit: 10, now })).toEqual({ sent: 0, retrying: 0, failed: 0 });
    // SMS is not configured here: the SMS row is left alone, as it was.
    expect(await row('k1-sms')).toMatchObject({ status: 'pending', attempts: 0, last_error: null });

    const up = deps(`smtp://127.0.0.1:${smtpPort}`);
    const later = new Date(failed.next_attempt_at.getTime() + 1);
    expect(await deliverPending(up, { limit: 10, now: later })).toEqual({ sent: 1, retrying: 0, failed: 0 });
    expect(received).toHaveLength(1);
    const mail = received[0];
    expect(mail?.to).toEqual(['ann@example.com']);
    expect(mail?.raw).toContain('To: ann@example.com');
    expect(mail?.raw).toContain('From: Pria <no-reply@pria.example>');
    expect(mail?.raw).toContain('Subject: Your Pria charge');
    expect(mail?.raw).toContain(`Message-ID: <outbox-${failed.id}@pria.example>`);
    expect(mail?.raw).toContain('multipart/alternative');
    expect(mail?.raw).toContain('Content-Type: text/plain');
    expect(mail?.raw).toContain('Content-Type: text/html');
    expect(mail?.raw).toContain('We charged $3.00 to your card.');
    expect(mail?.raw).toContain('<p>We charged $3.00 to your card.</p>');
    expect(await row('k1')).toMatchObject({ status: 'sent', attempts: 2, sent_at: later, lease_until: null });

    // Another pass, even far later, sends nothing more.
    const next = new Date(later.getTime() + 3_600_000);
    expect(await deliverPending(up, { limit: 10, now: next })).toEqual({ sent: 0, retrying: 0, failed: 0 });
    expect(received).toHaveLength(1);
  });

  it('marks a refused address failed at once, and gives up after the last attempt', async () => {
    await enqueueEmail(db, {
      to: 'nobody@example.com',
      subject: 'Hi',
      text: 'Hi',
      dedupeKey: 'k2',
      account: null,
    });
    const now = new Date(Date.now() + 1000);
    expect(await deliverPending(deps(`smtp://127.0.0.1:${smtpPort}`), { now })).toEqual({
      sent: 0,
      retrying: 0,
      failed: 1,
    });
    expect(await row('k2')).toMatchObject({ status: 'failed', attempts: 1 });
    expect((await row('k2')).last_error).toContain('550');

    await enqueueEmail(db, {
      to: 'bob@example.com',
      subject: 'Hi',
      text: 'Hi',
      dedupeKey: 'k3',
      account: null,
    });
    await db.updateTable('message_outbox').set({ attempts: 2 }).where('dedupe_key', '=', 'k3').execute();
    const closed = deps(`smtp://127.0.0.1:${await freePort()}`, 3);
    expect(await deliverPending(closed, { now })).toEqual({ sent: 0, retrying: 0, failed: 1 });
    expect(await row('k3')).toMatchObject({ status: 'failed', attempts: 3 });
    expect(
      received.some((m) => m.to.includes('nobody@example.com') || m.to.includes('bob@example.com')),
    ).toBe(false);
  });

  it('sends again a message abandoned mid-send once its lease is over (the at-least-once edge)', async () => {
    await enqueueEmail(db, {
      to: 'cat@example.com',
      subject: 'Hi Cat',
      text: 'Hi',
      dedupeKey: 'k4',
      account: null,
    });
    const now = new Date(Date.now() + 1000);
    // A worker claimed it and died: while its lease runs, nobody else touches the row.
    await db
      .updateTable('message_outbox')
      .set({ status: 'sending', attempts: 1, lease_until: new Date(now.getTime() + 60_000) })
      .where('dedupe_key', '=', 'k4')
      .execute();
    const up = deps(`smtp://127.0.0.1:${smtpPort}`);
    expect(await deliverPending(up, { now })).toEqual({ sent: 0, retrying: 0, failed: 0 });
    const after = new Date(now.getTime() + 61_000);
    expect(await deliverPending(up, { now: after })).toEqual({ sent: 1, retrying: 0, failed: 0 });
    expect(await row('k4')).toMatchObject({ status: 'sent', attempts: 2, last_error: INTERRUPTED_NOTE });
    expect(received.filter((m) => m.to.includes('cat@example.com'))).toHaveLength(1);

    // One whose sends keep dying with the process is given up on, not retried forever.
    await enqueueEmail(db, {
      to: 'dan@example.com',
      subject: 'Hi Dan',
      text: 'Hi',
      dedupeKey: 'k5',
      account: null,
    });
    await db
      .updateTable('message_outbox')
      .set({ status: 'sending', attempts: 10, lease_until: now })
      .where('dedupe_key', '=', 'k5')
      .execute();
    expect(await deliverPending(up, { now: after })).toEqual({ sent: 0, retrying: 0, failed: 1 });
    expect(await row('k5')).toMatchObject({ status: 'failed', attempts: 11 });
    expect(received.some((m) => m.to.includes('dan@example.com'))).toBe(false);
  });
});
