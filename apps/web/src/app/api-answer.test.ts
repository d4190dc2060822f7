import type { Client } from 'openapi-fetch';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { dataOf, withMessage } from './api-answer.ts';
import { ApiError } from './api-error.ts';
import type { paths } from './pria-api.d.ts';

const answered = <T>(data: T, message = 'OK') =>
  Promise.resolve({ data: { data, message, httpCode: 200, error: [] }, response: new Response('{}') });

describe('an answer is read from its envelope', () => {
  it("dataOf gives the envelope's data, withMessage the server's words too", async () => {
    expect(await dataOf(answered([{ id: 'annual' }]))).toEqual([{ id: 'annual' }]);
    expect(await withMessage(answered(null, 'Card removed'))).toEqual({
      data: null,
      message: 'Card removed',
    });
  });

  it('an answer without a body is an ApiError, never undefined read as data', async () => {
    const empty = Promise.resolve({ response: new Response(null, { status: 204 }) });
    await expect(dataOf(empty)).rejects.toBeInstanceOf(ApiError);
  });
});

/**
 * Never called: `npm run typecheck` (tsc -p apps/web) checks it. The answer's type is the
 * document's for that path and method (pria-api.d.ts), so a renamed field, an unknown path or a
 * body field the operation does not take does not compile (each @ts-expect-error fails the
 * typecheck if the line ever compiles).
 */
export async function typedByTheDocument(api: Client<paths>) {
  const plans = await dataOf(api.GET('/api/v1/plans'));
  expectTypeOf(plans[0]?.total).toEqualTypeOf<number | undefined>();
  // @ts-expect-error the plan's price is `total` (cents); a renamed field is not there
  plans[0]?.totalCents;
  const customer = await dataOf(api.GET('/api/v1/customers/{id}', { params: { path: { id: 'me' } } }));
  expectTypeOf(customer).not.toBeAny();
  // @ts-expect-error a path the document does not have
  await api.GET('/api/v1/plan');
  // @ts-expect-error a body field the operation does not take (a client's typo)
  await api.POST('/api/v1/customers/notification', { body: { forEmails: true } });
}
