/**
 * Mantine's `useId` replaced by src/app/mantine-use-id.ts in the browser's build (why: that module's
 * comment; the prerender's build leaves Mantine external, and a server runs no layout effect, so its
 * ids are the same ones). Mantine's hooks import it by one relative path from their index; a
 * build that no longer sees that import fails, so an upgrade that moves it cannot silently drop this.
 */
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const replacement = fileURLToPath(new URL('../src/app/mantine-use-id.ts', import.meta.url));
const hooksIndex = /[\\/]@mantine[\\/]hooks[\\/]esm[\\/]index\.mjs$/;

export function mantineStableIds(): Plugin {
  let replaced = false;
  let building = false;
  return {
    name: 'pria:mantine-stable-ids',
    enforce: 'pre',
    configResolved(config) {
      building = config.command === 'build' && !config.build.ssr;
    },
    resolveId(source, importer) {
      if (source !== './use-id/use-id.mjs' || !importer || !hooksIndex.test(importer)) return null;
      replaced = true;
      return replacement;
    },
    buildEnd(error) {
      if (building && !error && !replaced)
        this.error(
          '@mantine/hooks no longer imports ./use-id/use-id.mjs from its index: update build/mantine-stable-ids.ts',
        );
    },
  };
}
