import type { CardView, encryptCard } from '@pria/contracts';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { api } from '../../app/api-client.ts';

type JWK = Parameters<typeof encryptCard>[1];

export const cardKeys = {
  all: ['cards'] as const,
  list: () => [...cardKeys.all, 'list'] as const,
  publicKey: () => [...cardKeys.all, 'public-key'] as const,
};

export function useCards() {
  return useQuery({
    queryKey: cardKeys.list(),
    queryFn: ({ signal }) => api.get<CardView[]>('/api/v1/cards', { signal }),
  });
}

/** The gateway's encryption key: card number and CVC are encrypted to it in the browser. */
export function fetchCardPublicKey(queryClient: QueryClient): Promise<JWK> {
  return queryClient.fetchQuery({
    queryKey: cardKeys.publicKey(),
    queryFn: () => api.get<JWK>('/api/v1/cards/public-key'),
    staleTime: 10 * 60_000,
  });
}
