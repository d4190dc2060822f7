import type { TooltipProps } from '@mantine/core';
import type { ReactElement } from 'react';
import { useLoaded } from '../app/lazy-loaded.ts';
import { useMountedLater } from './mounted-later.ts';

const loadTooltip = () => import('./mantine-overlays.ts').then((m) => m.Tooltip);

/**
 * A Mantine Tooltip around `children` from the commit after they first show (`useMountedLater`),
 * once its code has loaded (mantine-overlays.ts).
 */
export function TooltipLater({ children, ...props }: TooltipProps & { children: ReactElement }) {
  const Tooltip = useLoaded(loadTooltip, useMountedLater());
  return Tooltip ? <Tooltip {...props}>{children}</Tooltip> : children;
}
