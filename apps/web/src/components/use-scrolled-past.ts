import { useEffect, useState } from 'react';

/**
 * Whether the window is scrolled more than `offset` pixels (headers draw a shadow then). Unlike
 * Mantine's useWindowScroll it re-renders only when that flips, not on every scroll event, and it
 * reads the position in the next animation frame instead of right after the first commit, where
 * the read forced a layout of the whole page inside the same long task.
 */
export function useScrolledPast(offset: number): boolean {
  const [past, setPast] = useState(false);
  useEffect(() => {
    const update = () => setPast(window.scrollY > offset);
    const frame = requestAnimationFrame(update);
    window.addEventListener('scroll', update, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', update);
    };
  }, [offset]);
  return past;
}
