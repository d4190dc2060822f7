import { cents } from '@pria/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type BillingAddress,
  GatewayDeclined,
  GatewayError,
  GatewayInvalidCard,
  GatewayTimeout,
} from '../port.ts';
import { CybersourceGateway } from './cybersource-gateway.ts';
import { type StandIn, startStandIn } from './stand-in-server.ts';

let standIn: StandIn;
let gw: CybersourceGateway;
const address: BillingAddress = {
  address1: '1 Main St',
  address2: null,
  locality: 'Springfield',
  administrativeArea: 'IL',
  country: 'US',
  postalCode: '62701',
};
const nextYear = new Date().getFullYear() + 1;
let seq = 0;
const ref = (what: string) => `${what}:${process.pid}:${++seq}`;
const adapter = (over: Partial<ConstructorParameters<typeof CybersourceGateway>[0]> = {}) =>
  new CybersourceGateway({
    baseUrl: standIn.url,
    merchantId: standIn.merchantId,
    keyId: standIn.keyId,
    sharedSecret: standIn.sharedSecret,
    timeoutMs: 1_000,
    targetOrigins: ['https://pria.test'],
    ...over,
  });
const register = (number: string, g = gw) =>
  g.createInstrument({
    reference: ref('card'),
    encryptedCard: standIn.transientToken(number),
    expirationMonth: 12,
    expirationYear: nextYear,
    name: 'Ann Q Example',
    billingAddress: address,
  });
const charge = (
  instrumentId: string,
  initiator: 'customer' | 'merchant' = 'merchant',
  amount = 300,
  reference = ref('payin'),
) =>
  gw.charge({
    reference,
    instrumentId,
    amountCents: cents(amount),
    description: 'Pria monthly charge',
    initiator,
  });
const lastBody = (path: string) => standIn.received.filter((r) => r.path === path).at(-1)?.body;

beforeAll(async () => {
  standIn = await startStandIn({ slowMs: 3_000 });
  gw = adapter();
});
afterAll(() => standIn?.close());

describe('authentication', () => {
  it('a wrong shared secret is refused with 401 and surfaces as GatewayError', async () => {
    const wrong = adapter({ sharedSecret: Buffer.from('not the secret').toString('base64') });
    const before = standIn.rejected.length;
    await expect(wrong.lookup('anything')).rejects.toThrow(GatewayError);
    await expect(wrong.lookup('anything')).rejects.toThrow(/HTTP 401/);
    expect(standIn.rejected.slice(before)).toEqual(['signature mismatch', 'signature mismatch']);
  });

  it('a body that does not match its digest, or a re-signed digest with the old signature, is refused', async () => {
    const { signRequest } = await import('./cybersource-signer.ts');
    const url = `${standIn.url}/tss/v2/searches`;
    const body = JSON.stringify({ query: 'clientReferenceInformation.code:x' });
    const { headers } = signRequest({ ...standIn, method: 'POST', url, body });
    const tamperedBody = await fetch(url, { method: 'POST', headers, body: body.replace('x', 'y') });
    expect(tamperedBody.status).toBe(401);
    const { bodyDigest } = await import('./cybersource-signer.ts');
    const other = body.replace('x', 'z');
    const tamperedDigest = await fetch(url, {
      method: 'POST',
      headers: { ...headers, digest: bodyDigest(other) },
      body: other,
    });
    expect(tamperedDigest.status).toBe(401);
    const stale = signRequest({
      ...standIn,
      method: 'POST',
      url,
      body,
      date: new Date(Date.now() - 6 * 60_000),
    });
    expect((await fetch(url, { method: 'POST', headers: stale.headers, body })).status).toBe(401);
    expect(standIn.rejected.slice(-3)).toEqual([
      'digest does not match the body',
      'signature mismatch',
      'date missing or stale',
    ]);
    // The untouched request passes.
    expect((await fetch(url, { method: 'POST', headers, body })).status).toBe(201);
  });

  it('another merchant id is refused', async () => {
    await expect(adapter({ merchantId: 'someone_else' }).lookup('x')).rejects.toThrow(GatewayError);
    expect(standIn.rejected.at(-1)).toBe('wrong merchant id');
  });
});

describe('instruments (TMS)', () => {
  it('registers a card with a $0 customer-initiated verification that creates the TMS instrument', async () => {
    const ins = await register('4111111111111111');
    expect(ins).toMatchObject({
      brand: 'visa',
      lastFour: '1111',
      expirationMonth: 12,
      expirationYear: nextYear,
    });
    const sent = lastBody('/pts/v2/payments');
    expect(sent).toMatchObject({
      processingInformation: {
        capture: false,
        actionList: ['TOKEN_CREATE'],
        authorizationOptions: { initiator: { type: 'customer', credentialStoredOnFile: true } },
      },
      orderInformation: {
        amountDetails: { totalAmount: '0.00', currency: 'USD' },
        billTo: { firstName: 'Ann Q', lastName: 'Example', postalCode: '62701' },
      },
      paymentInformation: { card: { expirationMonth: '12', expirationYear: String(nextYear) } },
    });
    expect(sent.clientReferenceInformation.code).toMatch(/^card:/);
    expect(standIn.instruments.get(ins.instrumentId)).toBeDefined();
    expect((await register('5555555555554444')).brand).toBe('mastercard');
  });

  it('refuses issuer declines, unreadable tokens and other brands with the typed errors', async () => {
    await expect(register('4000000000000002')).rejects.toThrow(GatewayDeclined);
    await expect(
      gw.createInstrument({
        reference: ref('card'),
        encryptedCard: 'not-a-token',
        expirationMonth: 1,
        expirationYear: nextYear,
        name: 'A B',
        billingAddress: address,
      }),
    ).rejects.toThrow(GatewayInvalidCard);
    const before = standIn.instruments.size;
    await expect(register('378282246310005')).rejects.toThrow('Only Visa and Mastercard cards are accepted');
    expect(standIn.instruments.size).toBe(before); // the Amex instrument was deleted again
  });

  it('updates expiry and address, and deletes idempotently', async () => {
    const ins = await register('4111111111111111');
    await gw.updateInstrument(ins.instrumentId, {
      expirationMonth: 3,
      expirationYear: nextYear + 2,
      billingAddress: { ...address, postalCode: '10001' },
    });
    expect(standIn.instruments.get(ins.instrumentId)).toMatchObject({
      card: { expirationMonth: '03', expirationYear: String(nextYear + 2) },
      billTo: { postalCode: '10001' },
    });
    await gw.deleteInstrument(ins.instrumentId);
    expect(standIn.instruments.has(ins.instrumentId)).toBe(false);
    await gw.deleteInstrument(ins.instrumentId);
    await expect(
      gw.updateInstrument(ins.instrumentId, {
        expirationMonth: 3,
        expirationYear: nextYear,
        billingAddress: address,
      }),
    ).rejects.toThrow('Instrument not found');
  });

  it('publicKey points to Microform; captureContext asks for Visa/Mastercard on our origin', async () => {
    await expect(gw.publicKey()).rejects.toThrow(/Microform/);
    const jwt = await gw.captureContext();
    expect(jwt.split('.')).toHaveLength(3);
    expect(lastBody('/microform/v2/sessions')).toMatchObject({
      targetOrigins: ['https://pria.test'],
      allowedCardNetworks: ['VISA', 'MASTERCARD'],
    });
  });
});

describe('charges', () => {
  it('a sale is captured, with capture=true and our reference', async () => {
    const ins = await register('4111111111111111');
    const reference = ref('payin');
    const o = await charge(ins.instrumentId, 'customer', 300, reference);
    expect(o).toEqual({ status: 'captured', gatewayTransactionId: standIn.transactions.at(-1)?.id });
    expect(lastBody('/pts/v2/payments')).toMatchObject({
      clientReferenceInformation: { code: reference, comments: 'Pria monthly charge' },
      processingInformation: {
        capture: true,
        commerceIndicator: 'internet',
        authorizationOptions: { initiator: { type: 'customer', storedCredentialUsed: true } },
      },
      paymentInformation: { paymentInstrument: { id: ins.instrumentId } },
      orderInformation: { amountDetails: { totalAmount: '3.00', currency: 'USD' } },
    });
  });

  it('a merchant-initiated charge carries the recurring indicators and the first network transaction id', async () => {
    const ins = await register('4111111111111111');
    const verification = standIn.received.filter((r) => r.path === '/pts/v2/payments').at(-1);
    expect(verification?.body.processingInformation.capture).toBe(false);
    await charge(ins.instrumentId, 'merchant');
    const sent = lastBody('/pts/v2/payments');
    expect(sent.processingInformation.commerceIndicator).toBe('recurring');
    expect(sent.processingInformation.authorizationOptions.initiator).toMatchObject({
      type: 'merchant',
      storedCredentialUsed: true,
    });
    const previous =
      sent.processingInformation.authorizationOptions.initiator.merchantInitiatedTransaction
        .previousTransactionId;
    expect(previous).toMatch(/^\d{15}$/);

    // Another node (a cold cache) reads it back from the TMS instrument identifier.
    const coldNode = adapter();
    await coldNode.charge({
      reference: ref('payin'),
      instrumentId: ins.instrumentId,
      amountCents: cents(300),
      description: 'x',
      initiator: 'merchant',
    });
    expect(
      lastBody('/pts/v2/payments').processingInformation.authorizationOptions.initiator
        .merchantInitiatedTransaction.previousTransactionId,
    ).toBe(previous);
  });

  it('maps declines to readable reasons', async () => {
    const poor = await register('4000000000009995');
    expect(await charge(poor.instrumentId)).toMatchObject({
      status: 'declined',
      reason: 'Insufficient funds',
    });
    const expired = await register('4000000000000069');
    expect(await charge(expired.instrumentId)).toMatchObject({ status: 'declined', reason: 'Expired card' });
  });

  it('a customer-initiated charge that needs 3-D Secure answers requires_authentication with the step-up URL', async () => {
    const ins = await register('4000002760003184');
    const o = await charge(ins.instrumentId, 'customer');
    expect(o).toMatchObject({
      status: 'requires_authentication',
      sessionUrl: expect.stringMatching(/\/stepup\//),
    });
    expect(await charge(ins.instrumentId, 'merchant')).toMatchObject({ status: 'captured' });
  });

  it('with our public URL, the step-up goes through our page, its form sealed in the link', async () => {
    let now = new Date();
    const ours = adapter({ publicUrl: 'https://pria.test/', now: () => now });
    const ins = await register('4000002760003184', ours);
    const o = await ours.charge({
      reference: ref('payin'),
      instrumentId: ins.instrumentId,
      amountCents: cents(300),
      description: 'x',
      initiator: 'customer',
      returnUrl: 'https://pria.test/dashboard/account/subscription',
    });
    if (o.status !== 'requires_authentication') throw new Error(`expected a step-up, got ${o.status}`);
    expect(lastBody('/pts/v2/payments').consumerAuthenticationInformation.returnUrl).toMatch(
      /^https:\/\/pria\.test\/gateway\/cybersource\/step-up\/return\?to=%2Fdashboard%2Faccount%2Fsubscription&charge=[\w-]{40,}$/,
    );
    const token = new URL(o.sessionUrl).searchParams.get('token') ?? '';
    expect(o.sessionUrl.startsWith('https://pria.test/gateway/cybersource/step-up?token=')).toBe(true);
    const stepUp = ours.openStepUp(token);
    expect(stepUp?.stepUpUrl).toBe(`${standIn.url}/stepup/${o.gatewayTransactionId}`);
    expect(stepUp?.accessToken.split('.')).toHaveLength(3);
    expect(token).not.toContain(stepUp?.accessToken.slice(0, 20));

    // Altered, opened with another secret, or older than 30 minutes: refused.
    const flipped = `${token.slice(0, 20)}${token[20] === 'A' ? 'B' : 'A'}${token.slice(21)}`;
    expect(ours.openStepUp(flipped)).toBeNull();
    expect(
      adapter({ sharedSecret: Buffer.from('another secret').toString('base64') }).openStepUp(token),
    ).toBeNull();
    now = new Date(now.getTime() + 31 * 60_000);
    expect(ours.openStepUp(token)).toBeNull();
  });

  it('HTTP 5xx is a GatewayError', async () => {
    const ins = await register('4111111111111111');
    await expect(charge(ins.instrumentId, 'merchant', 502)).rejects.toThrow(GatewayError);
    await expect(charge(ins.instrumentId, 'merchant', 502)).rejects.toThrow(/HTTP 502 SYSTEM_ERROR/);
  });

  it('a 502 SERVER_TIMEOUT (received, answer lost) is a GatewayTimeout, settled by lookup', async () => {
    const ins = await register('4111111111111111');
    const reference = ref('payin');
    await expect(charge(ins.instrumentId, 'merchant', 504, reference)).rejects.toThrow(GatewayTimeout);
    expect(await gw.lookup(reference)).toMatchObject({
      kind: 'charge',
      status: 'captured',
      amountCents: 504,
    });
  });

  it('a timeout after the money moved throws GatewayTimeout; lookup finds exactly one capture', async () => {
    const ins = await register('4000000000000119');
    const reference = ref('payin');
    const started = Date.now();
    await expect(charge(ins.instrumentId, 'merchant', 300, reference)).rejects.toThrow(GatewayTimeout);
    expect(Date.now() - started).toBeLessThan(2_500);
    expect(standIn.transactions.filter((t) => t.code === reference)).toHaveLength(1);
    const found = await gw.lookup(reference);
    expect(found).toEqual({
      kind: 'charge',
      status: 'captured',
      amountCents: 300,
      instrumentId: ins.instrumentId,
      gatewayTransactionId: standIn.transactions.find((t) => t.code === reference)?.id,
    });
  });

  it('the same reference twice never charges twice: CyberSource refuses the duplicate and we replay', async () => {
    const ins = await register('4111111111111111');
    const reference = ref('payin');
    const first = await charge(ins.instrumentId, 'merchant', 300, reference);
    const again = await charge(ins.instrumentId, 'merchant', 300, reference);
    expect(again).toEqual(first);
    expect(standIn.transactions.filter((t) => t.code === reference)).toHaveLength(1);
  });

  it('lookup of a reference never sent is null; declines are found with their reason', async () => {
    expect(await gw.lookup('payin:never:sent')).toBeNull();
    const poor = await register('4000000000009995');
    const reference = ref('payin');
    await charge(poor.instrumentId, 'merchant', 300, reference);
    expect(await gw.lookup(reference)).toMatchObject({
      kind: 'charge',
      status: 'declined',
      reason: 'Insufficient funds',
    });
  });
});

describe('payouts', () => {
  it('pays out to the instrument (funds disbursement) and lookup finds it', async () => {
    const ins = await register('4111111111111111');
    const reference = ref('payout');
    const o = await gw.payout({ reference, instrumentId: ins.instrumentId, amountCents: cents(300) });
    expect(o).toMatchObject({ status: 'paid' });
    expect(lastBody('/pts/v2/payouts')).toMatchObject({
      clientReferenceInformation: { code: reference },
      processingInformation: { businessApplicationId: 'FD' },
      paymentInformation: { paymentInstrument: { id: ins.instrumentId } },
      orderInformation: { amountDetails: { totalAmount: '3.00', currency: 'USD' } },
    });
    expect(await gw.lookup(reference)).toMatchObject({ kind: 'payout', status: 'paid', amountCents: 300 });
  });

  it('a payout to an account that is gone (INVALID_ACCOUNT) is returned, not failed: trying again cannot help', async () => {
    const ins = await register('4111111111111111');
    await gw.deleteInstrument(ins.instrumentId);
    const reference = ref('payout');
    expect(
      await gw.payout({ reference, instrumentId: ins.instrumentId, amountCents: cents(300) }),
    ).toMatchObject({ status: 'returned', reason: 'Account closed' });
    expect(await gw.lookup(reference)).toMatchObject({
      kind: 'payout',
      status: 'returned',
      reason: 'Account closed',
    });
  });
});

describe('refunds', () => {
  it('refunds a captured sale on its transaction id, once per reference, never more than it; lookup finds it', async () => {
    const ins = await register('4111111111111111');
    const chargeReference = ref('sub');
    const sale = await charge(ins.instrumentId, 'customer', 3897, chargeReference);
    expect(sale.status).toBe('captured');
    const saleId = (sale as { gatewayTransactionId: string }).gatewayTransactionId;
    const reference = ref('refund');
    const input = { reference, chargeReference, chargeTransactionId: saleId, amountCents: cents(2000) };
    const first = await gw.refund(input);
    expect(first).toMatchObject({ status: 'refunded' });
    expect(lastBody(`/pts/v2/payments/${saleId}/refunds`)).toMatchObject({
      clientReferenceInformation: { code: reference },
      orderInformation: { amountDetails: { totalAmount: '20.00', currency: 'USD' } },
    });
    // The same reference again: CyberSource refuses the duplicate, we replay the first outcome.
    expect(await gw.refund(input)).toEqual(first);
    expect(await gw.lookup(reference)).toMatchObject({
      kind: 'refund',
      status: 'refunded',
      amountCents: 2000,
    });
    const tooMuch = await gw.refund({ ...input, reference: ref('refund'), amountCents: cents(1898) });
    expect(tooMuch).toMatchObject({ status: 'failed' });
    const noSale = await gw.refund({ ...input, reference: ref('refund'), chargeTransactionId: null });
    expect(noSale).toMatchObject({ status: 'failed', reason: 'The charge has no processor transaction id' });
  });
});
