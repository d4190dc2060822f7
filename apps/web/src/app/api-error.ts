import { messages } from '@pria/contracts/messages';

/** A failed API call, carrying the server's envelope so the UI can show its words. */
export class ApiError extends Error {
  readonly httpCode: number;
  readonly error: string[];
  readonly code: string | undefined;

  constructor(init: { httpCode: number; message: string; error?: string[]; code?: string }) {
    super(init.message || messages.defaultError);
    this.name = 'ApiError';
    this.httpCode = init.httpCode;
    this.error = init.error ?? [];
    this.code = init.code;
  }

  /** 4xx answers explain themselves (validation, rate limit); anything else falls back to a generic text. */
  get isClientError(): boolean {
    return this.httpCode >= 400 && this.httpCode < 500;
  }

  /** The most specific text the server gave: first validation error, else its message. */
  get displayMessage(): string {
    return this.error[0] ?? this.message;
  }
}
