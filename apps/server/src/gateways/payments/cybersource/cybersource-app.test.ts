import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, signedInUser, testAddress } from '../../../test/customers.ts';
import { insertCard, insertCharge, insertCustomer, insertPayout } from '../../../test/db-rows.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { signNotification } from './dispute-notifications.ts';
import { type StandIn, startStandIn } from './stand-in-server.ts';

/**
 * The whole app with PAYMENT_GATEWAY=cybersource against the stand-in: the browser's card entry
 * through Microform (capture context, transient token, registration) and the 3-D Secure step-up
 * page, over real HTTP. The browser's part is played here with fetch; e2e/cybersource drives it
 * in Chromium.
 */
let standIn: StandIn;
let t: TestApp;
const webhookKey = { keyId: 'wh-key-1', key: Buffer.from('a'.repeat(32)).toString('base64') };
const nextYear = new Date().getFullYear() + 1;

beforeAll(async () => {
  standIn = await startStandIn();
  t = await startTestApp({
    PAYMENT_GATEWAY: 'cybersource',
    CYBERSOURCE_BASE_URL: standIn.url,
    CYBERSOURCE_MERCHANT_ID: standIn.merchantId,
    CYBERSOURCE_KEY_ID: standIn.keyId,
    CYBERSOURCE_SHARED_SECRET: standIn.sharedSecret,
    CYBERSOURCE_MICROFORM_ORIGIN: standIn.url,
    CYBERSOURCE_WEBHOOK_KEY_ID: webhookKey.keyId,
    CYBERSOURCE_WEBHOOK_KEY: webhookKey.key,
  });
});
afterAll(async () => {
  await t?.stop();
  await standIn?.close();
});

// biome-ignore lint/suspicious/noExplicitAny: JWT payloads read freely
const payloadOf = (jwt: string): any =>
  JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString());

/** One directive's sources in a Content-Security-Policy header. */
const directive = (csp: string | null, name: string) =>
  (csp ?? '')
    .split(';')
    .map((d) => d.trim().split(/\s+/))
    .find(([n]) => n === name)
    ?.slice(1) ?? [];

/** What Microform does in the browser: the fields' content goes to CyberSource, a token comes back. */
async function typeIntoMicroform(captureContext: string, number: string, securityCode = '739') {
  const res = await fetch(`${standIn.url}/flex/v2/tokens`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      session: payloadOf(captureContext).jti,
      number,
      securityCode,
      expirationMonth: '12',
      expirationYear: String(nextYear),
    }),
  });
  return (await res.json()) as {
    token?: string;
    error?: { reason: string; details: { location: string }[] };
  };
}

async function registerCard(api: Api, number: string) {
  const { captureContext } = (await api.get('/api/v1/cards/capture-context')).body.data;
  const { token } = await typeIntoMicroform(captureContext, number);
  expect(token).toBeTruthy();
  return api.post('/api/v1/cards', {
    number: token,
    expirationMonth: 12,
    expirationYear: nextYear,
    brand: 'visa',
    isDefault: true,
    name: 'Ann Lee',
    address: testAddress,
  });
}

describe('card entry through Microform', () => {
  it('hands the browser a capture context naming the library and its integrity; no public key', async () => {
    const api = await signedInUser(t, 'ann@example.com');
    const res = await api.get('/api/v1/cards/capture-context');
    expect(res.status).toBe(200);
    const { captureContext } = res.body.data;
    expect(captureContext.split('.')).toHaveLength(3);
    const ctx = payloadOf(captureContext).ctx[0].data;
    expect(ctx).toMatchObject({
      clientLibrary: expect.stringMatching(new RegExp(`^${standIn.url}/`)),
      targetOrigins: [t.url],
      allowedCardNetworks: ['VISA', 'MASTERCARD'],
    });
    const library = await (await fetch(ctx.clientLibrary)).text();
    expect(ctx.clientLibraryIntegrity).toBe(
      `sha384-${createHash('sha384').update(library).digest('base64')}`,
    );

    const key = await api.get('/api/v1/cards/public-key');
    expect(key.status).toBe(404);
    expect(key.body.message).toBe(
      'This card processor takes cards in its hosted fields: ask for a capture context',
    );
    expect((await fetch(`${t.url}/api/v1/cards/capture-context`)).status).toBe(401);
    // The web app learns from its settings that cards go into hosted fields.
    expect(await (await fetch(`${t.url}/config.json`)).json()).toMatchObject({ cardEntry: 'microform' });
  });

  it('registers a card from the transient token alone; no number or CVC reaches our tables', async () => {
    const api = await signedInUser(t, 'bob@example.com');
    const res = await registerCard(api, '4111111111111111');
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ brand: 'visa', lastFour: '1111', isDefault: true });
    const sent = standIn.received.filter((r) => r.path === '/pts/v2/payments').at(-1)?.body;
    expect(sent.tokenInformation.transientTokenJwt).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect((await api.get('/api/v1/cards')).body.data).toHaveLength(1);

    const tables = await sql<{ table_name: string }>`
      select table_name from information_schema.tables
      where table_schema = 'public' and table_type = 'BASE TABLE'`.execute(t.db);
    for (const { table_name } of tables.rows) {
      const rows = await sql<{
        row: unknown;
      }>`select to_jsonb(x) as row from ${sql.table(table_name)} x`.execute(t.db);
      for (const { row } of rows.rows) {
        expect(JSON.stringify(row), table_name).not.toContain('4111111111111111');
        for (const value of Object.values(row as object)) expect(String(value), table_name).not.toBe('739');
      }
    }
  });

  it('refuses a plaintext number, a token CyberSource never issued, and (in Microform) other brands', async () => {
    const api = await signedInUser(t, 'cat@example.com');
    const card = {
      expirationMonth: 12,
      expirationYear: nextYear,
      brand: 'visa',
      name: 'Cat Lee',
      address: testAddress,
    };
    const plain = await api.post('/api/v1/cards', { ...card, number: '4111111111111111' });
    expect(plain).toMatchObject({ status: 400, body: { message: 'Invalid card number' } });
    const forged = `${Buffer.from('{"alg":"RS256"}').toString('base64url')}.${Buffer.from('{}').toString('base64url')}.c2ln`;
    const unknown = await api.post('/api/v1/cards', { ...card, number: forged });
    expect(unknown).toMatchObject({ status: 400, body: { message: 'The card data could not be read' } });

    const { captureContext } = (await api.get('/api/v1/cards/capture-context')).body.data;
    const amex = await typeIntoMicroform(captureContext, '378282246310005', '1234');
    expect(amex.error?.reason).toBe('CREATE_TOKEN_VALIDATION_FIELDS');
    expect(amex.error?.details.map((d) => d.location)).toEqual(['number']);
  });

  it("lets pages load Microform's script and frames (and nothing inline)", async () => {
    const csp = (await fetch(`${t.url}/healthz`)).headers.get('content-security-policy');
    expect(directive(csp, 'script-src')).toEqual(["'self'", standIn.url]);
    expect(directive(csp, 'frame-src')).toContain(standIn.url);
    expect(directive(csp, 'form-action')).not.toContain(standIn.url);
  });
});

describe('3-D Secure step-up page', () => {
  it('checkout on a card that needs the bank sends the customer to our page, which posts the access token to the issuer', async () => {
    const api = await signedInUser(t, 'dan@example.com');
    const card = await registerCard(api, '4000002760003184');
    expect(card.status).toBe(201);
    const res = await api.post('/api/v1/subscriptions', { plan: 'annual', card: card.body.data.id });
    expect(res.status).toBe(200);
    expect(res.body.data.subscription.status).toBe('pending_verification');
    const sessionUrl: string = res.body.data.paymentSessionUrl;
    expect(sessionUrl.startsWith(`${t.url}/gateway/cybersource/step-up?token=`)).toBe(true);
    const charge = standIn.received.filter((r) => r.path === '/pts/v2/payments').at(-1)?.body;
    // The return URL names the page to go back to and carries the charge, sealed (opaque here).
    expect(charge.consumerAuthenticationInformation.returnUrl).toMatch(
      new RegExp(
        `^${t.url}/gateway/cybersource/step-up/return\\?to=%2Fdashboard%2Faccount%2Fsubscription&charge=[\\w-]{40,}$`,
      ),
    );
    expect(charge.consumerAuthenticationInformation.returnUrl).not.toContain(
      charge.clientReferenceInformation.code,
    );
    // Nothing the issuer needs is readable in the link we store.
    const attempt = await t.db
      .selectFrom('payment_attempts')
      .select('session_url')
      .where('session_url', '=', sessionUrl)
      .executeTakeFirst();
    expect(attempt).toBeDefined();
    expect(sessionUrl).not.toContain('stepup');

    // Our page: a form to the issuer carrying the JWT, a visible button, and our own script.
    const page = await fetch(sessionUrl);
    expect(page.status).toBe(200);
    expect(page.headers.get('referrer-policy')).toBe('no-referrer');
    const csp = page.headers.get('content-security-policy');
    expect(directive(csp, 'form-action')).toEqual(expect.arrayContaining(["'self'", standIn.url]));
    expect(directive(csp, 'script-src')).toEqual(["'self'", standIn.url]);
    const html = await page.text();
    const action = /<form id="step-up" method="post" action="([^"]+)"/.exec(html)?.[1] ?? '';
    const jwt = /<input type="hidden" name="JWT" value="([^"]+)"/.exec(html)?.[1] ?? '';
    expect(action).toMatch(new RegExp(`^${standIn.url}/stepup/`));
    expect(jwt.split('.')).toHaveLength(3);
    expect(html).toContain('>Continue to your bank</button>');
    expect(html).toMatch(/<script src="\/gateway\/cybersource\/step-up\.js" defer><\/script>/);
    expect(html.match(/<script/g)).toHaveLength(1);
    const script = await fetch(`${t.url}/gateway/cybersource/step-up.js`);
    expect(script.headers.get('content-type')).toMatch(/javascript/);
    expect(await script.text()).toContain("getElementById('step-up').submit()");

    // The browser posts the form: the issuer gets the access token CyberSource issued.
    const issuer = await fetch(action, { method: 'POST', body: new URLSearchParams({ JWT: jwt }) });
    expect(issuer.status).toBe(200);
    expect(standIn.stepUps.at(-1)).toEqual({
      transactionId: action.split('/').at(-1),
      accessTokenMatched: true,
    });

    // The issuer posts the customer back; we send them on to the page the charge named.
    const issuerHtml = await issuer.text();
    const back = /<form method="post" action="([^"]+)"/.exec(issuerHtml)?.[1]?.replace(/&amp;/g, '&');
    const authenticationTransactionId = /name="TransactionId" value="([^"]+)"/.exec(issuerHtml)?.[1] ?? '';
    expect(back).toMatch(/&charge=/);
    // A return with a made-up authentication validates nothing: still pending.
    const forged = await fetch(back ?? '', {
      method: 'POST',
      body: new URLSearchParams({ TransactionId: 'made-up' }),
      redirect: 'manual',
    });
    expect(forged.status).toBe(303);
    // Back on Pria, the app asks for the payment to be checked (the settle step): still pending.
    expect((await api.post('/api/v1/subscriptions/me/verification')).body.data.status).toBe(
      'pending_verification',
    );

    const returned = await fetch(back ?? '', {
      method: 'POST',
      body: new URLSearchParams({ TransactionId: authenticationTransactionId }),
      redirect: 'manual',
    });
    expect(returned.status).toBe(303);
    expect(returned.headers.get('location')).toBe('/dashboard/account/subscription');
    // Our return route validated the authentication with CyberSource: the plan is paid, once.
    const validation = standIn.received.filter((r) => r.path === '/pts/v2/payments').at(-1)?.body;
    expect(validation.processingInformation.actionList).toEqual(['VALIDATE_CONSUMER_AUTHENTICATION']);
    expect(validation.consumerAuthenticationInformation).toEqual({ authenticationTransactionId });
    expect(validation.clientReferenceInformation.code).toBe(charge.clientReferenceInformation.code);
    const sub = (await api.post('/api/v1/subscriptions/me/verification')).body.data;
    expect(sub.status).toBe('active');
    const captured = await t.db
      .selectFrom('payment_attempts')
      .select(['status'])
      .where('reference', '=', charge.clientReferenceInformation.code)
      .execute();
    expect(captured).toEqual([{ status: 'captured' }]);
  });

  it('refuses an altered link, and the return route never leaves our site', async () => {
    const altered = await fetch(`${t.url}/gateway/cybersource/step-up?token=${'A'.repeat(80)}`);
    expect(altered.status).toBe(404);
    expect(await altered.text()).toContain('This verification link has expired');
    expect((await fetch(`${t.url}/gateway/cybersource/step-up`)).status).toBe(404);
    for (const to of ['//evil.example/x', 'https://evil.example', '/\\evil.example']) {
      const res = await fetch(`${t.url}/gateway/cybersource/step-up/return?to=${encodeURIComponent(to)}`, {
        method: 'POST',
        redirect: 'manual',
      });
      expect(res.status, to).toBe(303);
      expect(res.headers.get('location'), to).toBe('/dashboard');
    }
  });
});

describe('chargeback notifications', () => {
  const post = (body: string, signature?: string) =>
    fetch(`${t.url}/gateway/cybersource/notifications`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(signature ? { 'v-c-signature': signature } : {}) },
      body,
    });
  const chargeback = (reference: string, status: string, id = 'cb-1') =>
    JSON.stringify({
      eventType: 'payments.chargebacks.updated',
      payload: {
        data: {
          chargebackId: id,
          status,
          reasonDescription: 'Cardholder does not recognize the charge',
          amount: '3.00',
          clientReferenceInformation: { code: reference },
          eventDate: '2031-04-01T10:00:00Z',
        },
      },
    });

  it('records a signed chargeback once, withholds the pay-back, and refuses anything unsigned or stale', async () => {
    const customer = await insertCustomer(t.db, { email: 'cb@example.com' });
    const card = await insertCard(t.db, customer);
    const charge = await insertCharge(t.db, {
      customerId: customer,
      cardId: card,
      period: '2031-03',
      createdAt: new Date(),
    });
    await insertPayout(t.db, charge, { status: 'pending', createdAt: new Date() });
    const { reference } = await t.db
      .selectFrom('payment_attempts')
      .select('reference')
      .where('id', '=', charge)
      .executeTakeFirstOrThrow();
    const open = chargeback(reference, 'OPEN');
    const now = Date.now();

    expect((await post(open)).status).toBe(401);
    expect((await post(open, signNotification(webhookKey, open, now - 10 * 60_000))).status).toBe(401);
    expect((await post(open, signNotification({ ...webhookKey, keyId: 'other' }, open, now))).status).toBe(
      401,
    );
    const forged = signNotification(
      { ...webhookKey, key: Buffer.from('b'.repeat(32)).toString('base64') },
      open,
      now,
    );
    expect((await post(open, forged)).status).toBe(401);
    const tampered = signNotification(webhookKey, open, now);
    expect((await post(open.replace('3.00', '30.00'), tampered)).status).toBe(401);
    expect(await t.db.selectFrom('disputes').selectAll().execute()).toEqual([]);

    for (let i = 0; i < 2; i++)
      expect((await post(open, signNotification(webhookKey, open, Date.now()))).status).toBe(200);
    const disputes = await t.db.selectFrom('disputes').selectAll().execute();
    expect(disputes).toMatchObject([
      {
        processor_dispute_id: 'cs:cb-1',
        attempt_id: charge,
        status: 'open',
        amount_cents: 300,
        payback_sent: false,
      },
    ]);
    const payout = await t.db
      .selectFrom('payouts')
      .select('status')
      .where('attempt_id', '=', charge)
      .executeTakeFirstOrThrow();
    expect(payout.status).toBe('withheld');

    // Other events are acknowledged and ignored; the decision arrives later.
    const other = JSON.stringify({ eventType: 'risk.casemanagement.decision.accept', payload: {} });
    expect((await post(other, signNotification(webhookKey, other, Date.now()))).status).toBe(200);
    const lost = chargeback(reference, 'LOST');
    expect((await post(lost, signNotification(webhookKey, lost, Date.now()))).status).toBe(200);
    expect(
      await t.db.selectFrom('disputes').select(['status', 'decided_by']).executeTakeFirstOrThrow(),
    ).toEqual({ status: 'lost', decided_by: 'processor' });
  });
});
