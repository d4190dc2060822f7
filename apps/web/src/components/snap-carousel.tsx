import { AccordionChevron, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { useId } from '@mantine/hooks';
import {
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { currentSlide, showSlide } from './responsive-cards.tsx';
import classes from './snap-carousel.module.css';

export interface CarouselSlide {
  key: string;
  /** What a screen reader says the slide is ('2 of 3', 'Add a card'). */
  label: string;
  content: ReactNode;
}

/** The carousel's words, in the reader's language (the customer's) or English (staff pages). */
export interface CarouselWords {
  /** The whole's role description ('carousel') and each slide's ('slide'). */
  carousel: string;
  slide: string;
  /** Said as the slide changes: 'Slide 2 of 3'. */
  status: (current: number, total: number) => string;
  /** The indicators' list ('Slides') and each indicator ('Go to slide 2'). */
  indicators: string;
  indicator: (slide: number) => string;
  previous: string;
  next: string;
}

interface SnapCarouselProps {
  label: string;
  slides: CarouselSlide[];
  words: CarouselWords;
  /** The slide it opens on, read when it mounts (never a reason to start over). */
  initialSlide?: number;
  /** The slide in view changed (arrows, indicators, keys, a swipe, the slide in view removed). */
  onSlideChange?: (index: number) => void;
  /**
   * The slide to show when the one in view is removed, from the index it had: by default the slide
   * that took its place.
   */
  afterRemoval?: (index: number) => number;
  withControls?: boolean;
  /** A tab stop on the row itself, for slides with nothing to focus (the arrow keys then work there). */
  focusableRow?: boolean;
  'data-testid'?: string;
}

/** How long a scroll the carousel started may take before the row's position is what counts again. */
const SETTLE_MS = 1000;

/**
 * The slide to show once the slides have changed, or null to leave the row as it is: only when the
 * slide in view (`shown`, among `before`) is gone, the one `afterRemoval` names, among those left.
 */
export function slideAfterRemoval(
  before: readonly string[],
  after: readonly string[],
  shown: number,
  afterRemoval: (index: number) => number = (index) => index,
): number | null {
  const inView = before[shown];
  if (inView === undefined || after.length === 0 || after.includes(inView)) return null;
  return Math.min(Math.max(0, afterRemoval(shown)), after.length - 1);
}

/**
 * A carousel with no library (issue 43: Embla's start-up was ~40 ms of one long task on a phone):
 * a row that scrolls natively, one slide per snap (CSS scroll-snap), the previous/next arrows and
 * the indicators below it. The roles and keys are the APG carousel's, as @mantine/carousel had them:
 * a region with a live 'Slide N of M', slides as groups, indicators as tabs (arrow keys, Home, End),
 * arrows aria-disabled at either end; ←/→/Home/End anywhere in it change the slide. Smooth
 * scrolling only when the person has not asked for reduced motion.
 */
export function SnapCarousel({
  label,
  slides,
  words,
  initialSlide = 0,
  onSlideChange,
  afterRemoval,
  withControls = true,
  focusableRow = false,
  'data-testid': testId,
}: SnapCarouselProps) {
  const id = useId();
  const row = useRef<HTMLDivElement>(null);
  const indicators = useRef<HTMLDivElement>(null);
  const total = slides.length;
  const [opening] = useState(() => Math.min(Math.max(0, initialSlide), Math.max(0, total - 1)));
  const [current, setCurrent] = useState(opening);
  // The slide in view as the scroll handlers see it (state lags a render behind them).
  const shown = useRef(opening);
  // The slide a scroll the carousel started is heading for: the slides it passes on the way are not "in view".
  const heading = useRef<number | null>(null);
  const settle = useRef(0);
  const notify = useRef(onSlideChange);
  notify.current = onSlideChange;

  const choose = (index: number) => {
    setCurrent(index);
    if (index === shown.current) return;
    shown.current = index;
    notify.current?.(index);
  };
  const chooseRef = useRef(choose);
  chooseRef.current = choose;

  /** Shows a slide (clamped to the ends); returns the one shown. */
  const go = (index: number) => {
    const to = Math.min(Math.max(0, index), total - 1);
    const el = row.current;
    if (!el || to < 0) return to;
    choose(to);
    heading.current = to;
    window.clearTimeout(settle.current);
    settle.current = window.setTimeout(() => {
      heading.current = null;
      if (row.current) chooseRef.current(currentSlide(row.current));
    }, SETTLE_MS);
    showSlide(el, to);
    return to;
  };

  // Opens on its first slide to show, before the first paint. A new row already shows its first:
  // placing it would read the slides' positions in the middle of the commit, forcing the whole
  // page's layout there (~30 ms of the dashboard's first screen on a phone, issue 43).
  useLayoutEffect(() => {
    if (row.current && shown.current > 0) showSlide(row.current, shown.current, { instant: true });
  }, []);

  // The slide in view follows the row's scrolling (a passive listener, at most once a frame), and
  // stays in place when the row's width changes (a phone turned, the row shown after being hidden).
  useEffect(() => {
    const el = row.current;
    if (!el) return;
    let frame = 0;
    const onScroll = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        const index = currentSlide(el);
        if (heading.current !== null) {
          if (index !== heading.current) return;
          heading.current = null;
          window.clearTimeout(settle.current);
        }
        chooseRef.current(index);
      });
    };
    el.addEventListener('scroll', onScroll, { passive: true });
    const resized = new ResizeObserver(() => {
      if (heading.current === null && el.clientWidth > 0) showSlide(el, shown.current, { instant: true });
    });
    resized.observe(el);
    return () => {
      el.removeEventListener('scroll', onScroll);
      resized.disconnect();
      cancelAnimationFrame(frame);
      window.clearTimeout(settle.current);
    };
  }, []);

  // The slide in view removed (a card removed from its own slide): the row went on showing whatever
  // came under it, the "Add a card" slide when it was the last card. It shows the one `afterRemoval`
  // names, at once, and says so even at the same index (another slide holds it now).
  const slideKeys = slides.map((slide) => slide.key);
  const keysBefore = useRef(slideKeys);
  const landing = useRef(afterRemoval);
  landing.current = afterRemoval;
  useLayoutEffect(() => {
    const before = keysBefore.current;
    keysBefore.current = slideKeys;
    const to = slideAfterRemoval(before, slideKeys, shown.current, landing.current);
    const el = row.current;
    if (to === null || !el) return;
    heading.current = null;
    window.clearTimeout(settle.current);
    shown.current = to;
    setCurrent(to);
    notify.current?.(to);
    showSlide(el, to, { instant: true });
  });

  // A slide came or went (a card added or removed): the slide in view is the one the row shows.
  const count = useRef(total);
  useEffect(() => {
    if (count.current === total) return;
    count.current = total;
    const el = row.current;
    if (el && el.clientWidth > 0 && heading.current === null) chooseRef.current(currentSlide(el));
  }, [total]);

  const at = Math.min(current, total - 1);
  // One slide is not a carousel to move through: no "Slide 1 of 1" (a screen reader heard it, and
  // "Diapositiva 1 de 1" in Spanish, for a new customer's lone "Add a card"), no arrows, no dots.
  const several = total > 1;
  const canPrevious = at > 0;
  const canNext = at < total - 1;
  const keys: Record<string, number> = { ArrowLeft: at - 1, ArrowRight: at + 1, Home: 0, End: total - 1 };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const to = keys[event.key];
    if (to === undefined || event.altKey || event.ctrlKey || event.metaKey) return;
    event.preventDefault();
    go(to);
  };
  // On the indicators the arrows go round (last → first), and focus follows (roving tabs).
  const onIndicatorKeyDown = (event: KeyboardEvent<HTMLElement>, index: number) => {
    const wrapped: Record<string, number> = {
      ArrowLeft: index > 0 ? index - 1 : total - 1,
      ArrowRight: index < total - 1 ? index + 1 : 0,
      Home: 0,
      End: total - 1,
    };
    const to = wrapped[event.key];
    if (to === undefined) return;
    event.preventDefault();
    event.stopPropagation();
    go(to);
    (indicators.current?.children[to] as HTMLElement | undefined)?.focus();
  };

  const control = (direction: 'previous' | 'next') => {
    const enabled = direction === 'previous' ? canPrevious : canNext;
    return (
      <UnstyledButton
        className={classes.control}
        aria-controls={id}
        aria-label={words[direction]}
        aria-disabled={!enabled}
        data-inactive={!enabled || undefined}
        data-type={direction}
        tabIndex={enabled ? 0 : -1}
        onClick={() => go(direction === 'previous' ? at - 1 : at + 1)}
      >
        <AccordionChevron style={{ transform: `rotate(${direction === 'previous' ? 90 : -90}deg)` }} />
      </UnstyledButton>
    );
  };

  // The APG carousel's slide: a group (not a fieldset, which is a form's).
  const slideRole = (slide: CarouselSlide) => ({
    role: 'group',
    'aria-roledescription': words.slide,
    'aria-label': slide.label,
  });

  return (
    // A section with a name is a region (the APG carousel's role).
    <section
      id={id}
      aria-roledescription={words.carousel}
      aria-label={label}
      className={classes.root}
      onKeyDown={onKeyDown}
      data-testid={testId}
    >
      <VisuallyHidden role="status" aria-live="polite" aria-atomic="true">
        {several && words.status(at + 1, total)}
      </VisuallyHidden>
      {withControls && several && (
        <div className={classes.controls}>
          {control('previous')}
          {control('next')}
        </div>
      )}
      <div ref={row} className={classes.row} tabIndex={focusableRow ? 0 : undefined}>
        {slides.map((slide) => (
          <div key={slide.key} {...slideRole(slide)} className={classes.slide}>
            {slide.content}
          </div>
        ))}
      </div>
      {several && (
        <div ref={indicators} className={classes.indicators} role="tablist" aria-label={words.indicators}>
          {slides.map((slide, index) => (
            <UnstyledButton
              key={slide.key}
              className={classes.indicator}
              role="tab"
              aria-label={words.indicator(index + 1)}
              aria-selected={index === at}
              tabIndex={index === at ? 0 : -1}
              data-active={index === at || undefined}
              onClick={() => go(index)}
              onKeyDown={(event: KeyboardEvent<HTMLButtonElement>) => onIndicatorKeyDown(event, index)}
              // A tap shows the slide without moving the focus (as the library did).
              onMouseDown={(event: MouseEvent) => event.preventDefault()}
            />
          ))}
        </div>
      )}
    </section>
  );
}
