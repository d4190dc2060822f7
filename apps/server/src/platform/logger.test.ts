import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { loadConfig } from '../config.ts';
import { createHttpApp } from './app.ts';
import { unauthorized } from './errors.ts';
import { access } from './http.ts';
import { createLogger, scrubUrl } from './logger.ts';

function capture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, cb) {
      lines.push(String(chunk));
      cb();
    },
  });
  return { lines, logger: createLogger('info', stream) };
}

describe('log redaction', () => {
  it('never writes passwords, card data, codes or tokens', () => {
    const { lines, logger } = capture();
    logger.info(
      {
        password: 'hunter22',
        body: { number: '4111111111111111', cvc: '123', code: '9911', nested: { token: 'abc.def.ghi' } },
        req: { headers: { authorization: 'Bearer abc.def.ghi' } },
      },
      'event',
    );
    const out = lines.join('');
    for (const secret of ['hunter22', '4111111111111111', '"123"', '9911', 'abc.def.ghi']) {
      expect(out).not.toContain(secret);
    }
    expect(out).toContain('[Redacted]');
  });

  it('scrubs secrets from URLs', () => {
    expect(scrubUrl('/auth/callback?code=abc&state=xyz&x=1')).toBe(
      '/auth/callback?code=[Redacted]&state=[Redacted]&x=1',
    );
    expect(scrubUrl('/api/v1/customers/?code=1234')).toBe('/api/v1/customers/?code=[Redacted]');
  });
});

describe('request log', () => {
  async function appWithCapturedLog() {
    const { lines, logger } = capture();
    const config = loadConfig({
      NODE_ENV: 'test',
      PORT: '1',
      PUBLIC_URL: 'http://127.0.0.1:1',
      DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none',
    });
    const app = await createHttpApp({
      config,
      logger,
      verifyToken: async () => {
        throw unauthorized();
      },
    });
    app.post('/echo', { config: access.public }, async (req) => {
      req.log.info({ body: req.body }, 'handler saw a body');
      return { ok: true };
    });
    app.get('/api/v1/mine', { config: access.user }, async () => ({ ok: true }));
    // Takes a one-time code in its query, as a sign-in callback does.
    app.get(
      '/callback',
      { config: access.public, schema: { querystring: z.object({ code: z.string(), x: z.string() }) } },
      async () => ({ ok: true }),
    );
    app.get('/boom', { config: access.public }, async () => {
      throw new Error('kaput');
    });
    const parsed = () => lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    return { app, lines, parsed };
  }

  it('writes one line per request, when answered: method, scrubbed URL, status, time and request id', async () => {
    const { app, parsed } = await appWithCapturedLog();
    const res = await app.inject({
      url: '/callback?code=4471&x=1',
      headers: { 'x-forwarded-for': '10.0.0.9' },
    });
    expect(res.statusCode).toBe(200);
    const out = parsed();
    expect(out).toHaveLength(1);
    expect(out[0]).toMatchObject({
      level: 30,
      msg: 'request completed',
      reqId: expect.any(String),
      req: { method: 'GET', url: '/callback?code=[Redacted]&x=1' },
      res: { statusCode: 200 },
      responseTime: expect.any(Number),
    });
    await app.close();
  });

  it('says the status of refused and failed requests, and never the bearer token or cookies', async () => {
    const { app, lines, parsed } = await appWithCapturedLog();
    const refused = await app.inject({
      url: '/api/v1/mine',
      headers: { authorization: 'Bearer eyJhbGciOi.secret-token.sig', cookie: 'session=secret-cookie' },
    });
    expect(refused.statusCode).toBe(401);
    expect((await app.inject('/boom')).statusCode).toBe(500);
    const out = parsed();
    const completed = out.filter((l) => l.msg === 'request completed');
    expect(
      completed.map((l) => [(l.req as { url: string }).url, (l.res as { statusCode: number }).statusCode]),
    ).toEqual([
      ['/api/v1/mine', 401],
      ['/boom', 500],
    ]);
    // The failure itself is logged by the error handler, under the same request id.
    const failure = out.find((l) => l.msg === 'unhandled error');
    expect(failure?.reqId).toBe(completed[1]?.reqId);
    expect(lines.join('')).not.toContain('secret-token');
    expect(lines.join('')).not.toContain('secret-cookie');
    await app.close();
  });

  it('keeps redacting what handlers log', async () => {
    const { app, lines, parsed } = await appWithCapturedLog();
    await app.inject({
      method: 'POST',
      url: '/echo',
      payload: { password: 'hunter22', card: { number: '4111111111111111', cvc: '123' } },
    });
    const [handler, completed] = parsed();
    expect([handler?.msg, completed?.msg]).toEqual(['handler saw a body', 'request completed']);
    // The handler's line carries the request's id, as the answered line does.
    expect(handler?.reqId).toEqual(expect.any(String));
    expect(handler?.reqId).toBe(completed?.reqId);
    const out = lines.join('');
    for (const secret of ['hunter22', '4111111111111111', '"123"']) expect(out).not.toContain(secret);
    await app.close();
  });
});
