import { encryptCard, MAX_CARDS, MAX_CARDS_IN_ALL, messages } from '@pria/contracts';
import type { JWK } from 'jose';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../idp/index.ts';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { oidcLogin } from '../../test/oidc-login.ts';

const people = ['ann', 'bob', 'cat', 'dan', 'eve', 'fay', 'admin'] as const;
type Who = (typeof people)[number];

let t: TestApp;
let jwk: JWK;
const tokens = {} as Record<Who, string>;
const nextYear = new Date().getFullYear() + 1;
const CVC = '7391';

beforeAll(async () => {
  t = await startTestApp();
  for (const who of people) {
    const email = `${who}@example.com`;
    await createUser(t.db, {
      email,
      password: 'correct horse 1',
      roles: [who === 'admin' ? 'admin' : 'customer'],
      emailVerified: true,
    });
    tokens[who] = (await oidcLogin({ baseUrl: t.url, email, password: 'correct horse 1' })).access_token;
  }
  jwk = (await (await call('ann', 'GET', '/cards/public-key')).json()).data;
});
afterAll(() => t?.stop());

/** A fetch Response whose JSON body the tests read freely. */
interface Res {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary envelope fields
  json(): Promise<any>;
}

function call(who: Who | null, method: string, path: string, body?: unknown): Promise<Res> {
  const headers: Record<string, string> = {};
  if (who) headers.authorization = `Bearer ${tokens[who]}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  return fetch(`${t.url}/api/v1${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

const address = {
  address1: '1 Main St',
  address2: '',
  locality: 'Springfield',
  administrativeArea: 'IL',
  country: 'US',
  postalCode: '62701',
};

async function newCard(number = '4111 1111 1111 1111', extra: Record<string, unknown> = {}, cvc = CVC) {
  return {
    number: await encryptCard({ number, cvc }, jwk),
    randomBytes: 'ignored-ignored!',
    expirationMonth: 12,
    expirationYear: nextYear,
    brand: '001',
    isDefault: false,
    name: 'Ann Example',
    address,
    ...extra,
  };
}

const add = async (who: Who, number?: string, extra?: Record<string, unknown>) =>
  call(who, 'POST', '/cards', await newCard(number, extra));

describe('cards: add, list, update, remove', () => {
  it('registers a card, stores only what the processor gave back, and makes the first one default', async () => {
    const res = await add('ann');
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body).toMatchObject({ httpCode: 201, message: 'Card added successfully', error: [] });
    expect(body.data).toMatchObject({
      brand: 'visa',
      brandCode: '001',
      lastFour: '1111',
      expirationMonth: 12,
      expirationYear: nextYear,
      isDefault: true,
      name: 'Ann Example',
      address: {
        address1: '1 Main St',
        address2: null,
        locality: 'Springfield',
        country: 'US',
        postalCode: '62701',
      },
    });
    expect(body.data.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(body.data.instrumentId).toMatch(/^sim_ins_/);

    const second = await (
      await call('ann', 'POST', '/cards/', await newCard('5555555555554444', { brand: 'mastercard' }))
    ).json();
    expect(second.data).toMatchObject({ brand: 'mastercard', lastFour: '4444', isDefault: false });

    const list = await (await call('ann', 'GET', '/cards')).json();
    expect(list.data.map((c: { lastFour: string }) => c.lastFour)).toEqual(['1111', '4444']);
  });

  it('updates expiry and address here and at the processor', async () => {
    const [card] = (await (await call('ann', 'GET', '/cards')).json()).data;
    const res = await call('ann', 'PUT', `/cards/${card.id}`, {
      cardId: card.id,
      expirationMonth: 3,
      expirationYear: nextYear + 2,
      brand: '001',
      address: { ...address, address1: '2 Oak Ave', postalCode: '62702-1234' },
    });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.message).toBe('Card updated successfully');
    expect(body.data).toMatchObject({ expirationMonth: 3, expirationYear: nextYear + 2, isDefault: true });
    expect(body.data.address).toMatchObject({ address1: '2 Oak Ave', postalCode: '62702-1234' });
    const sim = await sql<{ expiration_year: number }>`
      select expiration_year from gateway_sim.instruments where id = ${card.instrumentId}`.execute(t.db);
    expect(sim.rows[0]?.expiration_year).toBe(nextYear + 2);

    const bad = await call('ann', 'PUT', `/cards/${card.id}`, {
      expirationMonth: 1,
      expirationYear: 2020,
      address,
    });
    expect(bad.status).toBe(400);
    expect((await bad.json()).message).toBe('Invalid Date');
  });

  it('removes a card at the processor, keeps the row, and promotes another default', async () => {
    const [first, second] = (await (await call('ann', 'GET', '/cards')).json()).data;
    const res = await call('ann', 'DELETE', `/cards/${first.id}`);
    expect(res.status).toBe(200);
    expect((await res.json()).message).toBe('Card removed successfully');
    const list = (await (await call('ann', 'GET', '/cards')).json()).data;
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ id: second.id, isDefault: true });
    const row = await t.db
      .selectFrom('cards')
      .selectAll()
      .where('id', '=', first.id)
      .executeTakeFirstOrThrow();
    expect(row.removed_at).not.toBeNull();
    const sim = await sql<{ deleted_at: Date | null }>`
      select deleted_at from gateway_sim.instruments where id = ${first.instrumentId}`.execute(t.db);
    expect(sim.rows[0]?.deleted_at).not.toBeNull();
    expect((await call('ann', 'DELETE', `/cards/${first.id}`)).status).toBe(404);
    expect(
      (
        await call('ann', 'PUT', `/cards/${first.id}`, {
          expirationMonth: 1,
          expirationYear: nextYear,
          address,
        })
      ).status,
    ).toBe(404);
  });

  it('the simulator takes encrypted cards: no capture context (404 saying which way to ask)', async () => {
    const res = await call('ann', 'GET', '/cards/capture-context');
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({
      httpCode: 404,
      code: 'NOT_FOUND',
      message: 'This card processor takes encrypted cards: ask for its public key',
    });
    expect((await call(null, 'GET', '/cards/capture-context')).status).toBe(401);
  });

  it('refuses callers without a token', async () => {
    expect((await call(null, 'GET', '/cards')).status).toBe(401);
    expect((await call(null, 'POST', '/cards', await newCard())).status).toBe(401);
  });
});

describe('cards: validation', () => {
  const cases: [string, (c: Record<string, unknown>) => void, string][] = [
    ['no number', (c) => delete c.number, 'Card Number is required'],
    ['an empty number', (c) => (c.number = ''), 'Card Number is required'],
    ['a plaintext number', (c) => (c.number = '4111111111111111'), 'Invalid card number'],
    ['no expiry month', (c) => delete c.expirationMonth, 'Expiry Date is required'],
    ['no expiry year', (c) => delete c.expirationYear, 'Expiry Date is required'],
    ['month 13', (c) => (c.expirationMonth = 13), 'Invalid Date'],
    ['a 2-digit year', (c) => (c.expirationYear = 27), 'Invalid Date'],
    ['an expiry in the past', (c) => (c.expirationYear = 2020), 'Invalid Date'],
    ['no brand', (c) => delete c.brand, 'Card brand is required'],
    ['an American Express brand', (c) => (c.brand = '003'), 'Only Visa and Mastercard cards are accepted'],
    ['no street', (c) => (c.address = { ...address, address1: '' }), 'Street 1 is required'],
    ['no city', (c) => (c.address = { ...address, locality: undefined }), 'City is required'],
    ['no postal code', (c) => (c.address = { ...address, postalCode: '' }), 'Postal Code is required'],
    ['a bad postal code', (c) => (c.address = { ...address, postalCode: '1234' }), 'Invalid postal code'],
  ];
  it.each(cases)('refuses %s', async (_what, change, message) => {
    const card: Record<string, unknown> = await newCard();
    change(card);
    const res = await call('eve', 'POST', '/cards', card);
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body).toMatchObject({ httpCode: 400, code: 'VALIDATION', message });
    expect(body.error).toContain(message);
  });

  it.each([
    ['a number failing Luhn', '4111111111111112', CVC, 'Invalid card number'],
    ['an American Express number', '378282246310005', CVC, 'Only Visa and Mastercard cards are accepted'],
    ['a missing CVC', '4111111111111111', '', 'Invalid CVC'],
  ])('refuses %s inside the encrypted payload', async (_what, number, cvc, message) => {
    const res = await call('eve', 'POST', '/cards', await newCard(number, {}, cvc));
    expect(res.status).toBe(400);
    expect((await res.json()).message).toBe(message);
  });

  it('answers 402 with the reason for a declined card, and stores nothing', async () => {
    const res = await add('eve', '4000 0000 0000 0002');
    expect(res.status).toBe(402);
    expect(await res.json()).toMatchObject({
      httpCode: 402,
      code: 'PAYMENT_DECLINED',
      message: 'Your card was declined.',
    });
    expect((await (await call('eve', 'GET', '/cards')).json()).data).toEqual([]);
  });
});

describe('cards: the 3-card limit', () => {
  it('refuses a 4th card in Charge & Pay, and frees the slot when one is removed', async () => {
    for (const n of ['4111111111111111', '5555555555554444', '4000000000009995'])
      expect((await add('cat', n)).status).toBe(201);
    const fourth = await add('cat', '4000000000000069');
    expect(fourth.status).toBe(409);
    expect((await fourth.json()).message).toBe(messages.cardLimitReached);
    expect(messages.cardLimitReached).toMatch(/^You can register at most 3 cards/);
    const [, middle] = (await (await call('cat', 'GET', '/cards')).json()).data;
    expect((await call('cat', 'DELETE', `/cards/${middle.id}`)).status).toBe(200);
    const again = await add('cat', '4000000000000069');
    expect(again.status).toBe(201);
    const slots = await t.db
      .selectFrom('cards')
      .select(['slot', 'removed_at'])
      .where('id', '=', (await again.json()).data.id)
      .executeTakeFirstOrThrow();
    expect(slots.slot).toBe(2);
  });

  it('refuses the same card number twice (it would be charged twice a month), also in flight; it may come back once removed', async () => {
    expect((await add('eve', '4111111111111111')).status).toBe(201);
    // Another expiry, name or purpose does not make it another card.
    const again = await add('eve', '4111111111111111', { name: 'Eve Other', chargeAndPay: false });
    expect(again.status).toBe(409);
    expect((await again.json()).message).toBe(messages.cardAlreadyRegistered);
    const racing = await Promise.all([add('eve', '5555555555554444'), add('eve', '5555555555554444')]);
    expect(racing.map((r) => r.status).sort()).toEqual([201, 409]);
    const active = (await (await call('eve', 'GET', '/cards')).json()).data as {
      id: string;
      lastFour: string;
    }[];
    expect(active.map((c) => c.lastFour).sort()).toEqual(['1111', '4444']);
    // The refused registrations left no instrument behind at the processor.
    const instruments = await sql<{ n: number }>`select count(*)::int as n from gateway_sim.instruments i
      join cards c on c.instrument_id = i.id where c.customer_id = (select customer_id from cards where id = ${active[0]?.id})`.execute(
      t.db,
    );
    expect(instruments.rows[0]?.n).toBe(2);
    const visa = active.find((c) => c.lastFour === '1111');
    expect((await call('eve', 'DELETE', `/cards/${visa?.id}`)).status).toBe(200);
    expect((await add('eve', '4111111111111111')).status).toBe(201);
  });

  it('lets exactly one of two concurrent adds win when holding 2 cards', async () => {
    expect((await add('dan', '4111111111111111')).status).toBe(201);
    expect((await add('dan', '5555555555554444')).status).toBe(201);
    const results = await Promise.all([add('dan', '4000000000009995'), add('dan', '4000000000000069')]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    const loser = results.find((r) => r.status === 409);
    expect((await (loser as Res).json()).message).toBe(messages.cardLimitReached);
    expect((await (await call('dan', 'GET', '/cards')).json()).data).toHaveLength(3);
    const active = await sql<{ n: number }>`
      select count(*)::int as n from cards c join customers u on u.id = c.customer_id
      where u.email = 'dan@example.com' and c.removed_at is null`.execute(t.db);
    expect(active.rows[0]?.n).toBe(3);
    expect(
      (await (await call('dan', 'GET', '/cards')).json()).data.filter(
        (c: { isDefault: boolean }) => c.isDefault,
      ),
    ).toHaveLength(1);
    // The loser's instrument was registered at the processor, then deleted again: no orphan.
    const live = await sql<{ n: number }>`
      select count(*)::int as n from gateway_sim.instruments i
      where i.deleted_at is null and i.reference like 'card:%'
        and not exists (select 1 from cards c where c.instrument_id = i.id)`.execute(t.db);
    expect(live.rows[0]?.n).toBe(0);
  });

  it('enforces the limit in the database itself', async () => {
    const [card] = await t.db
      .selectFrom('cards')
      .selectAll()
      .where('removed_at', 'is', null)
      .limit(1)
      .execute();
    if (!card) throw new Error('no card');
    const { id: _id, created_at: _c, updated_at: _u, removed_at: _r, ...rest } = card;
    await expect(
      t.db
        .insertInto('cards')
        .values({ ...rest, instrument_id: 'sim_ins_direct', is_default: false })
        .execute(),
    ).rejects.toMatchObject({ code: '23505', constraint: 'cards_active_slot_key' });
  });

  it('takes a 4th card that only pays for the plan beside 3 in Charge & Pay (issue 40), and no 5th', async () => {
    for (const n of ['4111111111111111', '5555555555554444', '4000000000009995'])
      expect((await add('fay', n)).status).toBe(201);
    const planOnly = await add('fay', '4000000000000069', { chargeAndPay: false });
    expect(planOnly.status).toBe(201);
    expect((await planOnly.json()).data).toMatchObject({ chargeAndPay: false });
    const fifth = await add('fay', '4111111111111111', { chargeAndPay: false });
    expect(fifth.status).toBe(409);
    expect((await fifth.json()).message).toBe(messages.cardLimitReached);
    const cards = (await (await call('fay', 'GET', '/cards')).json()).data as { chargeAndPay: boolean }[];
    expect(cards.map((c) => c.chargeAndPay)).toEqual([true, true, true, false]);
  });

  it('refuses the plan-only card joining Charge & Pay beside 3, changing nothing; it may once one leaves', async () => {
    const cards = (await (await call('fay', 'GET', '/cards')).json()).data as {
      id: string;
      chargeAndPay: boolean;
      expirationMonth: number;
      expirationYear: number;
    }[];
    const planOnly = cards.find((c) => !c.chargeAndPay);
    if (!planOnly) throw new Error('no plan-only card');
    const edit = (id: string, chargeAndPay: boolean) =>
      call('fay', 'PUT', `/cards/${id}`, {
        expirationMonth: 11,
        expirationYear: nextYear,
        brand: '001',
        address,
        chargeAndPay,
      });
    const join = await edit(planOnly.id, true);
    expect(join.status).toBe(409);
    expect((await join.json()).message).toBe(messages.cardLimitReached);
    const row = await t.db
      .selectFrom('cards')
      .select(['charge_and_pay', 'expiration_month'])
      .where('id', '=', planOnly.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ charge_and_pay: false, expiration_month: 12 });
    // One Charge & Pay card leaves it: now the plan-only card may join.
    expect((await edit(cards[0]?.id ?? '', false)).status).toBe(200);
    expect((await edit(planOnly.id, true)).status).toBe(200);
  });

  it(`holds the numbers in the database: ${MAX_CARDS} in Charge & Pay, ${MAX_CARDS_IN_ALL} in all`, async () => {
    const fay = await t.db
      .selectFrom('customers')
      .select('id')
      .where('email', '=', 'fay@example.com')
      .executeTakeFirstOrThrow();
    const active = await t.db
      .selectFrom('cards')
      .selectAll()
      .where('customer_id', '=', fay.id)
      .where('removed_at', 'is', null)
      .orderBy('slot')
      .execute();
    expect(active.filter((c) => c.charge_and_pay)).toHaveLength(MAX_CARDS);
    expect(active).toHaveLength(MAX_CARDS_IN_ALL);
    // A 4th card in Charge & Pay, however it is written: refused by the database.
    const outOfPlan = active.find((c) => !c.charge_and_pay);
    if (!outOfPlan) throw new Error('no plan-only card');
    await expect(
      t.db.updateTable('cards').set({ charge_and_pay: true }).where('id', '=', outOfPlan.id).execute(),
    ).rejects.toMatchObject({ code: '23514', constraint: 'cards_charge_and_pay_limit' });
    const { id: _id, created_at: _c, updated_at: _u, removed_at: _r, ...rest } = outOfPlan;
    // No slot beyond the last: a fifth card cannot be written.
    await expect(
      t.db
        .insertInto('cards')
        .values({ ...rest, instrument_id: 'sim_ins_fifth', slot: MAX_CARDS_IN_ALL + 1, is_default: false })
        .execute(),
    ).rejects.toMatchObject({ code: '23514', constraint: 'cards_slot_check' });
    await expect(
      t.db
        .insertInto('cards')
        .values({ ...rest, instrument_id: 'sim_ins_fifth', slot: MAX_CARDS_IN_ALL, is_default: false })
        .execute(),
    ).rejects.toMatchObject({ code: '23505', constraint: 'cards_active_slot_key' });
  });
});

describe('cards: ownership and staff access', () => {
  it("gives another customer 404 on someone's card", async () => {
    const annCard = (await (await call('ann', 'GET', '/cards')).json()).data[0];
    const put = await call('bob', 'PUT', `/cards/${annCard.id}`, {
      expirationMonth: 1,
      expirationYear: nextYear,
      address,
    });
    expect(put.status).toBe(404);
    expect((await call('bob', 'DELETE', `/cards/${annCard.id}`)).status).toBe(404);
    // Not a card id at all: refused as malformed, as the document says (format uuid).
    const malformed = await call('bob', 'DELETE', '/cards/not-a-uuid');
    expect(malformed.status).toBe(400);
    expect((await malformed.json()).message).toBe('cardId must be a card id');
    expect((await (await call('bob', 'GET', '/cards')).json()).data).toEqual([]);
    expect((await (await call('ann', 'GET', '/cards')).json()).data).toHaveLength(1);
  });

  it("lets staff with card:get list a customer's cards, and no one else", async () => {
    const ann = (await (await call('ann', 'GET', '/customers/me')).json()).data;
    const res = await call('admin', 'GET', `/cards/user/${ann.id}`);
    expect(res.status).toBe(200);
    expect((await res.json()).data).toHaveLength(1);
    expect((await call('bob', 'GET', `/cards/user/${ann.id}`)).status).toBe(403);
    expect((await call('admin', 'GET', '/cards/user/00000000-0000-0000-0000-000000000000')).status).toBe(404);
  });

  it('refuses to add a card to a staff account (403, nothing stored, the processor never asked)', async () => {
    const instrumentsBefore = await sql<{
      n: string;
    }>`select count(*) as n from gateway_sim.instruments`.execute(t.db);
    const res = await add('admin');
    expect(res.status).toBe(403);
    expect((await res.json()).message).toBe(messages.staffNotCustomer);
    expect((await (await call('admin', 'GET', '/cards')).json()).data).toEqual([]);
    const instrumentsAfter = await sql<{
      n: string;
    }>`select count(*) as n from gateway_sim.instruments`.execute(t.db);
    expect(instrumentsAfter.rows[0]?.n).toBe(instrumentsBefore.rows[0]?.n);
  });
});

describe('cards: no card data at rest', () => {
  it('keeps card numbers, CVCs and the encrypted payload out of every public table', async () => {
    const jwe = (await newCard()).number;
    await call('bob', 'POST', '/cards', { ...(await newCard()), number: jwe });
    const numbers = [
      '4111111111111111',
      '5555555555554444',
      '4000000000009995',
      '4000000000000069',
      '4000000000000002',
    ];
    const tables = await sql<{ table_name: string }>`
      select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`.execute(
      t.db,
    );
    expect(tables.rows.map((r) => r.table_name)).toContain('cards');
    let scanned = 0;
    for (const { table_name } of tables.rows) {
      const rows = await sql<{
        row: Record<string, unknown>;
      }>`select to_jsonb(t) as row from ${sql.table(table_name)} t`.execute(t.db);
      for (const { row } of rows.rows) {
        scanned++;
        const text = JSON.stringify(row).replace(/[\s-]/g, '');
        for (const n of numbers) expect(text, `${table_name} holds a card number`).not.toContain(n);
        expect(text, `${table_name} holds the JWE`).not.toContain(jwe.slice(-40));
        for (const value of Object.values(row))
          expect(String(value), `${table_name} holds a CVC`).not.toBe(CVC);
        expect(text.toLowerCase(), `${table_name} mentions a cvc`).not.toContain('"cvc"');
      }
    }
    expect(scanned).toBeGreaterThan(10);
  });
});
