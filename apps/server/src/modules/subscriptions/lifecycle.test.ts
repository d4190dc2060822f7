import { messages } from '@pria/contracts';
import { legalAddress, legalEntity } from '@pria/contracts/legal/entity';
import { sql } from 'kysely';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../platform/clock.ts';
import { type Api, addCard, signedInUser, testCards } from '../../test/customers.ts';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { pdfText } from '../../test/pdf-text.ts';
import { runDueWork } from '../billing/index.ts';

/**
 * The subscription lifecycle a careful customer expects (issue 19): cancel online and keep it,
 * charges until the end date and none after, receipts and the yearly statement, and the
 * "Upcoming" panel agreeing with what the engine then does.
 */
const NY = 'America/New_York';
const clock = fixedClock('2031-01-10T15:00:00Z');
let t: TestApp;
let ann: Api;
let bob: Api;
let admin: Api;
let annSub: string;
const cards: Record<string, string> = {};

const ny = (y: number, m: number, d: number, h: number, min = 0) =>
  DateTime.fromObject({ year: y, month: m, day: d, hour: h, minute: min }, { zone: NY }).toJSDate();
const at = (instant: Date) => {
  clock.set(instant);
  return runDueWork(t.billing, instant);
};
const outboxSubjects = async (to: string) =>
  (
    await t.db
      .selectFrom('message_outbox')
      .select('subject')
      .where('recipient', '=', to)
      .orderBy('id')
      .execute()
  ).map((r) => r.subject);
const payinsOf = async (cardId: string) =>
  (
    await sql<{ period: string; status: string }>`
      select period, status from payment_attempts where card_id = ${cardId} and kind = 'payin' order by period`.execute(
      t.db,
    )
  ).rows;

beforeAll(async () => {
  t = await startTestApp({}, { clock });
  ann = await signedInUser(t, 'ann@example.com');
  bob = await signedInUser(t, 'bob@example.com');
  admin = await signedInUser(t, 'ops@pria.example', ['admin']);
  const later = { month: 12, year: 2040 };
  cards.annVisa = (await addCard(ann, testCards.visa, '123', later)).body.data.id;
  cards.annMc = (await addCard(ann, testCards.mastercard, '123', later)).body.data.id;
  cards.bobVisa = (await addCard(bob, testCards.visa, '123', later)).body.data.id;
  annSub = (await ann.post('/api/v1/subscriptions', { plan: 'semi-annual', card: cards.annVisa })).body.data
    .subscription.id;
  expect((await bob.post('/api/v1/subscriptions', { plan: 'semi-annual', card: cards.bobVisa })).status).toBe(
    200,
  );
}, 60_000);
afterAll(() => t?.stop());

describe('buying through the API', () => {
  it('ends onboarding: a subscriber is never sent back to the welcome screen', async () => {
    expect((await ann.get('/api/v1/customers/me')).body.data.onBoardingIndex).toBe(3);
  });

  it("dates the 'subscription started' notice by the app's clock, as the charge is dated", async () => {
    const started = await sql<{ occurred_at: Date; settled_at: Date }>`
      select e.occurred_at, a.settled_at from money_events e join payment_attempts a on a.id = e.attempt_id
      where e.type = 'subscription.started' and a.subscription_id = ${annSub}`.execute(t.db);
    expect(started.rows).toEqual([
      { occurred_at: new Date('2031-01-10T15:00:00Z'), settled_at: new Date('2031-01-10T15:00:00Z') },
    ]);
  });
});

describe('the Upcoming panel', () => {
  it('says what the engine will do next, and the engine then does exactly that', async () => {
    const upcoming = (await ann.get('/api/v1/subscriptions/me/upcoming')).body.data;
    expect(upcoming).toMatchObject({
      state: 'active',
      // January 28th 16:00 New York (EST) is 21:00 UTC; the pay-back on February 2nd likewise.
      nextCharge: { at: '2031-01-28T21:00:00.000Z', period: '2031-01', amountPerCard: 300 },
      payBack: { at: '2031-02-02T21:00:00.000Z' },
      renewal: { at: ny(2031, 7, 10, 0).toISOString(), amountCents: 3897, card: { id: cards.annVisa } },
      endsAt: null,
    });
    const listed = upcoming.nextCharge.cards.map((c: { id: string }) => c.id).sort();
    expect(listed).toEqual([cards.annVisa, cards.annMc].sort());
    expect(upcoming.expiringCards).toEqual([]);

    await at(ny(2031, 1, 28, 16, 1));
    const charged = await sql<{ card_id: string }>`
      select card_id from payment_attempts
      where customer_id = (select customer_id from cards where id = ${cards.annVisa})
        and kind = 'payin' and period = '2031-01' and status = 'captured'`.execute(t.db);
    expect(charged.rows.map((r) => r.card_id).sort()).toEqual(listed);
  });

  it("between the 28th and the 2nd names the pay-back owed for the month's charges, until it is paid", async () => {
    clock.set(ny(2031, 1, 29, 9));
    const owed = (await ann.get('/api/v1/subscriptions/me/upcoming')).body.data;
    // The next charge is February's, and its pay-back March 2nd; January's $3 come back February 2nd.
    expect(owed.nextCharge.period).toBe('2031-02');
    expect(owed.payBack).toEqual({ at: '2031-03-02T21:00:00.000Z' });
    expect(
      owed.payBacksOwed.map((o: { at: string; period: string; card: { id: string }; returned: boolean }) => [
        o.at,
        o.period,
        o.card.id,
        o.returned,
      ]),
    ).toEqual(
      [cards.annVisa, cards.annMc].sort().map((card) => ['2031-02-02T21:00:00.000Z', '2031-01', card, false]),
    );
    await at(ny(2031, 2, 2, 16, 1));
    expect((await ann.get('/api/v1/subscriptions/me/upcoming')).body.data.payBacksOwed).toEqual([]);
  });
});

describe('cancel online', () => {
  it('stops the renewal, keeps the plan and its $3 charges until the end date, and says so by email', async () => {
    clock.set(ny(2031, 2, 10, 12));
    // Someone else's subscription, a malformed id, or none at all: nothing changes.
    expect((await bob.post(`/api/v1/subscriptions/${annSub}/cancel`)).status).toBe(404);
    expect((await ann.post('/api/v1/subscriptions/not-a-uuid/cancel')).status).toBe(400);
    expect((await ann.post(`/api/v1/subscriptions/${annSub}/keep`)).body.message).toBe(messages.notCancelled);

    const res = await ann.post(`/api/v1/subscriptions/${annSub}/cancel`);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(messages.subscriptionCancelled);
    const endsAt = ny(2031, 7, 10, 0).getTime();
    expect(res.body.data.subscription).toMatchObject({
      status: 'active',
      autoRenews: false,
      endsAt,
      cancelledAt: ny(2031, 2, 10, 12).getTime(),
      cancelledBy: 'ann@example.com',
    });
    const twice = await ann.post(`/api/v1/subscriptions/${annSub}/cancel`);
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe(messages.alreadyCancelled);

    expect(await outboxSubjects('ann@example.com')).toContain('Your Pria subscription is cancelled');
    const mail = await t.db
      .selectFrom('message_outbox')
      .select('text_body')
      .where('subject', '=', 'Your Pria subscription is cancelled')
      .executeTakeFirstOrThrow();
    expect(mail.text_body).toContain('It will not renew. It stays active until July 10, 2031');
    expect(mail.text_body).toContain('every $3.00 we charge is paid back');

    // Staff see who cancelled and when.
    const customerId = (await ann.get('/api/v1/customers/me')).body.data.id;
    const seen = (await admin.get(`/api/v1/customers/${customerId}`)).body.data.subscription;
    expect(seen).toMatchObject({ cancelledBy: 'ann@example.com', autoRenews: false, endsAt });
    const log = await sql<{ actor: string }>`
      select actor from event_log where stream = 'subscriptions' and message like 'Subscription cancelled%'`.execute(
      t.db,
    );
    expect(log.rows).toEqual([{ actor: 'ann@example.com' }]);

    const upcoming = (await ann.get('/api/v1/subscriptions/me/upcoming')).body.data;
    expect(upcoming).toMatchObject({
      state: 'cancelled',
      renewal: null,
      endsAt: new Date(endsAt).toISOString(),
    });
    expect(upcoming.nextCharge.at).toBe('2031-02-28T21:00:00.000Z');
  });

  it('can be kept until the end date, and cancelled again', async () => {
    const kept = await ann.post(`/api/v1/subscriptions/${annSub}/keep`);
    expect(kept.status).toBe(200);
    expect(kept.body.message).toBe(messages.subscriptionKept);
    expect(kept.body.data.subscription).toMatchObject({ autoRenews: true, cancelledAt: null, endsAt: null });
    expect(await outboxSubjects('ann@example.com')).toContain('Your Pria subscription will renew');
    expect((await ann.post(`/api/v1/subscriptions/${annSub}/cancel`)).status).toBe(200);
  });

  it('charges until the end date and not after; no renewal; every $3 paid back; keeping it after the end is refused', async () => {
    // February to June: charged on the 28th and paid back on the 2nd, through the DST change.
    for (let m = 2; m <= 7; m++) {
      await at(ny(2031, m, 2, 16, 1));
      await at(ny(2031, m, 28, 16, 1));
    }
    await at(ny(2031, 8, 2, 16, 1));
    const months = ['2031-01', '2031-02', '2031-03', '2031-04', '2031-05', '2031-06'];
    for (const card of [cards.annVisa, cards.annMc]) {
      expect((await payinsOf(card as string)).map((p) => `${p.period} ${p.status}`)).toEqual(
        months.map((p) => `${p} captured`),
      );
    }
    // Bob's plan was not cancelled: renewed on July 10th and charged in July.
    expect((await payinsOf(cards.bobVisa as string)).map((p) => p.period)).toEqual([...months, '2031-07']);
    const renewals = await sql<{ email: string; status: string }>`
      select c.email, a.status from payment_attempts a join customers c on c.id = a.customer_id
      where a.kind = 'subscription' and a.initiator = 'merchant'`.execute(t.db);
    expect(renewals.rows).toEqual([{ email: 'bob@example.com', status: 'captured' }]);
    const sub = await ann.get('/api/v1/subscriptions/me');
    expect(sub.body.data).toMatchObject({ status: 'inactive', autoRenews: false });
    const unpaid = await sql<{ n: number }>`
      select count(*)::int as n from payment_attempts a left join payouts p on p.attempt_id = a.id
      where a.kind = 'payin' and a.status = 'captured' and (p.status is distinct from 'paid')`.execute(t.db);
    expect(unpaid.rows[0]?.n).toBe(0);

    const late = await ann.post(`/api/v1/subscriptions/${annSub}/keep`);
    expect(late.status).toBe(409);
    expect([messages.subscriptionEnded, messages.notCancelled]).toContain(late.body.message);
    expect((await ann.post(`/api/v1/subscriptions/${annSub}/cancel`)).body.message).toBe(
      messages.alreadyCancelled,
    );
    expect((await ann.get('/api/v1/subscriptions/me/upcoming')).body.data).toMatchObject({
      state: 'inactive',
      nextCharge: null,
    });
  });
});

describe('receipts and statements', () => {
  it('gives each plan charge a receipt the customer downloads as a PDF; nobody else can', async () => {
    const rows = (await bob.get('/api/v1/transactions?limit=50&startDate=0')).body.data.rows as {
      id: string;
      amount: number;
      receipt: { id: string; number: string } | null;
    }[];
    const withReceipts = rows.filter((r) => r.receipt);
    // Checkout and the July renewal.
    expect(withReceipts.map((r) => r.amount)).toEqual([3897, 3897]);
    expect(rows.filter((r) => r.amount === 300).every((r) => r.receipt === null)).toBe(true);
    const receipt = withReceipts[0]?.receipt as { id: string; number: string };
    expect(receipt.number).toMatch(/^R-\d{6}$/);

    const file = await bob.download(`/api/v1/receipts/${receipt.id}`);
    expect(file.status).toBe(200);
    expect(file.type).toBe('application/pdf');
    expect(file.disposition).toBe(`attachment; filename="pria-receipt-${receipt.number}.pdf"`);
    const text = await pdfText(file.bytes);
    for (const words of [
      `Receipt ${receipt.number}`,
      'Semi-Annual plan',
      '$36.00',
      'Tax (8.25%)',
      '$2.97',
      '$38.97',
      'Visa ending 1111',
      // The one legal entity Contact and the terms name too (issue 29).
      legalEntity.name,
      legalAddress,
    ]) {
      expect(text, words).toContain(words);
    }
    expect(text).not.toMatch(/4111 ?1111 ?1111 ?1111/);

    // A Spanish reader (their browser, then their account's choice) reads it in Spanish (ADR 74).
    const es = await bob.download(`/api/v1/receipts/${receipt.id}`, { 'accept-language': 'es-US,es;q=0.9' });
    expect(es.vary).toMatch(/Accept-Language/);
    expect(es.disposition).toBe(`attachment; filename="pria-recibo-${receipt.number}.pdf"`);
    const spanish = await pdfText(es.bytes);
    for (const words of [
      `Recibo ${receipt.number}`,
      'Número de recibo',
      'Facturado a',
      'Plan Semestral',
      'Impuesto (8.25%)',
      '$38.97',
      'Visa terminada en 1111',
      'Cargo y Abono',
      legalEntity.name,
    ]) {
      expect(spanish, words).toContain(words);
    }
    expect(spanish).toMatch(/\d{1,2} de [a-z]+ de \d{4}/);
    expect(spanish).not.toContain('Billed to');
    expect(spanish).not.toContain('Receipt number');

    expect((await ann.download(`/api/v1/receipts/${receipt.id}`)).status).toBe(404);
    expect((await bob.download(`/api/v1/receipts/${crypto.randomUUID()}`)).status).toBe(404);
    expect((await bob.download('/api/v1/receipts/123')).status).toBe(400);
  });

  it("lists the year's $3 charges and pay-backs side by side, per card, with totals, as PDF and CSV", async () => {
    const csv = await ann.download('/api/v1/statements/2031?format=csv');
    expect(csv.status).toBe(200);
    expect(csv.type).toBe('text/csv; charset=utf-8');
    const lines = csv.bytes.toString('utf8').trim().split('\n');
    expect(lines[0]).toBe('Card,Month,Charged on,Charge,Charge amount,Paid back on,Pay-back,Pay-back amount');
    expect(lines).toContain(
      'Visa ending 1111,January 2031,01/28/2031,Charged,$3.00,02/02/2031,Paid back,$3.00',
    );
    expect(lines).toContain(
      'Mastercard ending 4444,June 2031,06/28/2031,Charged,$3.00,07/02/2031,Paid back,$3.00',
    );
    expect(lines.filter((l) => l.startsWith('Visa ending 1111'))).toHaveLength(6);
    expect(lines.at(-1)).toBe('Total,,,,$36.00,,,$36.00');

    const pdf = await ann.download('/api/v1/statements/2031');
    expect(pdf.type).toBe('application/pdf');
    const text = await pdfText(pdf.bytes);
    expect(text).toContain('Charge & Pay statement 2031');
    expect(text).toContain('Visa ending 1111');
    expect(text).toContain('Mastercard ending 4444');
    expect(text).toContain('Year total: charged $36.00, paid back $36.00');

    expect(pdf.disposition).toBe('attachment; filename="pria-statement-2031.pdf"');
    expect(csv.disposition).toBe('attachment; filename="pria-statement-2031.csv"');

    // Ann chooses Español on her account: her statement is in Spanish from any browser, its CSV
    // (columns included) and the files' names too (issue 42).
    expect((await ann.put('/api/v1/customers/me/language', { language: 'es' })).status).toBe(200);
    const esPdf = await ann.download('/api/v1/statements/2031');
    expect(esPdf.disposition).toBe('attachment; filename="pria-estado-de-cuenta-2031.pdf"');
    const es = await pdfText(esPdf.bytes);
    expect(es).toContain('Estado de cuenta de Cargo y Abono 2031');
    expect(es).toContain('Visa terminada en 1111');
    expect(es).toContain('enero de 2031');
    // Its dates with the month's name, never day-first digits (ADR 75): January 28 is "28 ene 2031".
    expect(es).toContain('28 ene 2031');
    expect(es).not.toMatch(/28\/01\/2031/);
    expect(es).toContain('Abonado');
    expect(es).toContain('Total del año: cobrado $36.00, abonado $36.00');
    expect(es).not.toContain('Paid back');
    const esCsv = await ann.download('/api/v1/statements/2031?format=csv');
    expect(esCsv.disposition).toBe('attachment; filename="pria-estado-de-cuenta-2031.csv"');
    const esLines = esCsv.bytes.toString('utf8').trim().split('\n');
    expect(esLines[0]).toBe(
      'Tarjeta,Mes,Fecha del cargo,Cargo,Importe del cargo,Fecha del abono,Abono,Importe del abono',
    );
    expect(esLines).toContain(
      'Visa terminada en 1111,enero de 2031,28 ene 2031,Cobrado,$3.00,2 feb 2031,Abonado,$3.00',
    );
    expect(esLines.at(-1)).toBe('Total,,,,$36.00,,,$36.00');
    await ann.put('/api/v1/customers/me/language', { language: 'en' });

    // Bob's statement is his own; a year out of range is refused in words.
    const bobs = (await bob.download('/api/v1/statements/2031?format=csv')).bytes.toString('utf8');
    expect(bobs).not.toContain('Mastercard');
    const bad = await ann.get('/api/v1/statements/1999');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(messages.statementYearInvalid);
    expect((await ann.get('/api/v1/statements/2031?format=xls')).status).toBe(400);
    const empty = await ann.download('/api/v1/statements/2030?format=csv');
    expect(empty.bytes.toString('utf8').trim().split('\n')).toEqual([
      'Card,Month,Charged on,Charge,Charge amount,Paid back on,Pay-back,Pay-back amount',
      'Total,,,,$0.00,,,$0.00',
    ]);
  });
});
