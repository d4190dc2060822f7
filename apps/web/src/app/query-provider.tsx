import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { queryClient } from './query-client.ts';

/**
 * The app's one QueryClient, provided by the areas that fetch (customer, admin) and around the
 * public pages that send a form, not at the root: react-query then stays out of the entry and the
 * landing page (ADR 70). Every provider hands down the same client, so the cache is one.
 */
export function QueryProvider({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
