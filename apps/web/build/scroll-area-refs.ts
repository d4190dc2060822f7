/**
 * Mantine's ScrollArea (under every Mantine Table) imports `useMergeRefs` from Floating UI's React
 * package, which is one module: tree-shaken for the whole app at once, it carried every part the
 * staff area's popovers use into any chunk with a table, so a customer's table screen downloaded
 * ~14 KB (gzip) of popover positioning it never runs (ADR 90). In the browser's build that import
 * resolves to src/app/merge-refs.ts (the same hook, on Mantine's own).
 */
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { replaceImport } from './replace-import.ts';

export function scrollAreaRefs(): Plugin {
  return replaceImport({
    name: 'pria:scroll-area-refs',
    source: '@floating-ui/react',
    importer: /[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/]ScrollArea[\\/]ScrollArea\.mjs$/,
    replacement: fileURLToPath(new URL('../src/app/merge-refs.ts', import.meta.url)),
    whenGone: "Mantine's ScrollArea no longer imports @floating-ui/react: update build/scroll-area-refs.ts",
  });
}
