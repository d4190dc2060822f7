import { cents, encryptCard } from '@pria/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import {
  AUTHENTICATION_EXPIRED,
  AUTHENTICATION_WINDOW_MS,
  createSimulatorGateway,
  type SimulatorGateway,
} from './simulator-gateway.ts';

// The hosted authentication page, served by the app (the simulator's state is in the database,
// so a second simulator instance on the same database sees the same sessions).
let t: TestApp;
let gw: SimulatorGateway;
let instrumentId: string;

beforeAll(async () => {
  t = await startTestApp();
  gw = await createSimulatorGateway({ db: t.db, publicUrl: t.url });
  const card = await gw.createInstrument({
    reference: 'card:sessions-test',
    encryptedCard: await encryptCard({ number: '4000 0027 6000 3184', cvc: '123' }, await gw.publicKey()),
    expirationMonth: 12,
    expirationYear: new Date().getFullYear() + 1,
    name: 'Ann Example',
    billingAddress: {
      address1: '1 Main St',
      address2: null,
      locality: 'X',
      administrativeArea: 'IL',
      country: 'US',
      postalCode: '62701',
    },
  });
  instrumentId = card.instrumentId;
});
afterAll(() => t?.stop());

async function pendingCharge(reference: string, returnUrl?: string) {
  const outcome = await gw.charge({
    reference,
    instrumentId,
    amountCents: cents(3600),
    description: 'Pria plan',
    initiator: 'customer',
    ...(returnUrl ? { returnUrl } : {}),
  });
  if (outcome.status !== 'requires_authentication') throw new Error(`unexpected ${outcome.status}`);
  return outcome.sessionUrl;
}

const submit = (url: string, decision: string) =>
  fetch(url, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ decision }),
  });

describe('GET/POST /gateway-sim/sessions/:id', () => {
  it('shows a script-free page and captures on "Authenticate payment"', async () => {
    const url = await pendingCharge('checkout:1');
    expect(url.startsWith(`${t.url}/gateway-sim/sessions/`)).toBe(true);
    const page = await fetch(url);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    const html = await page.text();
    expect(html).toContain('Authenticate payment');
    expect(html).toContain('Cancel');
    expect(html).toContain('$36.00');
    expect(html).not.toContain('<script');
    const done = await submit(url, 'authenticate');
    expect(done.status).toBe(200);
    expect(await done.text()).toContain('Payment authenticated');
    expect(await gw.lookup('checkout:1')).toMatchObject({ status: 'captured' });
    // A second submit does not change the outcome.
    await submit(url, 'cancel');
    expect(await gw.lookup('checkout:1')).toMatchObject({ status: 'captured' });
    expect(await (await fetch(url)).text()).toContain('already captured');
  });

  it('declines on "Cancel" and sends the customer back to the return URL', async () => {
    const url = await pendingCharge('checkout:2', `${t.url}/checkout/done`);
    const res = await submit(url, 'cancel');
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`${t.url}/checkout/done?reference=checkout%3A2`);
    expect(await gw.lookup('checkout:2')).toMatchObject({
      status: 'declined',
      reason: 'Authentication failed',
    });
  });

  it('declines a challenge left unanswered past its window, and a late answer changes nothing (issue 29)', async () => {
    let now = new Date();
    const timed = await createSimulatorGateway({ db: t.db, publicUrl: t.url, clock: () => now });
    const outcome = await timed.charge({
      reference: 'checkout:late',
      instrumentId,
      amountCents: cents(3600),
      description: 'Pria plan',
      initiator: 'customer',
      returnUrl: `${t.url}/dashboard/account/subscription`,
    });
    if (outcome.status !== 'requires_authentication') throw new Error(`unexpected ${outcome.status}`);
    // Inside the window it waits for the customer.
    now = new Date(now.getTime() + AUTHENTICATION_WINDOW_MS - 1000);
    expect(await timed.lookup('checkout:late')).toMatchObject({ status: 'requires_authentication' });
    // Past it, the issuer's answer is a decline, which is what our lookups then read.
    now = new Date(now.getTime() + 2000);
    expect(await timed.lookup('checkout:late')).toMatchObject({
      status: 'declined',
      reason: AUTHENTICATION_EXPIRED,
    });
    const page = await (await fetch(outcome.sessionUrl)).text();
    expect(page).toContain('Verification expired');
    expect(page).toContain('nothing was charged');
    await submit(outcome.sessionUrl, 'authenticate');
    expect(await timed.lookup('checkout:late')).toMatchObject({ status: 'declined' });
  });

  it('answers 404 for an unknown session', async () => {
    expect((await fetch(`${t.url}/gateway-sim/sessions/nope`)).status).toBe(404);
  });
});
