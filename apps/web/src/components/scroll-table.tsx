import { type ReactNode, useCallback, useEffect, useId, useRef, useState } from 'react';
import classes from './scroll-table.module.css';

interface Overflow {
  /** The table is wider than its box. */
  scrolls: boolean;
  left: boolean;
  right: boolean;
}

const NONE: Overflow = { scrolls: false, left: false, right: false };
/** Sub-pixel widths: "at the end" within a pixel. */
const EPSILON = 1;

function measure(el: HTMLElement): Overflow {
  const scrolls = el.scrollWidth - el.clientWidth > EPSILON;
  return {
    scrolls,
    left: scrolls && el.scrollLeft > EPSILON,
    right: scrolls && el.scrollLeft + el.clientWidth < el.scrollWidth - EPSILON,
  };
}

const same = (a: Overflow, b: Overflow) =>
  a.scrolls === b.scrolls && a.left === b.left && a.right === b.right;

/**
 * What the hint and the scrolling region say. The component holds no message of the catalogs: the
 * staff's tables (English, issue 42) take these English words; a customer screen passes its
 * reader's (`useScrollTableWords`, in the customer catalog).
 */
export interface ScrollTableWords {
  /** The hint while columns are hidden to the right. */
  more: string;
  /** The hint once scrolled to the right end. */
  back: string;
  /** The scrolling region's name for screen readers, from the table's label. */
  region: (label: string) => string;
}

export const englishScrollWords: ScrollTableWords = {
  more: 'Scroll for more →',
  back: '← Scroll back',
  region: (label) => `${label}, scrolls sideways`,
};

/**
 * While it scrolls, the box is a named region that takes keyboard focus (so the arrow keys scroll
 * it: WCAG 2.1.1) and is described by the hint; a table that fits is not an extra tab stop.
 */
function regionProps(overflow: Overflow, name: string, hintId: string) {
  if (!overflow.scrolls) return {};
  return {
    role: 'region',
    'aria-label': name,
    'aria-describedby': hintId,
    tabIndex: 0,
  };
}

interface ScrollTableProps {
  /** What the table is ("Transactions"): names the scrolling region for screen readers. */
  label: string;
  /** Below this width (px) the table scrolls sideways instead of squeezing its columns. */
  minWidth: number;
  /** The hint's and the region's words: English (the staff's) unless given. */
  words?: ScrollTableWords;
  children: ReactNode;
}

/**
 * A table wider than the screen (a phone at 390 px) that says so: the edge hiding columns fades,
 * a "Scroll for more →" hint stands above it (and describes the region to screen readers), and
 * the region takes keyboard focus so the arrow keys scroll it. Every wide table of the app uses
 * it (issue 29), in place of Mantine's Table.ScrollContainer.
 */
export function ScrollTable({ label, minWidth, words = englishScrollWords, children }: ScrollTableProps) {
  const ref = useRef<HTMLDivElement>(null);
  const hintId = useId();
  const [overflow, setOverflow] = useState<Overflow>(NONE);

  const update = useCallback(() => {
    const el = ref.current;
    if (!el) return;
    const next = measure(el);
    setOverflow((prev) => (same(prev, next) ? prev : next));
  }, []);

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    update();
    // The box changes with the window; the table with its rows (a page loads, a filter applies).
    const observer = new ResizeObserver(update);
    observer.observe(el);
    if (el.firstElementChild) observer.observe(el.firstElementChild);
    return () => observer.disconnect();
  }, [update]);

  return (
    <div>
      {overflow.scrolls && (
        <div className={classes.hint} id={hintId}>
          {overflow.right ? words.more : words.back}
        </div>
      )}
      <div
        className={classes.frame}
        data-more-left={overflow.left || undefined}
        data-more-right={overflow.right || undefined}
      >
        <div
          ref={ref}
          className={classes.scroller}
          onScroll={update}
          {...regionProps(overflow, words.region(label), hintId)}
        >
          <div style={{ minWidth }}>{children}</div>
        </div>
      </div>
    </div>
  );
}
