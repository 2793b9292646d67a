/**
 * The largest request body the API reads. The largest real one is the contact form with its longest
 * message, about 15 KB even with every character JSON-escaped; 64 KB leaves room and keeps a flood of big
 * bodies from filling memory.
 */
import { bodyLimit } from 'hono/body-limit';
import { ERROR_CODES } from '../../common/api/error-codes';
import { ApiError } from './errors';

export const MAX_BODY_KB = 64;
export const MAX_BODY_BYTES = MAX_BODY_KB * 1024;

/**
 * 413 for a body over the limit: by its Content-Length before any of it is read, or, sent in chunks
 * without one, as soon as the bytes read pass the limit.
 */
export const requestBodyLimit = () =>
  bodyLimit({
    maxSize: MAX_BODY_BYTES,
    onError: () => {
      throw new ApiError(413, ERROR_CODES.PAYLOAD_TOO_LARGE, /*i18n*/ 'The request is too large: it may be at most {size} KB', undefined, {
        size: MAX_BODY_KB,
      });
    },
  });
