/** Handlers of the feedback link, the allergy answer and the staff's feedback calls. Link calls count against the caller's address first. */
import type { Context } from 'hono';
import * as v from 'valibot';
import type { AppEnv } from '../../context';
import { checkVenueAccess } from '../../lib/auth';
import { clientIp } from '../../lib/client-address';
import { badRequest } from '../../lib/errors';
import { RateLimits } from '../../lib/rate-limit';
import { idSchema, isoDateMessage, parseBody, parseParams, parseQuery, requiredMessage, requiredObject } from '../../lib/validate';
import { localizeText } from '../localisation/content';
import { feedbackByVenueAndWeek } from '../../services/feedback/feedback-report';
import { guestFeedback, setFeedbackMails } from '../../services/feedback/guest-feedback';
import { giveFeedback, openFeedback, type FeedbackView } from '../../services/feedback/visit-feedback';
import { confirmAllergies, openAllergyConfirmation, type AllergyConfirmation } from '../../services/reservations/allergy-confirmation';
import { MAX_REPORT_DAYS, rangeDays } from '../../../common/report-range';
import { isIsoDate } from '../../../common/time';
import { allergiesSchema, feedbackMailsSchema, feedbackSchema } from '../../../common/validation/feedback-validation';
import { MANAGE_LIMIT } from '../reservations/manage.handlers';
import { answer } from '../route';

type Ctx = Context<AppEnv>;

const tokenParams = requiredObject({ token: v.pipe(v.string(), v.maxLength(200)) });
const userParams = requiredObject({ userId: idSchema });
const requiredDate = (field: string) => v.pipe(v.optional(v.string(), ''), v.nonEmpty(requiredMessage(field)), v.check(isIsoDate, isoDateMessage(field)));
const reportQuery = v.object({ venueId: v.optional(idSchema), from: requiredDate('from'), to: requiredDate('to') });

export function createFeedbackHandlers(limits = new RateLimits()) {
  const counted = (c: Ctx) => limits.take(c, [{ limit: { ...MANAGE_LIMIT, name: 'feedback:client' }, key: clientIp(c) }]);
  const feedbackAnswer = (c: Ctx, data: FeedbackView) =>
    answer(200, { status: 200, data: { ...data, venue: { ...data.venue, name: localizeText(c.var.i18n, data.venue.name) } } });
  const guestAnswer = (c: Ctx, data: Awaited<ReturnType<typeof guestFeedback>>) => {
    const entries = data.entries.map((e) => ({ ...e, venueName: localizeText(c.var.i18n, e.venueName) }));
    return answer(200, { status: 200, data: { ...data, entries } });
  };
  const allergyAnswer = (c: Ctx, data: AllergyConfirmation) =>
    answer(200, { status: 200, data: { ...data, venueName: localizeText(c.var.i18n, data.venueName) } });

  return {
    /** GET /feedback/{token}: the visit and the rating given so far. */
    async open(c: Ctx) {
      await counted(c);
      const { token } = parseParams(c, tokenParams);
      return feedbackAnswer(c, await openFeedback(c.get('deps'), token));
    },

    /** PUT /feedback/{token}: a rating from 1 to 5 and an optional comment. */
    async give(c: Ctx) {
      await counted(c);
      const { token } = parseParams(c, tokenParams);
      const input = await parseBody(c, feedbackSchema);
      return feedbackAnswer(c, await giveFeedback(c.get('deps'), token, input));
    },

    /** GET /manage/{token}/allergies: the booking's dietary details and the answer so far. */
    async openAllergies(c: Ctx) {
      await counted(c);
      const { token } = parseParams(c, tokenParams);
      return allergyAnswer(c, await openAllergyConfirmation(c.get('deps'), token));
    },

    /** PUT /manage/{token}/allergies: the guest's answer ('' for none). */
    async confirmAllergies(c: Ctx) {
      await counted(c);
      const { token } = parseParams(c, tokenParams);
      const { answer } = await parseBody(c, allergiesSchema);
      return allergyAnswer(c, await confirmAllergies(c.get('deps'), token, answer));
    },

    /** GET /admin/report/feedback: responses and average rating per venue and ISO week of the visit. */
    async report(c: Ctx) {
      const { venueId, from, to } = parseQuery(c, reportQuery);
      const actor = c.get('auth');
      const only = venueId ?? (actor.role === 'admin' ? null : (actor.venueId ?? ''));
      if (only !== null) checkVenueAccess(actor, only);
      const days = rangeDays(from, to);
      if (days < 1) throw badRequest(/*i18n*/ 'The range must end on or after the day it starts', 'to');
      if (days > MAX_REPORT_DAYS) throw badRequest(/*i18n*/ 'A report covers at most {days} days', 'to', { days: MAX_REPORT_DAYS });
      const rows = await feedbackByVenueAndWeek(c.get('deps').db, { venueIds: only === null ? null : [only], from, to });
      const data = { from, to, rows: rows.map((row) => ({ ...row, venueName: localizeText(c.var.i18n, row.venueName) })) };
      return answer(200, { status: 200, data });
    },

    /** GET /admin/guests/{userId}/feedback: the guest's ratings and comments, for the guest book's profile. */
    async guestFeedback(c: Ctx) {
      const { userId } = parseParams(c, userParams);
      return guestAnswer(c, await guestFeedback(c.get('deps').db, c.get('auth'), userId));
    },

    /** PUT /admin/guests/{userId}/feedback-mails: stop (or restart) the guest's feedback mails. */
    async feedbackMails(c: Ctx) {
      const { userId } = parseParams(c, userParams);
      const { stopped } = await parseBody(c, feedbackMailsSchema);
      const { db, clock } = c.get('deps');
      await setFeedbackMails(db, c.get('auth'), userId, stopped, clock.now());
      return guestAnswer(c, await guestFeedback(db, c.get('auth'), userId));
    },
  };
}
