import type { QueryClient } from '@tanstack/react-query';
import { cardKeys } from '../cards/queries.ts';
import { planKeys } from '../plans/queries.ts';
import { subscriptionKeys } from '../subscription/queries.ts';
import { customerKeys } from './queries.ts';

/**
 * Where each first-screen answer goes in the query cache: the key of the hook that asks that call
 * (features/∗/queries.ts), so a screen reads it as its own answer. The server's render of a first
 * screen fills its cache from them (src/prerender.tsx), and the app from the same answers carried
 * in the document (`seedFirstAnswers`).
 */
export const firstAnswerKeys: Readonly<Record<string, readonly unknown[]>> = {
  '/api/v1/customers/me': customerKeys.me(),
  '/api/v1/subscriptions/me': subscriptionKeys.mine(),
  '/api/v1/cards': cardKeys.list(),
  '/api/v1/subscriptions/me/upcoming': subscriptionKeys.upcoming(),
  '/api/v1/plans': planKeys.list(),
};

/** An answer's `data`, when it is an envelope that has one (what api-answer.ts `dataOf` reads from a call). */
function envelopeData(answer: unknown): { data: unknown } | undefined {
  return typeof answer === 'object' && answer !== null && 'data' in answer
    ? { data: answer.data }
    : undefined;
}

/**
 * Puts each answer (call -> its JSON body) in `client`'s cache under its hook's key, and gives the
 * calls it put there; a call of no known key or an answer without data is left to its hook. Done
 * before a screen's first render, the screen renders with its data in that render (which React
 * cuts into short slices), not once more as each answer arrives (an answer from the cache renders
 * at once, in one task that blocks the page).
 */
export function seedFirstAnswers(client: QueryClient, answers: Record<string, unknown>): string[] {
  const seeded: string[] = [];
  for (const [call, answer] of Object.entries(answers)) {
    const key = firstAnswerKeys[call];
    const body = envelopeData(answer);
    if (!key || !body) continue;
    client.setQueryData(key, body.data);
    seeded.push(call);
  }
  return seeded;
}
