import type { ComponentType } from 'react';

/**
 * A lazy page's loader whose page renders inside QueryProvider (for React.lazy): the public pages
 * that send a form get react-query with their code, and the landing page never does (ADR 70).
 * QueryProvider loads beside the page, never from here statically.
 */
export function withQueries<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
): () => Promise<{ default: ComponentType<P> }> {
  return () =>
    Promise.all([load(), import('./query-provider.tsx')]).then(([{ default: Page }, { QueryProvider }]) => ({
      default: (props: P) => (
        <QueryProvider>
          <Page {...props} />
        </QueryProvider>
      ),
    }));
}
