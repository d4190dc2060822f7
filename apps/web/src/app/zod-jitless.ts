/**
 * zod's `jitless` setting, without loading zod into the entry chunk. Our CSP allows no eval, so
 * zod's compiled parsers can never run in the browser; without this, every object schema probes
 * with `new Function('')`, which the browser blocks and reports as a CSP violation (a DevTools
 * issue, Lighthouse's `inspector-issues`). zod keeps its settings (what `z.config()` writes) on
 * `globalThis.__zod_globalConfig` and adopts an existing object, so this must run before any schema
 * is created: the contracts' schemas arrive with the lazy routes, long after this module.
 */
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
holder.__zod_globalConfig ??= {};
holder.__zod_globalConfig.jitless = true;

export {};
