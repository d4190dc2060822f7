import { encodeFilter } from '@pria/contracts';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

export const PAGE_SIZES = [10, 25, 50] as const;
export type PageSize = (typeof PAGE_SIZES)[number];
export type SortOrder = 'asc' | 'desc';
export type Filter = Record<string, string>;

/** Everything a list screen shows, read from the URL so a reload or a shared link shows the same page. */
export interface ListState {
  page: number;
  limit: PageSize;
  sort: string | undefined;
  order: SortOrder;
  search: string;
  filter: Filter;
  /** Any other text parameter the screen keeps (transactionId, type, userId, ...). */
  param: (name: string) => string;
}

function toInt(value: string | null, fallback: number): number {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : fallback;
}

/** The filter travels as base64 of a JSON object (spec §5); anything unreadable is no filter. */
export function decodeFilter(text: string | null): Filter {
  if (!text) return {};
  try {
    const normal = text.replace(/-/g, '+').replace(/_/g, '/');
    const binary = atob(normal.padEnd(Math.ceil(normal.length / 4) * 4, '='));
    const json: unknown = JSON.parse(
      new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0))),
    );
    if (!json || typeof json !== 'object' || Array.isArray(json)) return {};
    const out: Filter = {};
    for (const [k, v] of Object.entries(json)) {
      if (typeof v === 'string' || typeof v === 'number') out[k] = String(v);
    }
    return out;
  } catch {
    return {};
  }
}

export function useListParams(defaults: { sort?: string } = {}) {
  const [params, setParams] = useSearchParams();

  const state: ListState = useMemo(() => {
    const limit = toInt(params.get('limit'), 10);
    const order = params.get('order')?.toLowerCase();
    return {
      page: toInt(params.get('page'), 1),
      limit: (PAGE_SIZES as readonly number[]).includes(limit) ? (limit as PageSize) : 10,
      sort: params.get('sort') ?? defaults.sort,
      order: order === 'asc' ? 'asc' : 'desc',
      search: params.get('search') ?? '',
      filter: decodeFilter(params.get('filter')),
      param: (name: string) => params.get(name) ?? '',
    };
  }, [params, defaults.sort]);

  /** Writes changes to the URL (replace, so typing does not flood history); empty values are dropped. */
  const update = useCallback(
    (changes: Record<string, string | number | null | undefined>, { resetPage = true } = {}) => {
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          for (const [key, value] of Object.entries(changes)) {
            if (value === null || value === undefined || value === '') next.delete(key);
            else next.set(key, String(value));
          }
          if (resetPage && !('page' in changes)) next.delete('page');
          return next;
        },
        { replace: true },
      );
    },
    [setParams],
  );

  const setFilter = useCallback(
    (name: string, value: string) => {
      const next = { ...state.filter, [name]: value };
      if (!value) delete next[name];
      update({ filter: Object.keys(next).length ? encodeFilter(next) : null });
    },
    [state.filter, update],
  );

  /** Spec: clicking a column cycles asc -> desc -> none (back to the server's default order). */
  const cycleSort = useCallback(
    (column: string) => {
      const active = params.get('sort') === column;
      if (!active) update({ sort: column, order: 'asc' });
      else if (state.order === 'asc') update({ sort: column, order: 'desc' });
      else update({ sort: null, order: null });
    },
    [params, state.order, update],
  );

  return {
    state,
    update,
    setFilter,
    cycleSort,
    activeSort: params.get('sort'),
    rawFilter: params.get('filter') ?? '',
  };
}
