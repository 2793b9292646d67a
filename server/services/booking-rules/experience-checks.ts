/**
 * What an experience's set-up asks of a new booking (docs/decisions/0016-versioned-setup.md): that it is still offered, and, for a
 * guest, a party of the sizes it is set up for. Its days are kept by the schedule
 * (server/services/booking-rules/slot-schedule.ts), which offers no time on another day.
 */
import { ApiError } from '../../lib/errors';
import { ERROR_CODES } from '../../../common/api/error-codes';
import type { ExperienceRow } from './venue-catalog';
import { experienceNameIn } from '../../lib/message-values';
import type { ExperienceOwnTexts } from '../../../common/experience-text';

/** 409 20181: the venue retired the experience; bookings made before stand. */
export function assertExperienceOffered(experience: ExperienceRow, own: ExperienceOwnTexts | undefined): void {
  if (!experience.active) {
    throw new ApiError(409, ERROR_CODES.EXPERIENCE_RETIRED, /*i18n*/ '{experience} is no longer offered. Please choose another experience.', undefined, {
      experience: experienceNameIn(experience, own),
    });
  }
}

/** 422 20180 naming numberOfGuests: the party is outside the experience's sizes. */
export function assertExperiencePartySize(experience: ExperienceRow, own: ExperienceOwnTexts | undefined, numberOfGuests: number): void {
  if (numberOfGuests < experience.minGuests || numberOfGuests > experience.maxGuests) {
    throw new ApiError(
      422,
      ERROR_CODES.EXPERIENCE_PARTY_SIZE,
      /*i18n*/ '{experience} is for parties of {min} to {max} guests. Please choose another party size or experience.',
      'numberOfGuests',
      { experience: experienceNameIn(experience, own), min: experience.minGuests, max: experience.maxGuests },
    );
  }
}
