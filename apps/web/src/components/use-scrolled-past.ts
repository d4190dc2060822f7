import { useEffect, useState } from 'react';

/**
 * Whether the window is scrolled more than `offset` pixels (headers draw a shadow then). Unlike
 * Mantine's useWindowScroll it re-renders only when that flips, not on every scroll event, and it
 * never reads the scroll position: reading it right after a commit forced a layout of the whole
 * page there, ~20 ms of a phone's first screen (issue 43). An invisible one-pixel marker at that
 * height is watched instead; the browser says when it leaves or enters the view, after its own
 * layout.
 */
export function useScrolledPast(offset: number): boolean {
  const [past, setPast] = useState(false);
  useEffect(() => {
    const marker = document.createElement('div');
    marker.setAttribute('aria-hidden', 'true');
    marker.style.cssText = `position:absolute;top:${Math.max(0, offset - 1)}px;left:0;width:1px;height:1px;visibility:hidden;pointer-events:none`;
    document.body.append(marker);
    const observer = new IntersectionObserver(([entry]) => {
      if (entry) setPast(!entry.isIntersecting && entry.boundingClientRect.top < 0);
    });
    observer.observe(marker);
    return () => {
      observer.disconnect();
      marker.remove();
    };
  }, [offset]);
  return past;
}
