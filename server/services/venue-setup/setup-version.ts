/** The version check every venue set-up change passes: a change started from an older copy is refused. */
import { ApiError } from '../../lib/errors';
import { ERROR_CODES } from '../../../common/api/error-codes';

/** 409 20130 when `stored` is not the version the admin's change started from: someone published first. */
export function checkSetupVersion(stored: number, startedFrom: number): void {
  if (stored !== startedFrom) {
    throw new ApiError(409, ERROR_CODES.VENUE_SETUP_STALE, /*i18n*/ 'Someone else changed this venue while you were editing: reload to see their change, then make yours again.');
  }
}
