import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.stop());

describe('HTTP shell', () => {
  it('answers health and readiness', async () => {
    expect((await fetch(`${t.url}/healthz`)).status).toBe(200);
    const ready = await fetch(`${t.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ status: 'ready' });
  });

  it("refuses API calls without a valid bearer token with 'Invalid Token'", async () => {
    for (const headers of [{}, { authorization: 'Bearer nonsense' }, { authorization: 'Basic abc' }]) {
      const res = await fetch(`${t.url}/api/v1/customers/me`, { headers });
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject({
        httpCode: 401,
        message: 'Invalid Token',
        error: ['Invalid Token'],
      });
    }
  });

  it('sends security headers with a strict script policy', async () => {
    const res = await fetch(`${t.url}/healthz`);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('serves the OpenAPI document and docs', async () => {
    const res = await fetch(`${t.url}/api/docs/json`);
    expect(res.status).toBe(200);
    const doc = (await res.json()) as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths)).toContain('/api/v1/support/contact-us');
    expect(Object.keys(doc.paths)).toContain('/api/v1/customers/{id}');
    // The subscription lifecycle's operations (issue 19) and the money engine's staff tools.
    for (const path of [
      '/api/v1/subscriptions/{id}/cancel',
      '/api/v1/subscriptions/{id}/keep',
      '/api/v1/subscriptions/me/upcoming',
      '/api/v1/receipts/{id}',
      '/api/v1/statements/{year}',
      '/api/v1/refunds',
      '/api/v1/disputes',
    ]) {
      expect(Object.keys(doc.paths)).toContain(path);
    }
  });

  it('answers unknown API paths with a JSON 404 in the envelope', async () => {
    const res = await fetch(`${t.url}/api/v1/nope`);
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ httpCode: 404, code: 'NOT_FOUND' });
  });

  it('publishes the sign-in settings the web app needs', async () => {
    const res = await fetch(`${t.url}/config.json`);
    expect(await res.json()).toMatchObject({
      authority: `${t.url}/oidc`,
      clientId: 'pria-web',
      audience: `${t.url}/api`,
      cardEntry: 'encrypted',
    });
  });
});

describe('/metrics', () => {
  it('exposes request latency, processor and outbox figures in Prometheus format', async () => {
    await fetch(`${t.url}/healthz`);
    const res = await fetch(`${t.url}/metrics`);
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).toContain('pria_http_request_seconds_bucket{');
    expect(text).toMatch(
      /pria_http_request_seconds_count\{method="GET",route="\/healthz",status="200"\} \d+/,
    );
    expect(text).toContain('# TYPE pria_outbox_backlog gauge');
    expect(text).toContain('# TYPE pria_gateway_call_seconds histogram');
    expect(text).toContain('# TYPE pria_billing_outcomes_total counter');
  });

  it('asks for the token when METRICS_TOKEN is set', async () => {
    const guarded = await startTestApp({ METRICS_TOKEN: 'a-long-scrape-token-123' });
    try {
      expect((await fetch(`${guarded.url}/metrics`)).status).toBe(401);
      const ok = await fetch(`${guarded.url}/metrics`, {
        headers: { authorization: 'Bearer a-long-scrape-token-123' },
      });
      expect(ok.status).toBe(200);
    } finally {
      await guarded.stop();
    }
  });
});
