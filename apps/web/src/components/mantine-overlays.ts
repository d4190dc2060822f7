/**
 * Mantine's Menu and Tooltip, loaded after a screen's first commit (menu-later.tsx,
 * tooltip-later.tsx): with Popover and Floating UI under them they were ~17 KB gzip of every
 * customer screen's first load, for a menu nobody has opened yet (issue 43).
 */
export { Menu, Tooltip } from '@mantine/core';
