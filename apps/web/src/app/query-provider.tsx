import { QueryClientProvider } from '@tanstack/react-query';
import type { ComponentType, ReactNode } from 'react';
import { queryClient } from './query-client.ts';

/**
 * The app's one QueryClient, provided by the areas that fetch (customer, admin) and around the
 * public pages that send a form, not at the root: react-query then stays out of the entry and the
 * landing page (ADR 70). Every provider hands down the same client, so the cache is one.
 */
export function QueryProvider({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}

/** A lazy page's loader whose page renders inside QueryProvider (for React.lazy). */
export function withQueries<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
): () => Promise<{ default: ComponentType<P> }> {
  return () =>
    load().then(({ default: Page }) => ({
      default: (props: P) => (
        <QueryProvider>
          <Page {...props} />
        </QueryProvider>
      ),
    }));
}
