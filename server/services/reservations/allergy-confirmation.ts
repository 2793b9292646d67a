/**
 * The reminder's allergy question (docs/decisions/0014-personal-data.md): through the manage link the guest confirms their
 * allergies and dietary needs before the visit (or that they have none). The answer and its time are kept
 * on the booking, which the day sheet shows staff; answering again replaces it, until the visit starts.
 */
import { eq } from 'drizzle-orm';
import { reservations } from '../../db/schema';
import { ApiError } from '../../lib/errors';
import { ERROR_CODES } from '../../../common/api/error-codes';
import type { DietaryNeed } from '../../../common/guest-requests';
import { loadVenueCatalog } from '../booking-rules/venue-catalog';
import { currentReservation } from './manage-reservation';
import type { ReservationDeps, ReservationRow } from './reservations';

export interface AllergyConfirmation {
  reference: string;
  /** Stored (English): the handler puts it in the reader's language. */
  venueName: string;
  date: string;
  startTime: number;
  /** What the booking said when it was made. */
  dietaryNeeds: DietaryNeed[];
  dietaryNote: string | null;
  /** The guest's answer ('' for no allergies) and when it was given; null before any. */
  answer: string | null;
  confirmedAt: string | null;
}

/** 409: the visit has started; the guest tells the staff at the table instead. */
const tooLate = () =>
  new ApiError(409, ERROR_CODES.ALLERGIES_TOO_LATE, /*i18n*/ 'Your visit has already started: please tell our staff about any allergies.');

async function view(deps: ReservationDeps, row: ReservationRow): Promise<AllergyConfirmation> {
  const venue = (await loadVenueCatalog(deps.db)).venues.get(row.venueId)?.venue;
  return {
    reference: row.uniqueId,
    venueName: venue?.title ?? '',
    date: row.date,
    startTime: row.startTime,
    dietaryNeeds: row.dietaryNeeds,
    dietaryNote: row.dietaryNote,
    answer: row.allergiesAnswer,
    confirmedAt: row.allergiesConfirmedAt?.toISOString() ?? null,
  };
}

/** GET: the booking's dietary details and the answer so far. */
export async function openAllergyConfirmation(deps: ReservationDeps, token: string): Promise<AllergyConfirmation> {
  return view(deps, (await currentReservation(deps, token)).row);
}

/** PUT: records the guest's answer ('' for no allergies) on the confirmed, upcoming booking the token names. */
export async function confirmAllergies(deps: ReservationDeps, token: string, answer: string): Promise<AllergyConfirmation> {
  const { row } = await currentReservation(deps, token);
  const now = deps.clock.now();
  if (row.status !== 'CONFIRMED' || row.startsAt <= now) throw tooLate();
  const [updated] = await deps.db
    .update(reservations)
    .set({ allergiesConfirmedAt: now, allergiesAnswer: answer.trim(), updatedAt: now })
    .where(eq(reservations.id, row.id))
    .returning();
  return view(deps, updated!);
}
