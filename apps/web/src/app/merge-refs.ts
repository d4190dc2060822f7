import { useMergedRef } from '@mantine/hooks';
import type { Ref } from 'react';

/**
 * Floating UI's `useMergeRefs` (an array of refs in, one callback ref out) on Mantine's own hook, for
 * Mantine's ScrollArea (build/scroll-area-refs.ts).
 */
export function useMergeRefs<T>(refs: Array<Ref<T> | undefined>) {
  return useMergedRef<T>(...refs);
}
