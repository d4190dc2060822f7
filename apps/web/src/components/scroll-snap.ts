/**
 * A row of slides that scrolls sideways and snaps to one slide at a time (CSS scroll-snap): which
 * slide it shows, and showing another. Shared by the public pages' carousels (ResponsiveCards) and
 * the cards' (SnapCarousel); the row's children are its slides.
 */

/** The row's scroll position that shows this slide (the slides' offsets, from the first one's). */
function slideOffset(row: HTMLElement, index: number): number | undefined {
  const slides = row.children as HTMLCollectionOf<HTMLElement>;
  const first = slides[0];
  const slide = slides[index];
  return first && slide ? slide.offsetLeft - first.offsetLeft : undefined;
}

/** The slide the row shows: the one whose start is nearest its scroll position. */
export function currentSlide(row: HTMLElement): number {
  const slides = [...row.children] as HTMLElement[];
  if (slides.length === 0) return 0;
  const start = slides[0]?.offsetLeft ?? 0;
  const distances = slides.map((slide) => Math.abs(slide.offsetLeft - start - row.scrollLeft));
  return distances.indexOf(Math.min(...distances));
}

export const prefersReducedMotion = () => window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * Scrolls the row to a slide: smoothly, unless the person asked for reduced motion or `instant`
 * (placing the row, as on its first render) is asked for.
 */
export function showSlide(row: HTMLElement, index: number, { instant = false } = {}) {
  const left = slideOffset(row, index);
  if (left === undefined) return;
  // 'auto' is instant: no row sets CSS scroll-behavior.
  row.scrollTo({ left, behavior: instant || prefersReducedMotion() ? 'auto' : 'smooth' });
}
