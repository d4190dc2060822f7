import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCsv } from '../../test/csv.ts';
import { type Api, signedInUser } from '../../test/customers.ts';
import {
  b64,
  insertCard,
  insertCharge,
  insertCustomer,
  insertPayout,
  insertRefund,
} from '../../test/db-rows.ts';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { BATCH, csvStream, dollars } from './exports.ts';

/**
 * CSV exports (issue 16): streamed, permission-gated (finance, admin), audited with their
 * filters and row counts, money in dollars and cents, no card numbers.
 */
let t: TestApp;
let admin: Api;
let finance: Api;
let support: Api;
let customer: Api;
let ann: string;
let bob: string;
const charges: Record<string, string> = {};

const csvOf = async (api: Api, path: string) => {
  const res = await api.download(path);
  return { ...res, text: res.bytes.toString('utf8') };
};

const auditCount = async (action: string) =>
  (await t.db.selectFrom('staff_audit').select('id').where('action', '=', action).execute()).length;

/** The export's audit row is written when its stream ends: run the export, wait for its row. */
async function exportAudited(api: Api, path: string, action: string) {
  const before = await auditCount(action);
  const res = await csvOf(api, path);
  for (let i = 0; i < 100; i++) {
    const rows = await t.db
      .selectFrom('staff_audit')
      .selectAll()
      .where('action', '=', action)
      .orderBy('id')
      .execute();
    if (rows.length > before) return { res, audit: rows.at(-1) };
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no audit row for ${action}`);
}

beforeAll(async () => {
  t = await startTestApp();
  admin = await signedInUser(t, 'admin@pria.test', ['admin']);
  finance = await signedInUser(t, 'fin@pria.test', ['finance']);
  support = await signedInUser(t, 'sue@pria.test', ['support']);
  customer = await signedInUser(t, 'cust@pria.test');
  ann = await insertCustomer(t.db, { email: 'ann@example.com', firstName: 'Ann', lastName: '=cmd|calc' });
  bob = await insertCustomer(t.db, { email: 'bob@example.com', firstName: 'Bob' });
  const annCard = await insertCard(t.db, ann, { lastFour: '4242' });
  const bobCard = await insertCard(t.db, bob, { lastFour: '5151' });
  charges.annJan = await insertCharge(t.db, {
    customerId: ann,
    cardId: annCard,
    period: '2026-01',
    createdAt: new Date('2026-01-28T17:00:00Z'),
  });
  charges.bobJan = await insertCharge(t.db, {
    customerId: bob,
    cardId: bobCard,
    period: '2026-01',
    status: 'declined',
    reason: 'Card declined',
    createdAt: new Date('2026-01-28T17:01:00Z'),
  });
  charges.annFeb = await insertCharge(t.db, {
    customerId: ann,
    cardId: annCard,
    period: '2026-02',
    createdAt: new Date('2026-02-28T17:00:00Z'),
  });
  charges.annPlan = await insertCharge(t.db, {
    customerId: ann,
    cardId: annCard,
    kind: 'subscription',
    period: '2026-02-10',
    amount: 4999,
    createdAt: new Date('2026-02-10T15:00:00Z'),
  });
  await insertPayout(t.db, charges.annJan as string, { createdAt: new Date('2026-02-02T15:00:00Z') });
});
afterAll(async () => t?.stop());

describe('exports are permission-gated', () => {
  const paths = [
    '/api/v1/admin/exports/clients.csv',
    '/api/v1/admin/exports/transactions.csv',
    '/api/v1/admin/exports/reconciliation.csv?period=2026-01',
  ];
  it('a customer and support get 403; finance and admin get text/csv', async () => {
    for (const p of paths) {
      expect((await csvOf(customer, p)).status, p).toBe(403);
      expect((await csvOf(support, p)).status, p).toBe(403);
      for (const api of [finance, admin]) {
        const res = await csvOf(api, p);
        expect(res.status, p).toBe(200);
        expect(res.type).toMatch(/^text\/csv/);
        expect(res.disposition).toMatch(/^attachment; filename="pria-[a-z]+-[\d-]+\.csv"$/);
      }
    }
  });
});

describe('transactions export', () => {
  it('every row, with the header, dollars and cents, and no card number', async () => {
    const res = await csvOf(finance, '/api/v1/admin/exports/transactions.csv');
    const head = res.text.split('\n')[0];
    expect(head).toBe(
      'id,created_at,transaction_id,type,status,verified,returned,amount_usd,amount_cents,customer_id,customer_email,card_brand,description,remarks,due_at,sent_at,settled_at,refunded_usd,refunded_cents',
    );
    const rows = parseCsv(res.text);
    // Three pay-ins, one plan charge, one pay-back; newest first.
    expect(rows).toHaveLength(5);
    expect(rows.map((r) => r.created_at)).toEqual([...rows.map((r) => r.created_at)].sort().reverse());
    const plan = rows.find((r) => r.id === charges.annPlan);
    expect(plan).toMatchObject({
      type: 'SUBSCRIPTION_CAPTURE',
      amount_usd: '49.99',
      amount_cents: '4999',
      refunded_usd: '0.00',
      refunded_cents: '0',
    });
    const declined = rows.find((r) => r.id === charges.bobJan);
    expect(declined).toMatchObject({ status: 'failed', amount_usd: '3.00', remarks: 'Card declined' });
    // No card number, not even its last four: only the brand. (The ids are random uuids and the
    // times ISO instants: they may hold any four digits, so they are left out of this check.)
    const ids = new Set([
      'id',
      'transaction_id',
      'customer_id',
      'created_at',
      'due_at',
      'sent_at',
      'settled_at',
    ]);
    const shown = rows.flatMap((r) =>
      Object.entries(r)
        .filter(([k]) => !ids.has(k))
        .map(([, v]) => v),
    );
    expect(shown.filter((v) => v.includes('4242') || v.includes('5151'))).toEqual([]);
    expect(rows.every((r) => r.card_brand === 'visa' || r.card_brand === 'mastercard')).toBe(true);
  });

  it('takes the list filters: type, status, date range, customer', async () => {
    const q = async (query: string) =>
      parseCsv((await csvOf(finance, `/api/v1/admin/exports/transactions.csv?${query}`)).text);
    expect((await q('type=payout')).map((r) => r.type)).toEqual(['PAYOUT']);
    expect((await q('status=failed')).map((r) => r.id)).toEqual([charges.bobJan]);
    expect((await q('from=2026-02-01&to=2026-02-27')).map((r) => r.id).sort()).toEqual(
      [charges.annPlan, (await q('type=payout'))[0]?.id].sort(),
    );
    // New York days: 2026-01-28 12:00 New York is on the 28th.
    expect((await q('from=2026-01-28&to=2026-01-28&type=capture')).map((r) => r.id).sort()).toEqual(
      [charges.annJan, charges.bobJan].sort(),
    );
    expect((await q(`userId=${bob}`)).map((r) => r.id)).toEqual([charges.bobJan]);
    // The list answers the same rows for the same filters.
    const list = await finance.get('/api/v1/admin/transactions?status=failed');
    expect(list.body.data.rows.map((r: { id: string }) => r.id)).toEqual([charges.bobJan]);
  });

  it('bad filters: 400 with a clear message, never 500', async () => {
    for (const [query, message] of [
      ['from=2026-13-01', 'from must be a date like 2026-01-31'],
      ['to=yesterday', 'to must be a date like 2026-01-31'],
      ['from=10000-01-01', 'from must be a date like 2026-01-31'],
      ['to=2026-02-29', 'to must be a date like 2026-01-31'],
      ['from=2026-03-01&to=2026-02-01', 'from must be on or before to'],
      ['status=lost', 'status must be one of success, failed, pending, missed'],
      ['userId=nope', 'userId must be a customer id or an email address'],
    ] as const) {
      for (const path of ['/api/v1/admin/exports/transactions.csv', '/api/v1/admin/transactions']) {
        const res = await finance.get(`${path}?${query}`);
        expect(res.status, `${path}?${query}`).toBe(400);
        expect(res.body.message, `${path}?${query}`).toBe(message);
      }
    }
  });

  it('is audited: who, what, filters, row count', async () => {
    const { audit: last } = await exportAudited(
      admin,
      '/api/v1/admin/exports/transactions.csv?status=success&from=2026-01-01',
      'export.transactions',
    );
    expect(last).toMatchObject({ actor: 'admin@pria.test', target_type: 'export' });
    expect(last?.actor_roles).toEqual(['admin']);
    expect(last?.after).toMatchObject({
      filters: { status: 'success', from: '2026-01-01' },
      rowCount: 4,
      complete: true,
    });
  });
});

describe('odd input never answers 500', () => {
  it('every filter of every export and the audit list, with strange values', async () => {
    const odd = [
      '',
      ' ',
      '%00',
      '%E2%80%AE',
      'x'.repeat(5000),
      "'; drop table staff_audit; --",
      '9999-99-99',
      '0000-01-01',
      '9999-12-31',
      '-1',
      '[]',
    ];
    const routes: [string, string[]][] = [
      ['/api/v1/admin/exports/transactions.csv', ['type', 'status', 'from', 'to', 'userId', 'transactionId']],
      ['/api/v1/admin/exports/clients.csv', ['search', 'filter']],
      ['/api/v1/admin/exports/reconciliation.csv', ['period']],
      ['/api/v1/admin/audit', ['actor', 'action', 'from', 'to', 'page', 'limit']],
    ];
    for (const [path, params] of routes) {
      for (const p of params) {
        for (const v of odd) {
          const res = await admin.download(`${path}?${p}=${v}`);
          expect(res.status, `${path}?${p}=${v.slice(0, 20)}`).toBeLessThan(500);
        }
        // Repeated parameters arrive as arrays.
        const twice = await admin.download(`${path}?${p}=a&${p}=b`);
        expect(twice.status, `${path}?${p}=a&${p}=b`).toBeLessThan(500);
      }
    }
  });
});

describe('clients export', () => {
  it('matching clients, formula-looking cells neutralized, audited', async () => {
    const { res, audit } = await exportAudited(
      finance,
      `/api/v1/admin/exports/clients.csv?filter=${b64({ email: 'ann@' })}`,
      'export.clients',
    );
    const rows = parseCsv(res.text);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id: ann,
      email: 'ann@example.com',
      first_name: 'Ann',
      last_name: "'=cmd|calc",
    });
    expect(audit?.actor).toBe('fin@pria.test');
    expect(audit?.after).toMatchObject({ filters: { filter: { email: 'ann@' } }, rowCount: 1 });
  });

  it('a bad filter is a 400', async () => {
    const res = await finance.get('/api/v1/admin/exports/clients.csv?filter=%%%');
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Invalid filter');
  });
});

describe('reconciliation export', () => {
  it("a period's pay-ins with their pay-backs", async () => {
    const res = await csvOf(finance, '/api/v1/admin/exports/reconciliation.csv?period=2026-01');
    expect(res.disposition).toBe('attachment; filename="pria-reconciliation-2026-01.csv"');
    const rows = parseCsv(res.text);
    const byId = new Map(rows.map((r) => [r.charge_id, r]));
    expect(byId.get(charges.annJan as string)).toMatchObject({
      charge_status: 'captured',
      charged_usd: '3.00',
      charged_cents: '300',
      payback_status: 'paid',
      paid_back_cents: '300',
      dispute_lost: 'false',
    });
    expect(byId.get(charges.bobJan as string)).toMatchObject({
      charge_status: 'declined',
      charged_cents: '',
    });
  });

  it('the period is required and checked', async () => {
    for (const q of ['', '?period=2026-13', '?period=jan']) {
      const res = await finance.get(`/api/v1/admin/exports/reconciliation.csv${q}`);
      expect(res.status, q).toBe(400);
      expect(res.body.message).toMatch(/period/);
    }
  });
});

describe('streaming in batches', () => {
  it(`walks more than ${BATCH} rows with the keyset, each exactly once`, async () => {
    const many = await insertCustomer(t.db, { email: 'many@example.com' });
    const card = await insertCard(t.db, many);
    const n = BATCH * 2 + 7;
    // Same created_at for runs of rows: the keyset must break ties by id.
    await sql`
      insert into payment_attempts (reference, kind, period, customer_id, card_id, amount_cents, description, status, created_at, due_at)
      select 'bulk-' || i, 'payin', p, ${many}::uuid, ${card}::uuid, 300, 'Monthly credit-building charge', 'captured',
             timestamptz '2020-01-01' + make_interval(secs => i / 10), pria_payin_due_at(p)
      from generate_series(1, ${n}) i,
           lateral (select to_char(date '1900-01-01' + make_interval(months => i), 'YYYY-MM') as p) x
`.execute(t.db);
    const res = await csvOf(finance, `/api/v1/admin/exports/transactions.csv?userId=${many}`);
    const rows = parseCsv(res.text);
    expect(rows).toHaveLength(n);
    expect(new Set(rows.map((r) => r.id)).size).toBe(n);
  });
});

describe('a caller who goes away', () => {
  it('stops the reads and still audits the export, as incomplete', async () => {
    let produced = 0;
    const endless = (async function* () {
      for (;;) {
        produced++;
        yield [produced, 'row'];
        await new Promise((r) => setImmediate(r));
      }
    })();
    const logger = { warn() {}, error() {} } as unknown as Parameters<typeof csvStream>[1]['logger'];
    const audit = { actor: 'fin@pria.test', roles: ['finance'], requestId: 'req-abort', clientIp: null };
    const stream = csvStream(
      { filename: 'endless.csv', columns: ['n', 'text'], rows: endless },
      { db: t.db, audit, action: 'export.test', filters: { any: true }, logger },
    );
    let lines = 0;
    for await (const chunk of stream) {
      lines += String(chunk).split('\n').length - 1;
      if (lines > 50) break; // the reply's socket closes: the stream is destroyed
    }
    for (let i = 0; i < 100; i++) {
      const row = await t.db
        .selectFrom('staff_audit')
        .selectAll()
        .where('request_id', '=', 'req-abort')
        .executeTakeFirst();
      if (row) {
        expect(row.after).toMatchObject({ filters: { any: true }, complete: false });
        expect((row.after as { rowCount: number }).rowCount).toBeGreaterThan(0);
        const stoppedAt = produced;
        await new Promise((r) => setTimeout(r, 50));
        expect(produced, 'reads stop once the caller is gone').toBe(stoppedAt);
        return;
      }
      await new Promise((r) => setTimeout(r, 20));
    }
    throw new Error('no audit row for the abandoned export');
  });
});

describe('dollars', () => {
  it('formats cents exactly', () => {
    expect([0, 5, 300, 4999, 123456, -5].map(dollars)).toEqual([
      '0.00',
      '0.05',
      '3.00',
      '49.99',
      '1234.56',
      '-0.05',
    ]);
  });
});

describe('OpenAPI', () => {
  it('lists the export operations as text/csv', async () => {
    const res = await fetch(`${t.url}/api/docs/json`);
    const doc = (await res.json()) as { paths: Record<string, Record<string, unknown>> };
    for (const p of ['clients.csv', 'transactions.csv', 'reconciliation.csv']) {
      const op = doc.paths[`/api/v1/admin/exports/${p}`]?.get as
        | { responses: Record<string, { content?: Record<string, unknown> }> }
        | undefined;
      expect(op, p).toBeDefined();
      expect(Object.keys(op?.responses['200']?.content ?? {}), p).toContain('text/csv');
    }
    expect(doc.paths['/api/v1/admin/audit']).toBeDefined();
    expect(doc.paths['/api/v1/admin/staff/invitations']).toBeDefined();
  });
});

describe('transactions export, refunds', () => {
  it('says what was refunded of a charge, as the list does: refunds that went through only', async () => {
    await insertRefund(t.db, charges.annPlan as string, {
      cents: 1200,
      status: 'refunded',
      mode: 'prorated',
    });
    await insertRefund(t.db, charges.annPlan as string, { cents: 500, status: 'failed', mode: 'prorated' });
    const rows = parseCsv((await csvOf(finance, '/api/v1/admin/exports/transactions.csv')).text);
    expect(rows.find((r) => r.id === charges.annPlan)).toMatchObject({
      refunded_usd: '12.00',
      refunded_cents: '1200',
    });
    const listed = await finance.get(`/api/v1/admin/transactions?transactionId=${charges.annPlan}`);
    expect(listed.body.data.rows.map((r: { refundedCents: number }) => r.refundedCents)).toEqual([1200]);
  });
});
