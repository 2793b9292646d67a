/**
 * The largest request body the API reads. The largest real one is the contact form with its longest
 * message, about 15 KB even with every character JSON-escaped; 64 KB leaves room and keeps a flood of big
 * bodies from filling memory.
 */
import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { ERROR_CODES } from '../../common/api/error-codes';
import { ApiError } from './errors';

export const MAX_BODY_KB = 64;
export const MAX_BODY_BYTES = MAX_BODY_KB * 1024;

/** The set-up's uploads (a venue's picture or PDF menu), whose services set their own, smaller limits. */
const UPLOAD_PATH = /^\/admin\/setup\/venue\/[^/]+\/(?:picture|menu)$/;
export const MAX_UPLOAD_KB = 10 * 1024;

const limitOf = (maxKb: number) =>
  bodyLimit({
    maxSize: maxKb * 1024 + (maxKb === MAX_BODY_KB ? 0 : 1),
    onError: () => {
      throw new ApiError(413, ERROR_CODES.PAYLOAD_TOO_LARGE, /*i18n*/ 'The request is too large: it may be at most {size} KB', undefined, {
        size: maxKb,
      });
    },
  });

/**
 * 413 for a body over the limit: by its Content-Length before any of it is read, or, sent in chunks
 * without one, as soon as the bytes read pass the limit. Uploads may be larger (`MAX_UPLOAD_KB`).
 */
export const requestBodyLimit = (): MiddlewareHandler => {
  const json = limitOf(MAX_BODY_KB);
  const upload = limitOf(MAX_UPLOAD_KB);
  return (c, next) => (UPLOAD_PATH.test(c.req.path) ? upload(c, next) : json(c, next));
};
