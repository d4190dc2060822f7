import { useEffect } from 'react';
import { useLocation } from 'react-router';

/** New page, top of the page — unless the address points at an anchor inside it. */
export function ScrollToTop() {
  const { pathname, hash } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new pathname is exactly what triggers the scroll
  useEffect(() => {
    if (hash) return;
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
  }, [pathname, hash]);
  return null;
}
