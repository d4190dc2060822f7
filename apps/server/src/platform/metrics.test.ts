import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../test/free-port.ts';
import { startTestApp, type TestApp } from '../test/harness.ts';

/**
 * /metrics on a listener of its own (METRICS_PORT, issue 39): the port the public load balancer
 * forwards does not serve it, and the scrape port asks for METRICS_TOKEN when one is set.
 */
let t: TestApp;
let scrape: string;
const TOKEN = 'scrape-token-0123456789';

beforeAll(async () => {
  const port = await freePort();
  t = await startTestApp({ METRICS_PORT: String(port), METRICS_TOKEN: TOKEN, HOST: '127.0.0.1' });
  scrape = `http://127.0.0.1:${port}`;
});
afterAll(async () => t?.stop());

describe('metrics on a listener of their own', () => {
  it('are not served on the app port', async () => {
    await fetch(`${t.url}/healthz`);
    const res = await fetch(`${t.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    // No such route: the web app's "not found" (503 "not built" when the web app is not built).
    expect([404, 503]).toContain(res.status);
    expect(await res.text()).not.toMatch(/pria_http_request_seconds/);
  });

  it('are served on the metrics port to a scraper with the token, and nothing else is', async () => {
    expect((await fetch(`${scrape}/metrics`)).status).toBe(401);
    expect((await fetch(`${scrape}/metrics`, { headers: { authorization: 'Bearer wrong' } })).status).toBe(
      401,
    );
    const res = await fetch(`${scrape}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(200);
    expect(await res.text()).toMatch(/pria_http_request_seconds_count\{[^}]*route="\/healthz"/);
    expect((await fetch(`${scrape}/`)).status).toBe(404);
    expect((await fetch(`${scrape}/api/v1/plans`)).status).toBe(404);
  });
});
