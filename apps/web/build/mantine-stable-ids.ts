/**
 * Mantine's `useId` replaced by src/app/mantine-use-id.ts in the browser's build (why: that module's
 * comment; the prerender's build leaves Mantine external, and a server runs no layout effect, so its
 * ids are the same ones). Mantine's hooks import it by one relative path from their index.
 */
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { replaceImport } from './replace-import.ts';

export function mantineStableIds(): Plugin {
  return replaceImport({
    name: 'pria:mantine-stable-ids',
    source: './use-id/use-id.mjs',
    importer: /[\\/]@mantine[\\/]hooks[\\/]esm[\\/]index\.mjs$/,
    replacement: fileURLToPath(new URL('../src/app/mantine-use-id.ts', import.meta.url)),
    whenGone:
      '@mantine/hooks no longer imports ./use-id/use-id.mjs from its index: update build/mantine-stable-ids.ts',
  });
}
