/** The API's error envelope `{ status, errorCode, message, field? }` (SPEC §7) as a throwable. */
import type { I18n } from '@lingui/core';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { Schema } from './api-types';
import { COMPLETION_ERRORS, ERROR_CODES, type CompletionErrorCode } from '../../src/domain/error-codes';

/**
 * `message` is the English source text, an ICU message when it has `values`; the body carries it in the
 * caller's language. Texts are marked `/*i18n*\/ '…'` where they are written so `npm run extract` finds them.
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
      message: i18n._(this.message, this.values),
      ...(this.field ? { field: this.field } : {}),
    };
  }
}

export const badRequest = (message: string, field?: string) =>
  new ApiError(400, ERROR_CODES.VALIDATION, message, field);
export const unauthorized = (message = 'Login required') => new ApiError(401, ERROR_CODES.UNAUTHORIZED, message);
export const forbidden = (message = 'You do not have access to this') =>
  new ApiError(403, ERROR_CODES.FORBIDDEN, message);
export const notFound = (message = 'Not found') => new ApiError(404, ERROR_CODES.NOT_FOUND, message);
export const conflict = (message: string) => new ApiError(409, ERROR_CODES.CONFLICT, message);
export const tooManyRequests = (message = 'Too many attempts. Please wait a few minutes and try again.') =>
  new ApiError(429, ERROR_CODES.RATE_LIMITED, message);

/** A reservation-completion failure with SPEC §8's code and text. */
export function completionError(code: CompletionErrorCode, status: ContentfulStatusCode = 422): ApiError {
  return new ApiError(status, code, COMPLETION_ERRORS[code].message);
}
