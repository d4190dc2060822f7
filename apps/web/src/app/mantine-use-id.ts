import { useId as useReactId } from 'react';

/**
 * Mantine's `useId` (@mantine/hooks), the same ids without its change after mount (issue 43; the build
 * puts this module in its place: build/mantine-stable-ids.ts).
 *
 * Mantine's hook starts from React's id and replaces it with a random one in a layout effect, a
 * leftover from before React had `useId`. That state update, made while React commits, is urgent: React
 * renders it at once and first runs every effect of the commit it has just made in the same task. Every
 * component with an id (Modal, Menu, Tooltip, every input) did it, so a screen's first commit and all
 * its effects were one long task. React's id is unique and the same on the server and in the browser.
 */
export function useId(staticId?: string): string {
  const reactId = useReactId();
  if (typeof staticId === 'string') return staticId;
  return `mantine-${reactId.replace(/:/g, '')}`;
}
