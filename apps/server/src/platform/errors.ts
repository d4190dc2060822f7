import { type ErrorCode, errorStatusOf, messages } from '@pria/contracts';

export type { ErrorCode };

/** A failure the caller can act on: a stable code, the HTTP status it maps to, and the spec's words. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly httpCode: number;
  readonly details: string[];

  constructor(code: ErrorCode, message: string, details: string[] = [message]) {
    super(message);
    this.code = code;
    this.httpCode = errorStatusOf[code];
    this.details = details;
  }
}

export const unauthorized = () => new AppError('UNAUTHORIZED', messages.invalidToken);
export const forbidden = () => new AppError('FORBIDDEN', messages.forbidden);
export const notFound = (what: string = messages.notFound) => new AppError('NOT_FOUND', what);
export const invalid = (...details: string[]) =>
  new AppError('VALIDATION', details[0] ?? 'Invalid input', details);
