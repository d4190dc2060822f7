/** Set by vite.config.ts `define`: the year of the build (the prerendered footer's). */
declare const __BUILD_YEAR__: number;
