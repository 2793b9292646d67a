/**
 * A refused call as every chart and actor sees it: one shape, and one converter that the app's actors
 * throw through and the charts' guards and actions read with, so the two always agree.
 */
import { ApiFailure } from '../common/api/api-error';

export interface CallError {
  /** The HTTP status, when the server answered. */
  status?: number;
  /** The API's error code (common/api/error-codes.ts). */
  errorCode?: number;
  /** The server's English words, or 'timeout' / 'network' when no answer came; the page translates them. */
  message: string;
  /** The field refused (a card's number, expiry or CVC). */
  field?: string;
  /** Whom to call instead (a party too large to book online). */
  contact?: { phone: string; email: string };
  /** Every rule a set-up change breaks, in the reader's words (409 20141). */
  reasons?: string[];
}

/** Any failure as a CallError: the API's envelope, a request without answer, a CallError thrown as is, anything else by its message. */
export function toCallError(error: unknown): CallError {
  if (error instanceof ApiFailure) {
    const { contact, reasons } = (error.body as { contact?: CallError['contact']; reasons?: string[] } | undefined) ?? {};
    return {
      status: error.status,
      errorCode: error.errorCode,
      message: error.message,
      ...(error.field ? { field: error.field } : {}),
      ...(contact ? { contact } : {}),
      ...(Array.isArray(reasons) ? { reasons } : {}),
    };
  }
  if (error instanceof Error) return { message: error.message };
  if (typeof error === 'object' && error !== null && 'message' in error) return error as CallError;
  return { message: String(error) };
}

/** For an actor's `.catch`: rethrows the failure as a CallError, which the chart's error event carries. */
export function throwCallError(error: unknown): never {
  throw toCallError(error);
}
