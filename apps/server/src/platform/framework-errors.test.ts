import { errorEnvelopeFor } from '@pria/contracts';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { clientErrorHandler, responseSerializer } from './framework-errors.ts';
import type { Logger } from './logger.ts';

const schema = z.object({ id: z.string(), amount: z.number().int() });
const route = { schema, method: 'GET', url: '/api/v1/x', httpStatus: '200' };
const logger = () => ({ error: vi.fn() }) as unknown as Logger & { error: ReturnType<typeof vi.fn> };

describe('answers checked against their documented schema', () => {
  it('strict (tests, development): an answer that drifted from its schema is an error, so CI fails', () => {
    const serialize = responseSerializer('strict', logger())(route as never);
    expect(serialize({ id: 'a', amount: 300 })).toBe('{"id":"a","amount":300}');
    expect(() => serialize({ id: 'a', amount: '3.00' })).toThrow(ResponseSerializationError);
  });

  it('strict and report both drop fields the schema does not document', () => {
    const serialize = responseSerializer('report', logger())(route as never);
    expect(serialize({ id: 'a', amount: 300, instrumentSecret: 'x' })).toBe('{"id":"a","amount":300}');
  });

  it('report (production): a drifted answer is logged with its route and still sent', () => {
    const log = logger();
    const serialize = responseSerializer('report', log)(route as never);
    expect(serialize({ id: 'a', amount: '3.00' })).toBe('{"id":"a","amount":"3.00"}');
    expect(log.error).toHaveBeenCalledWith(
      expect.objectContaining({ method: 'GET', url: '/api/v1/x' }),
      'response does not match its documented schema',
    );
  });
});

describe("Node's own refusals in the envelope (clientErrorHandler)", () => {
  /** A stand-in for the connection Node hands over: what was written to it, whether it was closed. */
  function socket() {
    const written: string[] = [];
    return {
      written,
      writable: true,
      destroyed: false,
      write(chunk: string) {
        written.push(chunk);
        return true;
      },
      destroy() {
        this.destroyed = true;
      },
    };
  }
  const answerTo = (code: string) => {
    const s = socket();
    clientErrorHandler(Object.assign(new Error(code), { code }), s as never);
    const [head = '', body = ''] = (s.written[0] ?? '').split('\r\n\r\n');
    return { status: Number(head.split(' ')[1]), body: JSON.parse(body), closed: s.destroyed };
  };

  it('a request slower than the server waits is 408 REQUEST_TIMEOUT, and the connection is closed', () => {
    const answer = answerTo('ERR_HTTP_REQUEST_TIMEOUT');
    expect(answer.status).toBe(408);
    expect(errorEnvelopeFor(408).safeParse(answer.body).success).toBe(true);
    expect(answer.body.code).toBe('REQUEST_TIMEOUT');
    expect(answer.closed).toBe(true);
  });

  it('headers over 16 KiB are 431 HEADERS_TOO_LARGE', () => {
    const answer = answerTo('HPE_HEADER_OVERFLOW');
    expect(answer.status).toBe(431);
    expect(errorEnvelopeFor(431).safeParse(answer.body).success).toBe(true);
  });

  it('any other malformed request is 400 VALIDATION', () => {
    const answer = answerTo('HPE_INVALID_METHOD');
    expect(answer.status).toBe(400);
    expect(errorEnvelopeFor(400).safeParse(answer.body).success).toBe(true);
  });
});
