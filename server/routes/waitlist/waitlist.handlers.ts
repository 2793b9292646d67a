/** Handlers of the waitlist area: join, list and leave. */
import type { Context } from 'hono';
import * as v from 'valibot';
import type { AppEnv } from '../../context';
import { hexIdMessage, isoDateMessage, parseBody, parseParams, requiredObject } from '../../lib/validate';
import { textWithValues } from '../../../common/message-values';
import { isIsoDate } from '../../../common/time';
import { experienceText } from '../../../common/experience-text';
import { experienceTextsNow } from '../../services/booking-rules/venue-catalog';
import { MAX_GUESTS } from '../../services/booking-rules/selection-checks';
import { RESERVATION_LOCALES, resolveLocale } from '../../services/reservations/reservations';
import { joinWaitlist, leaveWaitlist, listOwnWaitlist, type WaitlistEntryDto } from '../../services/waitlist/waitlist';
import { answer } from '../route';

type Ctx = Context<AppEnv>;

const id = (name: string) => v.pipe(v.string(hexIdMessage(name)), v.regex(/^[0-9a-f]{24}$/, hexIdMessage(name)));
const PARTY_MESSAGE = textWithValues(/*i18n*/ 'numberOfGuests must be a whole number from 1 to {max}', { max: MAX_GUESTS });
const TIME_MESSAGE = /*i18n*/ 'earliestTime and latestTime must be minutes from midnight (0 to 2880)';
const minutes = v.pipe(v.number(TIME_MESSAGE), v.integer(TIME_MESSAGE), v.minValue(0, TIME_MESSAGE), v.maxValue(2880, TIME_MESSAGE));

const joinBody = requiredObject({
  venueId: id('venueId'),
  experienceId: id('experienceId'),
  date: v.pipe(v.string(isoDateMessage('date')), v.check(isIsoDate, isoDateMessage('date'))),
  numberOfGuests: v.pipe(v.number(PARTY_MESSAGE), v.integer(PARTY_MESSAGE), v.minValue(1, PARTY_MESSAGE), v.maxValue(MAX_GUESTS, PARTY_MESSAGE)),
  earliestTime: minutes,
  latestTime: minutes,
  locale: v.optional(
    v.picklist(RESERVATION_LOCALES, textWithValues(/*i18n*/ 'locale must be one of {locales}', { locales: RESERVATION_LOCALES.join(', ') })),
  ),
});

const idParams = requiredObject({ id: id('id') });

/** The experience's name in the caller's language (the venue's is kept in every language). */
async function localizeEntry(c: Ctx, entry: WaitlistEntryDto): Promise<WaitlistEntryDto> {
  const texts = await experienceTextsNow(c.get('deps').db);
  return { ...entry, experience: experienceText(entry.experience, c.var.i18n, texts.get(entry.experience._id)) };
}

export function createWaitlistHandlers() {
  return {
    /** GET /user/waitlist: the caller's entries. */
    async list(c: Ctx) {
      const data = await Promise.all((await listOwnWaitlist(c.get('deps'), c.get('auth').id)).map((e) => localizeEntry(c, e)));
      return answer(200, { status: 200, data });
    },

    /** POST /user/waitlist: join (and be offered a free table at once when the window has one). */
    async join(c: Ctx) {
      const body = await parseBody(c, joinBody);
      const entry = await joinWaitlist(c.get('deps'), c.get('auth').id, {
        ...body,
        locale: resolveLocale(body.locale, c.req.header('accept-language')),
      });
      return answer(201, { status: 201, data: await localizeEntry(c, entry) });
    },

    /** PUT /user/waitlist/{id}/leave: leave, giving up any table held for the caller. */
    async leave(c: Ctx) {
      const { id: entryId } = parseParams(c, idParams);
      const entry = await leaveWaitlist(c.get('deps'), c.get('auth').id, entryId);
      return answer(200, { status: 200, data: await localizeEntry(c, entry) });
    },
  };
}
