import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { int8Array, textArray, timestamptzArray, uuidArray } from './binary-arrays.ts';

let client: pg.Client;
beforeAll(async () => {
  client = new pg.Client({ connectionString: inject('pgAdminUrl') });
  await client.connect();
});
afterAll(() => client.end());

/** The server's reading of `binary` against its reading of the same values as text. */
async function sameAsText(type: string, binary: Buffer, values: readonly unknown[]) {
  const { rows } = await client.query<{ same: boolean; n: number }>(
    `select $1::${type}[] is not distinct from $2::${type}[] as same, cardinality($1::${type}[]) as n`,
    [binary, values],
  );
  return rows[0];
}

describe('uuidArray', () => {
  const ids = [
    '018f3c2e-7b1a-7c3d-9e4f-0123456789ab',
    null,
    'FFFFFFFF-0000-4000-8000-ABCDEFabcdef',
    '00000000-0000-0000-0000-000000000000',
  ];

  it('is read by the server as the same uuid[] as its text form, nulls and upper case included', async () => {
    expect(await sameAsText('uuid', uuidArray(ids), ids)).toEqual({ same: true, n: 4 });
    const { rows } = await client.query<{ back: string }>('select ($1::uuid[])[3]::text as back', [
      uuidArray(ids),
    ]);
    expect(rows[0]?.back).toBe('ffffffff-0000-4000-8000-abcdefabcdef');
  });

  it('is an empty array for no values', async () => {
    expect(await sameAsText('uuid', uuidArray([]), [])).toEqual({ same: true, n: 0 });
  });

  it.each([
    ['too short', '018f3c2e-7b1a-7c3d-9e4f-0123456789a'],
    ['a dash out of place', '018f3c2e7-b1a-7c3d-9e4f-0123456789ab'],
    ['not hex', '018f3c2e-7b1a-7c3d-9e4f-0123456789zz'],
    ['beyond ASCII', '018f3c2e-7b1a-7c3d-9e4f-0123456789aé'],
  ])('refuses a value that is not a UUID (%s)', (_, value) => {
    expect(() => uuidArray([ids[0] ?? '', value])).toThrow(TypeError);
  });
});

describe('textArray', () => {
  it('is read as the same text[]: quotes, commas, braces, backslashes, NULL as a word, empty, non-ASCII', async () => {
    const values = ['payin:1:2030-01', 'a "quoted", {braced} \\ value', 'NULL', '', null, 'Zoë · 日本 💳'];
    expect(await sameAsText('text', textArray(values), values)).toEqual({ same: true, n: 6 });
  });
});

describe('int8Array', () => {
  it('is read as the same bigint[], negatives and the safe range included', async () => {
    const values = [
      300,
      -300,
      0,
      null,
      2 ** 32,
      -(2 ** 32) - 1,
      Number.MAX_SAFE_INTEGER,
      Number.MIN_SAFE_INTEGER,
    ];
    expect(
      await sameAsText(
        'bigint',
        int8Array(values),
        values.map((v) => v?.toString() ?? null),
      ),
    ).toEqual({
      same: true,
      n: 8,
    });
  });

  it('refuses a number that is not a safe integer', () => {
    expect(() => int8Array([1.5])).toThrow(TypeError);
    expect(() => int8Array([2 ** 53])).toThrow(TypeError);
  });
});

describe('timestamptzArray', () => {
  it('is read as the same instants to the millisecond, before 2000 and after 2038 included', async () => {
    const values = [
      new Date('2030-01-28T21:00:00.123Z'),
      new Date('1999-12-31T23:59:59.999Z'),
      null,
      new Date('2100-03-02T21:00:00Z'),
    ];
    const text = values.map((d) => d?.toISOString() ?? null);
    expect(await sameAsText('timestamptz', timestamptzArray(values), text)).toEqual({ same: true, n: 4 });
  });

  it('refuses an invalid date', () => {
    expect(() => timestamptzArray([new Date('nope')])).toThrow(TypeError);
  });
});
