import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
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
