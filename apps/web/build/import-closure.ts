/**
 * What loading `starts` downloads: they and everything they import, transitively (a chunk graph:
 * the bundle's chunks or the manifest's keys). One walk for the chunk plan (first-screen-chunks.ts),
 * the prerendered frames' preloads (prerender.ts) and the bundle's budgets (bench/bundle.ts).
 */
export function importClosure<T>(starts: Iterable<T>, importsOf: (node: T) => Iterable<T>): Set<T> {
  const seen = new Set<T>();
  const stack = [...starts];
  while (stack.length > 0) {
    const node = stack.pop() as T;
    if (seen.has(node)) continue;
    seen.add(node);
    for (const next of importsOf(node)) if (!seen.has(next)) stack.push(next);
  }
  return seen;
}
