import { sql } from 'kysely';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drainRun, forceBillingRun } from '../../modules/billing/index.ts';
import { startNotificationWorker } from '../../modules/notifications/index.ts';
import { cliAuditContext } from '../../platform/audit.ts';
import { fixedClock } from '../../platform/clock.ts';
import { createSenders } from '../../platform/delivery/index.ts';
import { createLogger } from '../../platform/logger.ts';
import { nextDuePayin } from '../../test/due-period.ts';
import { freePort } from '../../test/free-port.ts';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { seedSubscribers } from '../../test/seed-billing.ts';

/**
 * FAULT, end to end: a pay-in and a pay-back produce money events; the worker's messaging loop
 * turns them into emails and tries to send them while the mail server is unreachable; then the
 * mail server comes up. Every message arrives exactly once and none is lost.
 * (platform/delivery/deliver-pending.test.ts covers the outbox mechanics row by row.)
 */
const CUSTOMERS = 12;
let t: TestApp;
let smtpPort: number;
let smtp: SMTPServer | undefined;
const received: { to: string[]; messageId: string }[] = [];

function startSmtp(port: number): Promise<SMTPServer> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString();
        received.push({
          to: session.envelope.rcptTo.map((a) => a.address),
          messageId: /^Message-ID: (.+)$/im.exec(raw)?.[1]?.trim() ?? '',
        });
        callback();
      });
    },
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}

async function waitFor(check: () => Promise<boolean>, timeoutMs: number, what: string) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

beforeAll(async () => {
  smtpPort = await freePort();
  // The app is configured for a mail server that is not there yet.
  t = await startTestApp({ SMTP_URL: `smtp://127.0.0.1:${smtpPort}` });
  await seedSubscribers(t.db, t.payments, {
    customers: CUSTOMERS,
    cardsEach: 1,
    since: new Date('2026-01-01T00:00:00Z'),
  });
  // Money notices go to verified addresses only (default preference: email for everything).
  await t.db.updateTable('customers').set({ email_verified: true }).execute();
}, 90_000);
afterAll(async () => {
  await t?.stop();
  await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
});

describe('SMTP down, then up', () => {
  it('delivers every money notice exactly once, nothing lost', async () => {
    // The next month's pay-in, a minute after its due instant, and its pay-back.
    const { period, at } = nextDuePayin();
    const billing = { ...t.billing, clock: fixedClock(at) };
    const operator = cliAuditContext('test');
    for (const kind of ['payin', 'payout'] as const) {
      const run = await forceBillingRun(billing, { kind, period, audit: operator }, { wait: true });
      expect((await drainRun(billing, run.id))?.status).toBe('completed');
    }
    const events = await sql<{ n: number }>`select count(*)::int as n from money_events`.execute(t.db);
    expect(events.rows[0]?.n).toBe(CUSTOMERS * 2);

    // The worker's real messaging loop, with a clock we move to skip the retry back-off.
    // (Set a minute ahead: the outbox rows written from here on are due at once.)
    const clock = fixedClock(new Date(Date.now() + 60_000));
    const logger = createLogger('silent');
    const worker = startNotificationWorker({
      notifications: t.notifications,
      delivery: { db: t.db, clock, logger, ...createSenders(t.config), maxAttempts: 10 },
      intervalMs: 50,
      logger,
    });
    try {
      const outbox = () =>
        t.db
          .selectFrom('message_outbox')
          .select(['id', 'recipient', 'status', 'attempts', 'last_error'])
          .where('dedupe_key', 'like', '%:email')
          .execute();
      // Events become emails; every send fails (connection refused) and is kept for later.
      await waitFor(
        async () => {
          const rows = await outbox();
          return rows.length === CUSTOMERS * 2 && rows.every((r) => r.attempts >= 1);
        },
        20_000,
        'the first failed sends',
      );
      clock.set(new Date(clock.now().getTime() + 45_000));
      // Settled: a row is counted (attempts + 1) when claimed, and is `sending` until the try ends.
      await waitFor(
        async () => (await outbox()).every((r) => r.attempts >= 2 && r.status !== 'sending'),
        20_000,
        'a second try',
      );
      const down = await outbox();
      expect(down.every((r) => r.status === 'pending')).toBe(true);
      expect(down.every((r) => /ECONNREFUSED|ESOCKET|ECONNECTION/.test(r.last_error ?? ''))).toBe(true);
      expect(received).toHaveLength(0);

      smtp = await startSmtp(smtpPort);
      // Past any back-off of the first tries (attempt 2 waits about a minute).
      clock.set(new Date(clock.now().getTime() + 10 * 60_000));
      await waitFor(async () => (await outbox()).every((r) => r.status === 'sent'), 30_000, 'delivery');
      // More passes, even much later, send nothing again.
      clock.set(new Date(clock.now().getTime() + 3_600_000));
      await new Promise((r) => setTimeout(r, 500));
    } finally {
      await worker.stop();
    }

    const rows = await t.db
      .selectFrom('message_outbox')
      .select(['id', 'recipient', 'status'])
      .where('dedupe_key', 'like', '%:email')
      .execute();
    expect(rows).toHaveLength(CUSTOMERS * 2);
    expect(received).toHaveLength(rows.length);
    // One message per outbox row: distinct Message-IDs, each row's id among them.
    const ids = received.map((m) => m.messageId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const r of rows) expect(ids).toContain(`<outbox-${r.id}@pria.example>`);
    // Each customer got their two notices (the charge and the pay-back), and only theirs.
    for (let i = 0; i < CUSTOMERS; i++) {
      const mine = received.filter((m) => m.to.includes(`seed${i}@example.com`));
      expect(mine).toHaveLength(2);
      const theirs = rows.filter((r) => r.recipient === `seed${i}@example.com`);
      expect(mine.map((m) => m.messageId).sort()).toEqual(
        theirs.map((r) => `<outbox-${r.id}@pria.example>`).sort(),
      );
    }
  }, 100_000);
});
