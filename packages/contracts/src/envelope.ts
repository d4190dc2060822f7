/** The `code` of a 401 asking for a fresh sign-in before a sensitive change. */
export const REAUTHENTICATE = 'REAUTHENTICATE';

/** The response envelope the spec's client reads: { httpCode, data, message, error[] }. */
export interface Envelope<T> {
  httpCode: number;
  data: T;
  message: string;
  error: string[];
  /** Stable machine code for errors (e.g. VALIDATION, UNAUTHORIZED). */
  code?: string;
}

export function ok<T>(data: T, message = 'OK', httpCode = 200): Envelope<T> {
  return { httpCode, data, message, error: [] };
}
