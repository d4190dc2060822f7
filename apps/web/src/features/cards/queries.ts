import type { encryptCard } from '@pria/contracts';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { ApiError, api, dataOf } from '../../app/api-client.ts';
import { loadAuthConfig } from '../../app/auth/auth-config.ts';

type JWK = Parameters<typeof encryptCard>[1];

export const cardKeys = {
  all: ['cards'] as const,
  list: () => [...cardKeys.all, 'list'] as const,
  publicKey: () => [...cardKeys.all, 'public-key'] as const,
  entry: () => [...cardKeys.all, 'entry'] as const,
};

/**
 * How long the list serves the sections that mount after it (the dashboard's cards, Upcoming's words,
 * the progress) without asking again; the cards' own mutations invalidate it.
 */
const FRESH_MS = 10_000;

export function useCards() {
  return useQuery({
    queryKey: cardKeys.list(),
    staleTime: FRESH_MS,
    queryFn: ({ signal }) => dataOf(api.GET('/api/v1/cards', { signal })),
  });
}

/** The gateway's encryption key: card number and CVC are encrypted to it in the browser. */
export function fetchCardPublicKey(queryClient: QueryClient): Promise<JWK> {
  return queryClient.fetchQuery({
    queryKey: cardKeys.publicKey(),
    queryFn: () => dataOf(api.GET('/api/v1/cards/public-key')),
    staleTime: 10 * 60_000,
  });
}

/**
 * How this deployment's processor takes a card typed in the browser: Microform hosted fields
 * (a capture context starts them) or encryption to its public key (the simulator), as
 * /config.json says; a server that does not say is asked for a capture context (404: encrypted). `pending` until the API has said; `unavailable` when it could
 * not (e.g. CyberSource did not answer), which the form shows rather than falling back to plain
 * inputs on a deployment that must never have them.
 */
export type CardEntry =
  | { kind: 'pending' }
  | { kind: 'encrypted' }
  | { kind: 'microform'; captureContext: string }
  | { kind: 'unavailable'; retry: () => void };

export function useCardEntry(enabled = true): CardEntry {
  const query = useQuery({
    queryKey: cardKeys.entry(),
    enabled,
    queryFn: async () => {
      if ((await loadAuthConfig()).cardEntry === 'encrypted') return null;
      try {
        return await dataOf(api.GET('/api/v1/cards/capture-context'));
      } catch (error) {
        if (error instanceof ApiError && error.httpCode === 404) return null;
        throw error;
      }
    },
    // A capture context lasts 15 minutes; fields started with one keep it (see useMicroform).
    staleTime: 10 * 60_000,
  });
  if (query.data === null) return { kind: 'encrypted' };
  if (query.data) return { kind: 'microform', captureContext: query.data.captureContext };
  if (query.isError) return { kind: 'unavailable', retry: () => void query.refetch() };
  return { kind: 'pending' };
}
