import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { uuidArray } from './uuid-array.ts';

let client: pg.Client;
beforeAll(async () => {
  client = new pg.Client({ connectionString: inject('pgAdminUrl') });
  await client.connect();
});
afterAll(() => client.end());

const ids = [
  '018f3c2e-7b1a-7c3d-9e4f-0123456789ab',
  null,
  'FFFFFFFF-0000-4000-8000-ABCDEFabcdef',
  '00000000-0000-0000-0000-000000000000',
];

describe('uuidArray', () => {
  it('is read by the server as the same uuid[] as its text form, nulls and upper case included', async () => {
    const { rows } = await client.query<{ same: boolean; back: string | null; n: number }>(
      'select $1::uuid[] = $2::uuid[] as same, ($1::uuid[])[3]::text as back, cardinality($1::uuid[]) as n',
      [uuidArray(ids), ids],
    );
    expect(rows[0]).toEqual({ same: true, back: 'ffffffff-0000-4000-8000-abcdefabcdef', n: 4 });
  });

  it('is an empty array for no values', async () => {
    const { rows } = await client.query<{ n: number }>('select cardinality($1::uuid[]) as n', [
      uuidArray([]),
    ]);
    expect(rows[0]?.n).toBe(0);
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
