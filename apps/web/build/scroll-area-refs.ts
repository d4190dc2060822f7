/**
 * Mantine's ScrollArea (under every Mantine Table) imports `useMergeRefs` from Floating UI's React
 * package, which is one module: tree-shaken for the whole app at once, it carried every part the
 * staff area's popovers use into any chunk with a table, so a customer's table screen downloaded
 * ~14 KB (gzip) of popover positioning it never runs (ADR 90). In the browser's build that import
 * resolves to src/app/merge-refs.ts (the same hook, on Mantine's own). A build that no longer sees
 * it fails, so an upgrade that moves it cannot silently bring the popovers back.
 */
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const replacement = fileURLToPath(new URL('../src/app/merge-refs.ts', import.meta.url));
const scrollArea = /[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/]ScrollArea[\\/]ScrollArea\.mjs$/;

export function scrollAreaRefs(): Plugin {
  let replaced = false;
  let building = false;
  return {
    name: 'pria:scroll-area-refs',
    enforce: 'pre',
    configResolved(config) {
      building = config.command === 'build' && !config.build.ssr;
    },
    resolveId(source, importer) {
      if (source !== '@floating-ui/react' || !importer || !scrollArea.test(importer)) return null;
      replaced = true;
      return replacement;
    },
    buildEnd(error) {
      if (building && !error && !replaced)
        this.error(
          "Mantine's ScrollArea no longer imports @floating-ui/react: update build/scroll-area-refs.ts",
        );
    },
  };
}
