import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createMethodIndex, responseSerializer } from './framework-errors.ts';
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

describe('the methods a path has (405 Allow)', () => {
  it('matches concrete paths against route patterns as Fastify does', () => {
    const index = createMethodIndex();
    index.add({ method: 'GET', url: '/api/v1/cards' } as never);
    index.add({ method: ['PUT', 'DELETE'], url: '/api/v1/cards/:cardId' } as never);
    expect(index.allowed('/api/v1/cards')).toEqual(['GET']);
    expect(index.allowed('/api/v1/cards/abc?x=1')).toEqual(['DELETE', 'PUT']);
    expect(index.allowed('/api/v1/nothing')).toEqual([]);
  });
});
