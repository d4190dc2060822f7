import { messages } from '@pria/contracts';

export type ErrorCode =
  | 'VALIDATION'
  | 'UNAUTHORIZED'
  | 'REAUTHENTICATE'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'RATE_LIMITED'
  | 'PAYMENT_DECLINED'
  | 'GATEWAY_ERROR'
  | 'UNAVAILABLE'
  | 'INTERNAL';

const statusOf: Record<ErrorCode, number> = {
  VALIDATION: 400,
  UNAUTHORIZED: 401,
  REAUTHENTICATE: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  RATE_LIMITED: 429,
  PAYMENT_DECLINED: 402,
  GATEWAY_ERROR: 502,
  UNAVAILABLE: 503,
  INTERNAL: 500,
};

/** A failure the caller can act on: a stable code, the HTTP status it maps to, and the spec's words. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly httpCode: number;
  readonly details: string[];

  constructor(code: ErrorCode, message: string, details: string[] = [message]) {
    super(message);
    this.code = code;
    this.httpCode = statusOf[code];
    this.details = details;
  }
}

export const unauthorized = () => new AppError('UNAUTHORIZED', messages.invalidToken);
export const forbidden = () => new AppError('FORBIDDEN', messages.forbidden);
export const notFound = (what: string = messages.notFound) => new AppError('NOT_FOUND', what);
export const invalid = (...details: string[]) =>
  new AppError('VALIDATION', details[0] ?? 'Invalid input', details);
