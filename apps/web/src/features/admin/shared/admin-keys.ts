/**
 * Root of every admin query key. `data` holds what a billing run can change (metrics, lists,
 * a client's activity), so a finished run refreshes it all without a page reload.
 */
export const adminKeys = {
  all: ['admin'] as const,
  data: ['admin', 'data'] as const,
};
