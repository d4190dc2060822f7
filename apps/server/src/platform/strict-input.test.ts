import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as mini from 'zod/mini';
import { isZodSchema, strictInput, undeclaredBody, validationMessage } from './strict-input.ts';

const address = z.object({ street: z.string(), floor: z.number().optional() }).describe('Where');
const body = z
  .object({
    name: z.string().trim().min(1),
    address,
    previous: z.array(address).optional(),
    either: z.union([z.object({ a: z.string() }), z.string()]).optional(),
    piped: z
      .object({ n: z.string() })
      .transform((o) => o.n)
      .optional(),
    open: z.looseObject({ kind: z.string() }).optional(),
    extensions: z.record(z.string(), z.unknown()).optional(),
  })
  .refine((b) => b.name !== 'nobody', { message: 'not nobody', path: ['name'] });

const issues = (schema: z.core.$ZodType, input: unknown) =>
  z.safeParse(schema, input).error?.issues.map((i) => ({ code: i.code, path: i.path.join('.') })) ?? [];

describe('strictInput: objects refuse keys they do not name', () => {
  const strict = strictInput(body);
  const valid = { name: 'Ann', address: { street: '1 Main St' } };

  it('accepts what the schema names, as before', () => {
    expect(strict.parse(valid)).toEqual(body.parse(valid));
  });

  it('refuses an unknown key at the top, in nested objects, in arrays, unions and pipes', () => {
    expect(issues(strict, { ...valid, bogus: 1 })).toEqual([{ code: 'unrecognized_keys', path: '' }]);
    expect(issues(strict, { ...valid, address: { street: 'x', flor: 2 } })).toEqual([
      { code: 'unrecognized_keys', path: 'address' },
    ]);
    expect(issues(strict, { ...valid, previous: [{ street: 'x', zip: '1' }] })).toEqual([
      { code: 'unrecognized_keys', path: 'previous.0' },
    ]);
    expect(strict.safeParse({ ...valid, either: { a: 'x', b: 'y' } }).success).toBe(false);
    expect(strict.safeParse({ ...valid, either: { a: 'x' } }).success).toBe(true);
    expect(issues(strict, { ...valid, piped: { n: 'x', m: 'y' } })).toEqual([
      { code: 'unrecognized_keys', path: 'piped' },
    ]);
  });

  it('keeps what a schema states open: a loose object, a record', () => {
    const open = { ...valid, open: { kind: 'k', extra: 1 }, extensions: { anything: true } };
    expect(strict.safeParse(open).success).toBe(true);
  });

  it('keeps refinements and descriptions, and the original schema untouched', () => {
    expect(issues(strict, { ...valid, name: 'nobody' })).toEqual([{ code: 'custom', path: 'name' }]);
    expect(strict.shape.address.description).toBe('Where');
    expect(body.safeParse({ ...valid, bogus: 1 }).success).toBe(true);
  });

  it('documents additionalProperties false on every object it tightened', () => {
    const json = z.toJSONSchema(strict, { io: 'input' }) as {
      additionalProperties?: unknown;
      properties: Record<string, { additionalProperties?: unknown; description?: string }>;
    };
    expect(json.additionalProperties).toBe(false);
    expect(json.properties.address).toMatchObject({ additionalProperties: false, description: 'Where' });
    expect(json.properties.open?.additionalProperties).toEqual({});
  });

  it('converts a schema once: the same input gives the same strict schema', () => {
    expect(strictInput(body)).toBe(strict);
  });

  it("tightens a schema of zod's mini API too (the contracts' browser-side ones: the profile's body)", () => {
    const profile = mini.object({ name: mini.string(), address: mini.object({ street: mini.string() }) });
    expect(isZodSchema(profile)).toBe(true);
    expect(isZodSchema({ type: 'object' })).toBe(false);
    const tight = strictInput(profile);
    expect(issues(tight, { name: 'Ann', address: { street: 'x' }, email: 'a@b.c' })).toEqual([
      { code: 'unrecognized_keys', path: '' },
    ]);
    expect(issues(tight, { name: 'Ann', address: { street: 'x', floor: 2 } })).toEqual([
      { code: 'unrecognized_keys', path: 'address' },
    ]);
    expect(profile.safeParse({ name: 'Ann', address: { street: 'x' }, email: 'a@b.c' }).success).toBe(true);
  });
});

describe('refusals name what was unknown, where', () => {
  it('query parameters and (nested) properties', () => {
    expect(
      validationMessage(
        { keyword: 'unrecognized_keys', instancePath: '/', params: { keys: ['bogusParameter'] } },
        'querystring',
      ),
    ).toBe('Unknown query parameter: bogusParameter');
    expect(
      validationMessage(
        { keyword: 'unrecognized_keys', instancePath: '/address', params: { keys: ['a', 'b'] } },
        'body',
      ),
    ).toBe('Unknown properties: address.a, address.b');
    expect(validationMessage({ keyword: 'too_small', message: 'Too short' }, 'body')).toBe('Too short');
  });

  it('a body sent to an operation that takes none: nothing, null and {} pass; anything else is refused', () => {
    expect([undefined, null, {}].map(undeclaredBody)).toEqual([null, null, null]);
    expect(undeclaredBody({ forEmails: [] })).toBe('Unknown property: forEmails');
    expect(undeclaredBody([1])).toBe('This request takes no body');
    expect(undeclaredBody('x')).toBe('This request takes no body');
  });
});
