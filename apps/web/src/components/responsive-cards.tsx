import { useLingui } from '@lingui/react/macro';
import { useMediaQuery } from '@mantine/hooks';
import {
  type CSSProperties,
  createContext,
  type ReactElement,
  type RefObject,
  useCallback,
  useContext,
  useEffect,
  useRef,
  useState,
} from 'react';
import classes from './responsive-cards.module.css';

/** Spec breakpoint: at 500px or less, carousels replace grids. */
export const NARROW_QUERY = '(max-width: 500px)';

/**
 * What the server assumes of the screen when it renders a customer's first screen into the page
 * (src/prerender.tsx renderFirstScreen: a phone's request says it is one), having no window to ask.
 */
export const AssumedNarrow = createContext(false);

/** At 500px or less: the browser's answer from the first render; on the server, AssumedNarrow. */
export function useNarrow(): boolean {
  const assumed = useContext(AssumedNarrow);
  const measured = useMediaQuery(NARROW_QUERY, undefined, { getInitialValueInEffect: false });
  return typeof window === 'undefined' ? assumed : measured;
}
/** Spec: carousels advance every 9 seconds. Not at all when the person asked for reduced motion. */
const CAROUSEL_INTERVAL_MS = 9000;

/*
 * A row of slides that scrolls sideways and snaps to one slide at a time (CSS scroll-snap): which
 * slide it shows, and showing another; the row's children are its slides. Here, not in a module of
 * their own, for the cards' SnapCarousel too: a chunk of their own cost every public page 0.2 KB
 * gzip (issue 43), and the customer area loads this module anyway (NARROW_QUERY).
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

const prefersReducedMotion = () => window.matchMedia('(prefers-reduced-motion: reduce)').matches;

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

interface ResponsiveCardsProps {
  label: string;
  items: ReactElement[];
  columns: number;
}

/**
 * Every 9 seconds the carousel is on screen, the next slide (then the first again): counted from
 * when it came into view, and again from the person's own swipe (so a carousel read later opens
 * where it starts, and a swipe is not followed by an advance a moment after). Not while the
 * person points at or works in the carousel, nor in a hidden tab, nor for someone who asked for
 * reduced motion.
 */
function useAutoAdvance(row: RefObject<HTMLElement | null>, active: boolean, count: number) {
  useEffect(() => {
    const el = row.current;
    if (!active || count < 2 || !el) return;
    let visible = false;
    let timer = 0;
    const schedule = () => {
      window.clearTimeout(timer);
      timer = window.setTimeout(advance, CAROUSEL_INTERVAL_MS);
    };
    const advance = () => {
      if (visible && !document.hidden && !el.matches(':hover, :focus-within') && !prefersReducedMotion())
        showSlide(el, (currentSlide(el) + 1) % count);
      schedule();
    };
    const seen = new IntersectionObserver(
      ([entry]) => {
        const was = visible;
        visible = entry?.isIntersecting ?? false;
        if (visible && !was) schedule();
      },
      { threshold: 0.5 },
    );
    seen.observe(el);
    const touched = ['pointerdown', 'wheel'] as const;
    for (const type of touched) el.addEventListener(type, schedule, { passive: true });
    return () => {
      window.clearTimeout(timer);
      seen.disconnect();
      for (const type of touched) el.removeEventListener(type, schedule);
    };
  }, [row, active, count]);
}

/**
 * A grid of cards on wide screens, an auto-advancing carousel on phones. The stylesheet makes the
 * switch (a row that scrolls one card at a time, at 500px or less), so the markup is the same at
 * every width: the prerendered landing page is right on a phone before any script runs, and
 * hydrating it there renders nothing different (no layout-dependent first render, no carousel
 * library measuring the page). Once mounted on a phone the row also says it is a carousel (roles,
 * slide labels, focusable for the arrow keys), shows its indicators and advances every 9 seconds.
 */
export function ResponsiveCards({ label, items, columns }: ResponsiveCardsProps) {
  const row = useRef<HTMLDivElement>(null);
  // False on the first render (as in the prerendered HTML), the real value right after mount.
  const narrow = useMediaQuery(NARROW_QUERY, false, { getInitialValueInEffect: true }) ?? false;
  const [current, setCurrent] = useState(0);
  const { t } = useLingui();
  const count = items.length;
  useAutoAdvance(row, narrow, items.length);

  const frame = useRef(0);
  const onScroll = useCallback(() => {
    cancelAnimationFrame(frame.current);
    frame.current = requestAnimationFrame(() => {
      if (row.current) setCurrent(currentSlide(row.current));
    });
  }, []);
  useEffect(() => () => cancelAnimationFrame(frame.current), []);

  // A list of cards, or on a phone a carousel of slides (the roles the APG carousel pattern names).
  const slideLabel = (slide: number) => t`${slide} of ${count}`;
  const showSlideLabel = (slide: number) => t`Show slide ${slide} of ${count}`;
  const rowRole = narrow
    ? { role: 'region', 'aria-roledescription': t`carousel`, 'aria-label': label, tabIndex: 0, onScroll }
    : { role: 'list', 'aria-label': label };
  const slideRole = (index: number) =>
    narrow
      ? { role: 'group', 'aria-roledescription': t`slide`, 'aria-label': slideLabel(index + 1) }
      : { role: 'listitem' };

  return (
    <div>
      <div
        ref={row}
        className={classes.cards}
        style={{ '--cards-columns': columns } as CSSProperties}
        data-testid={narrow ? 'cards-carousel' : 'cards-grid'}
        // On a public page sent without the app, the app starts when this row is seen at a
        // carousel's width (public/start-after-paint.js, ADR 82).
        data-app-when-visible={NARROW_QUERY}
        {...rowRole}
      >
        {items.map((item, index) => (
          <div key={item.key ?? index} {...slideRole(index)}>
            {item}
          </div>
        ))}
      </div>
      {narrow && items.length > 1 && (
        <div className={classes.indicators} aria-hidden>
          {items.map((item, index) => (
            <button
              key={item.key ?? index}
              type="button"
              tabIndex={-1}
              aria-label={showSlideLabel(index + 1)}
              className={classes.indicator}
              data-active={index === current || undefined}
              onClick={() => row.current && showSlide(row.current, index)}
            />
          ))}
        </div>
      )}
    </div>
  );
}
