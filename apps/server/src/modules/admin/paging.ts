import type { Page } from '@pria/contracts';

/** Page n (1-based) of `limit` rows: what OFFSET skips. */
export const offsetOf = (page: number, limit: number) => (page - 1) * limit;

/** The page envelope every admin list answers. lastPage is at least 1 so "page 1 of 1" reads right. */
export function pageOf<T>(rows: T[], page: number, limit: number, totalCount: number): Page<T> {
  return {
    rows,
    currentPage: page,
    rowsCount: rows.length,
    lastPage: Math.max(1, Math.ceil(totalCount / limit)),
    totalCount,
  };
}

/** Escapes LIKE wildcards so a search for '50%' means the characters, not a pattern. */
export const likeContains = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export const digitsOnly = (text: string) => text.replace(/\D/g, '');
