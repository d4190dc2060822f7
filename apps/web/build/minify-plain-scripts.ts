import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { minifySync, type Plugin } from 'vite';

/**
 * Minifies the plain scripts of public/ as the build copies them to dist (register-sw.js,
 * page-chrome.js, start-after-paint.js, early-data.js: files the pages load as they are, ADR 82).
 * Their comments are for readers of the source; a phone downloads them on every page, the public
 * pages sent without the app nothing else (4.6 KB gzip with their comments). Runs before the
 * precompressed copies are written (precompress.ts).
 */
export function minifyPlainScripts(): Plugin {
  let outDir = 'dist';
  let publicDir = 'public';
  let ssr = false;
  return {
    name: 'pria-minify-plain-scripts',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
      publicDir = config.publicDir;
      ssr = Boolean(config.build.ssr);
    },
    closeBundle: {
      order: 'pre',
      sequential: true,
      handler() {
        if (ssr || !publicDir) return;
        for (const file of readdirSync(publicDir).filter((f) => f.endsWith('.js'))) {
          const target = path.join(outDir, file);
          const { code, errors } = minifySync(file, readFileSync(target, 'utf8'), {
            compress: true,
            mangle: true,
          });
          if (errors.length > 0)
            throw new Error(`minify ${file}: ${errors.map((e) => e.message).join('; ')}`);
          writeFileSync(target, code);
        }
      },
    },
  };
}
