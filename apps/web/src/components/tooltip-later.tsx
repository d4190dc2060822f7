import { Tooltip, type TooltipProps } from '@mantine/core';
import type { ReactElement } from 'react';
import { useMountedLater } from './mounted-later.ts';

/** A Mantine Tooltip around `children` from the commit after they first show (`useMountedLater`). */
export function TooltipLater({ children, ...props }: TooltipProps & { children: ReactElement }) {
  const later = useMountedLater();
  return later ? <Tooltip {...props}>{children}</Tooltip> : children;
}
