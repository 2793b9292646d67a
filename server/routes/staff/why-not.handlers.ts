/** Handler of staff's "Why not?": checks the question, asks the explainer, writes its reasons in the caller's language. */
import type { Context } from 'hono';
import type { I18n } from '@lingui/core';
import type { AppEnv } from '../../context';
import type { ResponseBody, Schema } from '../../lib/api-types';
import { checkVenueAccess } from '../../lib/auth';
import { localizeValues } from '../../lib/message-values';
import { idSchema, parseParams, parseQuery, requiredObject } from '../../lib/validate';
import { localizeText } from '../localisation/content';
import { formatTimeFor } from '../../../common/time';
import { experienceText } from '../../../common/experience-text';
import { experienceTextsNow } from '../../services/booking-rules/venue-catalog';
import { whyNotQuerySchema } from '../../../common/validation/why-not-validation';
import { whyNot, type WhyNotReason } from '../../services/staff/why-not';

type Ctx = Context<AppEnv>;

const venueParams = requiredObject({ venueId: idSchema });

/** A reason with its message written for the reader; its values go no further. */
function written(i18n: I18n, { message, values, ...rest }: WhyNotReason): Schema<'WhyNotReason'> {
  return { ...rest, message: i18n._(message, values && localizeValues(values, i18n)) };
}

export function createWhyNotHandlers() {
  return {
    /** GET /admin/venue/{venueId}/why-not?date&time&guests[&experienceId] (403 for another venue's staff). */
    async whyNot(c: Ctx) {
      const { venueId } = parseParams(c, venueParams);
      checkVenueAccess(c.get('auth'), venueId);
      const query = parseQuery(c, whyNotQuerySchema);
      const { i18n } = c.var;
      const answer = await whyNot(c.get('deps').db, { venueId, ...query }, c.get('deps').clock.now());
      const data: Schema<'WhyNot'> = {
        ...answer,
        timeStr: formatTimeFor(answer.time, i18n.locale),
        experience: experienceText({ name: answer.experience }, i18n, (await experienceTextsNow(c.get('deps').db)).get(answer.experienceId)).name,
        reasons: answer.reasons.map((r) => written(i18n, r)),
        slots: answer.slots.map((s) => ({ ...s, startTimeStr: formatTimeFor(s.startTime, i18n.locale), reasons: s.reasons.map((r) => written(i18n, r)) })),
        tables: answer.tables.map((t) => ({ ...t, area: localizeText(i18n, t.area), reasons: t.reasons.map((r) => written(i18n, r)) })),
        combinations: answer.combinations.map((c) => ({ ...c, area: localizeText(i18n, c.area), reasons: c.reasons.map((r) => written(i18n, r)) })),
      };
      return c.json({ status: 200, data } satisfies ResponseBody<'/admin/venue/{venueId}/why-not', 'get', 200>, 200);
    },
  };
}
