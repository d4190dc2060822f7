import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { cardKeys } from '../cards/queries.ts';
import { subscriptionKeys } from '../subscription/queries.ts';
import { firstAnswerKeys, seedFirstAnswers } from './first-answers.ts';
import { firstScreenCalls } from './first-calls.ts';
import { customerKeys } from './queries.ts';

describe("a document's first answers in the query cache", () => {
  it("go under their hooks' keys as the data the hooks read", () => {
    const client = new QueryClient();
    const seeded = seedFirstAnswers(client, {
      '/api/v1/customers/me': { data: { id: 'c1', first_name: 'Ana' }, message: 'ok' },
      '/api/v1/cards': { data: [{ id: 'card1' }] },
      '/api/v1/subscriptions/me': { data: null },
    });
    expect(seeded).toEqual(['/api/v1/customers/me', '/api/v1/cards', '/api/v1/subscriptions/me']);
    expect(client.getQueryData(customerKeys.me())).toEqual({ id: 'c1', first_name: 'Ana' });
    expect(client.getQueryData(cardKeys.list())).toEqual([{ id: 'card1' }]);
    // No subscription is an answer too: the hook reads null, and does not ask again.
    expect(client.getQueryState(subscriptionKeys.mine())?.status).toBe('success');
    expect(client.getQueryData(subscriptionKeys.mine())).toBeNull();
  });

  it('leave out a call of no known key and an answer without data', () => {
    const client = new QueryClient();
    const seeded = seedFirstAnswers(client, {
      '/api/v1/progress': { data: { months: [] } },
      '/api/v1/subscriptions/me/upcoming': { message: 'no data here' },
      '/api/v1/plans': 'not an envelope',
    });
    expect(seeded).toEqual([]);
    expect(client.getQueryCache().getAll()).toHaveLength(0);
  });

  it("has a key for every call a first screen is rendered from (the server's render reads them)", () => {
    for (const calls of Object.values(firstScreenCalls))
      for (const call of calls ?? []) expect(firstAnswerKeys, call).toHaveProperty([call]);
  });
});
