import { createContext, useContext, useEffect } from 'react';

/**
 * Where a page rendered at build time says its title (src/prerender.tsx): the prerendered HTML's
 * <title> is the one the page sets once it runs, so the tab does not change when the app starts,
 * and a page sent without the app has it all the same (ADR 82).
 */
export const DocumentTitleSink = createContext<((title: string) => void) | null>(null);

export function useDocumentTitle(title: string) {
  useContext(DocumentTitleSink)?.(`${title} | Pria`);
  useEffect(() => {
    document.title = `${title} | Pria`;
  }, [title]);
}
