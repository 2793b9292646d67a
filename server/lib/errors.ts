/** The API's error envelope `{ status, errorCode, message, field? }` (docs/PRODUCT.md §7) as a throwable. */
import type { I18n } from '@lingui/core';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { Schema } from './api-types';
import { localizeValues } from './message-values';
import { COMPLETION_ERRORS, ERROR_CODES, type CompletionErrorCode } from '../../common/api/error-codes';

/**
 * `message` is the English source text, an ICU message when it has `values`; the body carries it in the
 * caller's language. Texts are marked `/*i18n*\/ '…'` where they are written so `npm run extract` finds them.
 * A value may be a `LocalizedValue` (server/lib/message-values.ts), written in the caller's language with the body.
 */
export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly errorCode: number,
    message: string,
    readonly field?: string,
    readonly values?: Record<string, unknown>,
  ) {
    super(message);
  }

  toBody(i18n: I18n): Schema<'Error'> {
    return {
      status: this.status,
      errorCode: this.errorCode,
      message: i18n._(this.message, this.values && localizeValues(this.values, i18n)),
      ...(this.field ? { field: this.field } : {}),
    };
  }
}

/**
 * A text that is no catalog source (valibot's generic words, which echo the input back): quoted for ICU
 * so that translating it gives it back exactly as written.
 */
export const verbatim = (text: string) => text.replace(/'/g, "''").replace(/[{}]+/g, (braces) => `'${braces}'`);

export const badRequest = (message: string, field?: string, values?: Record<string, unknown>) =>
  new ApiError(400, ERROR_CODES.VALIDATION, message, field, values);
export const unauthorized = (message = /*i18n*/ 'Login required') => new ApiError(401, ERROR_CODES.UNAUTHORIZED, message);
export const forbidden = (message = /*i18n*/ 'You do not have access to this') =>
  new ApiError(403, ERROR_CODES.FORBIDDEN, message);
export const notFound = (message = /*i18n*/ 'Not found') => new ApiError(404, ERROR_CODES.NOT_FOUND, message);
export const conflict = (message: string, values?: Record<string, unknown>) =>
  new ApiError(409, ERROR_CODES.CONFLICT, message, undefined, values);
export const tooManyRequests = (message = /*i18n*/ 'Too many attempts. Please wait a few minutes and try again.') =>
  new ApiError(429, ERROR_CODES.RATE_LIMITED, message);
/** The database cannot be reached: the call did not complete, and may be retried. */
export const serviceUnavailable = () =>
  new ApiError(503, ERROR_CODES.SERVICE_UNAVAILABLE, /*i18n*/ 'The service is temporarily unavailable. Please try again in a moment.');

/** A reservation-completion failure with docs/PRODUCT.md §8's code and text. */
export function completionError(code: CompletionErrorCode, status: ContentfulStatusCode = 422): ApiError {
  return new ApiError(status, code, COMPLETION_ERRORS[code].message);
}
