import type { paths } from './pria-api.d.ts';

type Method = 'get' | 'put' | 'post' | 'delete' | 'patch';

/**
 * An operation's query parameters as the published document states them (numbers as numbers,
 * enums as their values), for a screen that builds them before calling `api`.
 */
export type QueryOf<P extends keyof paths, M extends Method> = NonNullable<
  paths[P][M] extends { parameters: { query?: infer Q } } ? Q : never
>;
