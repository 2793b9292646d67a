/** The booking chart's calls, and those of the phone verification chart it invokes, made through the typed API client. */
import { fromPromise } from 'xstate';
import type { CodeChannel, PhoneVerificationInput } from '../../machines/phone-verification.machine';
import type { Agreements, CreatedHold, Draft, GuestContact, GuestDetails, GuestSession, Reservation, SlotSearch, VenueDetail } from '../../machines/booking/booking.machine';
import { api, tokens } from '../api/api';
import { unwrap } from '../../common/api/api-error';
import { throwCallError } from '../../machines/call-error';
import { meKey, venueKey } from '../api/query-keys';
import { serverClock } from '../api/server-clock';
import { fetchOnce } from '../api/use-api-query';
import { isMobileDevice } from './booking-source';
import { offeredTimeslots } from '../../common/api/offered-timeslots';

/** The venue, in the active language. */
export function fetchVenue(domain: string): Promise<VenueDetail> {
  // Shared with the venue, order and cancel pages' read of the same venue: keep the whole answer, as
  // they do, so whichever reads first leaves what the others expect.
  return fetchOnce(venueKey(domain), () =>
    unwrap(api.GET('/public/venue/by-domain/{domain}', { params: { path: { domain } } })),
  ).then((body) => body.data);
}

/** A session on a verified guest's account (POST /public/guest/session); the provider hands it to the session chart. */
export function openGuestSession(input: { contact: GuestContact; code: string; codeSentBy?: CodeChannel }): Promise<GuestSession> {
  return unwrap(api.POST('/public/guest/session', { body: { ...input.contact, code: input.code, codeSentBy: input.codeSentBy ?? 'SMS' } }))
    .then((body) => body.data as GuestSession)
    .catch(throwCallError);
}

export const bookingActors = {
  loadVenue: fromPromise<VenueDetail, { domain: string }>(({ input }) => fetchVenue(input.domain).catch(throwCallError)),
  loadTimeslots: fromPromise<SlotSearch, { venueId: string; experienceId: string; date: string; numberOfGuests: number; loggedIn: boolean }>(
    ({ input }) => {
      const params = {
        path: { venueId: input.venueId, date: input.date },
        query: { numberOfGuests: input.numberOfGuests, experienceId: input.experienceId },
      };
      // Before logging in, the public call (docs/decisions/0018-verified-guests.md); the token call answers by the caller's membership.
      const call = input.loggedIn
        ? api.GET('/user/reservation/v1.1/timeslot-availability/{venueId}/{date}', { params })
        : api.GET('/public/reservation/timeslot-availability/{venueId}/{date}', { params });
      return unwrap(call)
        .then(({ data }) => ({
          open: data.open,
          timeslots: offeredTimeslots(data),
          ...(data.closure ? { closure: data.closure.reason } : {}),
          ...(data.membersOnlyTimes ? { membersOnlyTimes: data.membersOnlyTimes } : {}),
        }))
        .catch(throwCallError);
    },
  ),

  createReservation: fromPromise<CreatedHold, { venueId: string; draft: Draft }>(async ({ input }) => {
    const { draft } = input;
    const body = await unwrap(
      api.POST('/user/reservation/v1.1', {
        body: {
          venueId: input.venueId,
          experienceId: draft.experienceId!,
          date: draft.date!,
          startTime: draft.startTime!,
          numberOfGuests: draft.numberOfGuests,
          ...(draft.seatingAreaId ? { seatingAreaId: draft.seatingAreaId } : {}),
          bookingSource: isMobileDevice() ? 'GUEST_WEB_MOBILE' : 'GUEST_WEB',
          locale: (document.documentElement.lang || 'en') as never,
        },
      }),
    ).catch(throwCallError);
    // This answer's Date header has just set the clock: the countdown runs on the server's time.
    return { reservation: body.data, clockOffsetMs: serverClock.offsetMs };
  }),
  loadGuestProfile: fromPromise<GuestDetails>(async () => {
    // The session read the profile already; share its answer.
    const data = await fetchOnce(meKey(tokens.accessToken), () => unwrap(api.GET('/user/user/me')).then((body) => body.data));
    return {
      firstName: data.firstName,
      lastName: data.lastName,
      email: data.email,
      mobileCountryCode: data.mobileCountryCode ?? '852',
      mobileNumber: data.mobileNumber ?? '',
      // Remembered from the last booking; the occasion is chosen anew each time.
      dietaryNeeds: data.dietaryNeeds ?? [],
      dietaryNote: data.dietaryNote,
    };
  }),
  completeReservation: fromPromise<Reservation, { reservationId: string; guest: GuestDetails; agreements: Agreements }>(
    ({ input }) =>
      unwrap(
        api.PUT('/user/reservation/v1.1/complete/{id}', {
          params: { path: { id: input.reservationId } },
          body: { ...input.guest, agreements: input.agreements },
        }),
      )
        .then((body) => body.data)
        .catch(throwCallError),
  ),
  releaseReservation: fromPromise<void, { reservationId: string }>(({ input }) =>
    unwrap(api.PUT('/user/reservation/v1.1/cancel/{id}', { params: { path: { id: input.reservationId } } }))
      .then(() => undefined)
      .catch(throwCallError),
  ),
};

/**
 * The phone verification chart's calls: a code texted to the number (or mailed to the address, for a
 * guest who chose e-mail), and the code the guest typed checked.
 */
export const phoneVerificationActors = {
  sendVerificationCode: fromPromise<void, PhoneVerificationInput>(({ input }) =>
    unwrap(
      input.sendBy === 'EMAIL'
        ? api.POST('/public/guest/verify-email', { body: { email: input.email ?? '' } })
        : api.POST('/public/guest/verify-phone-number', { body: { mobileCountryCode: input.mobileCountryCode, mobileNumber: input.mobileNumber } }),
    )
      .then(() => undefined)
      .catch(throwCallError),
  ),
  confirmVerificationCode: fromPromise<void, PhoneVerificationInput & { code: string }>(({ input }) =>
    unwrap(
      input.sendBy === 'EMAIL'
        ? api.POST('/public/guest/confirm-email', { body: { email: input.email ?? '', code: input.code } })
        : api.POST('/public/guest/confirm-phone-number', { body: { mobileCountryCode: input.mobileCountryCode, mobileNumber: input.mobileNumber, code: input.code } }),
    )
      .then(() => undefined)
      .catch(throwCallError),
  ),
};
