import { useReducedMotion } from '@mantine/hooks';
import type { EmblaCarouselType } from 'embla-carousel';
import { useEffect } from 'react';

/** Spec: carousels advance every 9 seconds. Not at all when the person asked for reduced motion. */
export const CAROUSEL_INTERVAL_MS = 9000;

export function useAutoAdvance(embla: EmblaCarouselType | null, intervalMs = CAROUSEL_INTERVAL_MS) {
  const reducedMotion = useReducedMotion();

  useEffect(() => {
    if (!embla || reducedMotion) return;
    const timer = window.setInterval(() => {
      if (document.hidden) return;
      if (embla.canScrollNext()) embla.scrollNext();
      else embla.scrollTo(0);
    }, intervalMs);
    return () => window.clearInterval(timer);
  }, [embla, reducedMotion, intervalMs]);
}
