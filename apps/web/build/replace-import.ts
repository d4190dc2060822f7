/**
 * One import inside a dependency resolved to the app's own module, in the browser's build only
 * (the prerender's build leaves dependencies external). A build that no longer sees that import
 * fails with `whenGone`, so an upgrade that moves it cannot silently drop the replacement.
 */
import type { Plugin } from 'vite';

export interface ImportReplacement {
  /** The plugin's name (`pria:…`). */
  name: string;
  /** The import as the dependency writes it. */
  source: string;
  /** The dependency's module that imports it (its path). */
  importer: RegExp;
  /** The app's module it resolves to instead (an absolute path). */
  replacement: string;
  /** What the build says when the import is no longer there. */
  whenGone: string;
}

export function replaceImport({ name, source, importer, replacement, whenGone }: ImportReplacement): Plugin {
  let replaced = false;
  let building = false;
  return {
    name,
    enforce: 'pre',
    configResolved(config) {
      building = config.command === 'build' && !config.build.ssr;
    },
    resolveId(imported, from) {
      if (imported !== source || !from || !importer.test(from)) return null;
      replaced = true;
      return replacement;
    },
    buildEnd(error) {
      if (building && !error && !replaced) this.error(whenGone);
    },
  };
}
