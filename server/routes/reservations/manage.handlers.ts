/**
 * Handlers of the manage link: view, calendar file, free times, change, cancel and reconfirm. Every
 * call, a forged token's too, counts against the caller's address first.
 */
import type { Context } from 'hono';
import * as v from 'valibot';
import type { AppEnv } from '../../context';
import type { ResponseBody } from '../../lib/api-types';
import { clientIp } from '../../lib/client-address';
import { MINUTE_MS, RateLimits, type WindowLimit } from '../../lib/rate-limit';
import { parseBody, parseParams, parseQuery, requiredObject } from '../../lib/validate';
import { localizeAvailability } from '../localisation/content';
import { localizedReservation } from './localized-reservation';
import {
  cancelManagedReservation,
  changeManagedReservation,
  giveUpManagedChange,
  holdManagedChange,
  managedChangeState,
  payManagedChange,
  payFeeThroughLink,
  payThroughLink,
  guaranteeThroughLink,
  startGuaranteeThroughLink,
  paymentThroughLink,
  quoteManagedChange,
  managedAvailability,
  managedCalendarInvite,
  openManagedReservation,
  reconfirmManagedReservation,
  type ManagedReservation,
} from '../../services/reservations/manage-reservation';
import { date, id, partySize, partySizeQuery, startTime } from './reservations.handlers';
import { changePaymentBody, stateInLanguage } from './change-holds.handlers';
import { idSchema } from '../../lib/validate';
import { inLanguage, paymentConfig } from '../../services/payments/payments';
import { payLinksOf, type PayLinkView } from '../../services/pay-link/pay-links';
import { guaranteeInLanguage } from '../payments/saved-cards.handlers';
import { feeDueOf } from '../../services/payments/no-show-fee-charge';

type Ctx = Context<AppEnv>;

/** Generous for a guest moving between days, too few to scan the links of others. */
export const MANAGE_LIMIT: WindowLimit = { name: 'manage:client', limit: 120, windowMs: 10 * MINUTE_MS };

// The token's own format is checked by its reader; this only keeps absurd input out.
const tokenParams = requiredObject({ token: v.pipe(v.string(), v.maxLength(200)) });
const holdParams = requiredObject({ token: v.pipe(v.string(), v.maxLength(200)), holdId: idSchema });
const paymentParams = requiredObject({ token: v.pipe(v.string(), v.maxLength(200)), paymentId: idSchema });
const availabilityParams = requiredObject({ token: v.pipe(v.string(), v.maxLength(200)), date: date('date') });
const availabilityQuery = requiredObject({ numberOfGuests: partySizeQuery });
const changeBody = requiredObject({
  date: v.optional(date('date')),
  startTime: v.optional(startTime),
  numberOfGuests: v.optional(partySize),
  seatingAreaId: v.optional(v.nullable(id('seatingAreaId'))),
});

export function createManageHandlers(limits = new RateLimits(), limit: WindowLimit = MANAGE_LIMIT) {
  const counted = (c: Ctx) => limits.take(c, [{ limit, key: clientIp(c) }]);
  const answer = async (c: Ctx, data: ManagedReservation & { payLink?: PayLinkView | null; feeDue?: number | null }) => {
    const localized = { ...data, reservation: data.reservation && (await localizedReservation(c, data.reservation)) };
    return c.json({ status: 200, data: localized } satisfies ResponseBody<'/manage/{token}', 'get', 200>, 200);
  };
  return {
    /** GET /manage/{token}: the reservation, or that it has changed or been cancelled since. */
    async open(c: Ctx) {
      await counted(c);
      const { token } = parseParams(c, tokenParams);
      const data = await openManagedReservation(c.get('deps'), token);
      // A phone booking's pay link, so the page can offer to pay what is owed (decision 0036).
      const links = data.reservation ? await payLinksOf(c.get('deps').db, [data.reservation._id]) : new Map();
      // A fee its card on file did not pay, for the guest to pay themselves (decision 0035).
      const feeDue = data.reservation ? await feeDueOf(c.get('deps').db, data.reservation._id) : null;
      return answer(c, { ...data, payLink: (data.reservation && links.get(data.reservation._id)) ?? null, feeDue });
    },

    /** POST /manage/{token}/fee-payment: the guest pays a fee their card on file did not, by card (3-D Secure when the bank asks). */
    async payFee(c: Ctx) {
      await counted(c);
      const { token } = parseParams(c, tokenParams);
      const body = await parseBody(c, changePaymentBody);
      const data = inLanguage(await payFeeThroughLink(c.get('deps'), token, body), c.var.i18n);
      return c.json({ status: 201, data } satisfies ResponseBody<'/manage/{token}/fee-payment', 'post', 201>, 201);
    },

    /** POST /manage/{token}/payment: pays what a phone booking owes through its pay link, by card. */
    async payOwed(c: Ctx) {
      await counted(c);
      const { token } = parseParams(c, tokenParams);
      const body = await parseBody(c, changePaymentBody);
      const data = inLanguage(await payThroughLink(c.get('deps'), token, body), c.var.i18n);
      return c.json({ status: 201, data } satisfies ResponseBody<'/manage/{token}/payment', 'post', 201>, 201);
    },

    /** POST /manage/{token}/card-guarantee: a card saved for the link's guaranteed booking (its pay link's ask). */
    async startGuarantee(c: Ctx) {
      await counted(c);
      const { token } = parseParams(c, tokenParams);
      const data = guaranteeInLanguage(await startGuaranteeThroughLink(c.get('deps'), token), c);
      return c.json({ status: 201, data } satisfies ResponseBody<'/manage/{token}/card-guarantee', 'post', 201>, 201);
    },

    /** GET /manage/{token}/card-guarantee */
    async readGuarantee(c: Ctx) {
      await counted(c);
      const { token } = parseParams(c, tokenParams);
      const found = await guaranteeThroughLink(c.get('deps'), token);
      const data = found && guaranteeInLanguage(found, c);
      return c.json({ status: 200, data } satisfies ResponseBody<'/manage/{token}/card-guarantee', 'get', 200>, 200);
    },

    /** GET /manage/{token}/payment/{paymentId}: that payment, as the processor has it. */
    async owedPayment(c: Ctx) {
      await counted(c);
      const { token, paymentId } = parseParams(c, paymentParams);
      const data = inLanguage(await paymentThroughLink(c.get('deps'), token, paymentId), c.var.i18n);
      return c.json({ status: 200, data } satisfies ResponseBody<'/manage/{token}/payment/{paymentId}', 'get', 200>, 200);
    },

    /** GET /manage/{token}/calendar.ics */
    async calendar(c: Ctx) {
      await counted(c);
      const { token } = parseParams(c, tokenParams);
      const file = await managedCalendarInvite(c.get('deps'), token);
      return c.body(file.text, 200, {
        'Content-Type': file.contentType,
        'Content-Disposition': `attachment; filename="${file.fileName}"`,
        'Cache-Control': 'private, no-store',
      });
    },

    /** GET /manage/{token}/timeslot-availability/{date}?numberOfGuests= */
    async availability(c: Ctx) {
      await counted(c);
      const { token, date } = parseParams(c, availabilityParams);
      const { numberOfGuests } = parseQuery(c, availabilityQuery);
      const data = localizeAvailability(c.var.i18n, await managedAvailability(c.get('deps'), token, { date, numberOfGuests }));
      return c.json({ status: 200, data } satisfies ResponseBody<'/manage/{token}/timeslot-availability/{date}', 'get', 200>, 200);
    },

    /** PUT /manage/{token}: change day, time, party or dining area. */
    async change(c: Ctx) {
      await counted(c);
      const { token } = parseParams(c, tokenParams);
      const input = await parseBody(c, changeBody);
      return answer(c, await changeManagedReservation(c.get('deps'), token, input));
    },

    /** POST /manage/{token}/quote: what the change would cost, before it is made. */
    async quote(c: Ctx) {
      await counted(c);
      const { token } = parseParams(c, tokenParams);
      const input = await parseBody(c, changeBody);
      const data = await quoteManagedChange(c.get('deps'), token, input);
      return c.json({ status: 200, data } satisfies ResponseBody<'/manage/{token}/quote', 'post', 200>, 200);
    },

    /** GET /manage/{token}/payment-config: the card processor, for paying a change through the link (no wallet: no log-in). */
    async paymentConfig(c: Ctx) {
      await counted(c);
      const { token } = parseParams(c, tokenParams);
      await openManagedReservation(c.get('deps'), token);
      const data = paymentConfig(c.get('deps'), 'guest');
      return c.json({ status: 200, data } satisfies ResponseBody<'/manage/{token}/payment-config', 'get', 200>, 200);
    },

    /** POST /manage/{token}/change-hold: a change that costs more, held while its difference is paid by card. */
    async holdChange(c: Ctx) {
      await counted(c);
      const { token } = parseParams(c, tokenParams);
      const input = await parseBody(c, changeBody);
      const data = await holdManagedChange(c.get('deps'), token, input);
      return c.json({ status: 201, data } satisfies ResponseBody<'/manage/{token}/change-hold', 'post', 201>, 201);
    },

    /** GET /manage/{token}/change-hold/{holdId} */
    async changeState(c: Ctx) {
      await counted(c);
      const { token, holdId } = parseParams(c, holdParams);
      const state = await managedChangeState(c.get('deps'), token, holdId);
      const managed = state.managed && { ...state.managed, reservation: state.managed.reservation && (await localizedReservation(c, state.managed.reservation)) };
      const data = { ...stateInLanguage(state, c), managed };
      return c.json({ status: 200, data } satisfies ResponseBody<'/manage/{token}/change-hold/{holdId}', 'get', 200>, 200);
    },

    /** DELETE /manage/{token}/change-hold/{holdId} */
    async giveUpChange(c: Ctx) {
      await counted(c);
      const { token, holdId } = parseParams(c, holdParams);
      const data = await giveUpManagedChange(c.get('deps'), token, holdId);
      return c.json({ status: 200, data } satisfies ResponseBody<'/manage/{token}/change-hold/{holdId}', 'delete', 200>, 200);
    },

    /** POST /manage/{token}/change-hold/{holdId}/payment */
    async payChange(c: Ctx) {
      await counted(c);
      const { token, holdId } = parseParams(c, holdParams);
      const body = await parseBody(c, changePaymentBody);
      const data = inLanguage(await payManagedChange(c.get('deps'), token, holdId, body), c.var.i18n);
      return c.json({ status: 201, data } satisfies ResponseBody<'/manage/{token}/change-hold/{holdId}/payment', 'post', 201>, 201);
    },

    /** PUT /manage/{token}/cancel */
    async cancel(c: Ctx) {
      await counted(c);
      const { token } = parseParams(c, tokenParams);
      return answer(c, await cancelManagedReservation(c.get('deps'), token));
    },

    /** PUT /manage/{token}/reconfirm: the guest is coming (from the reminder). */
    async reconfirm(c: Ctx) {
      await counted(c);
      const { token } = parseParams(c, tokenParams);
      return answer(c, await reconfirmManagedReservation(c.get('deps'), token));
    },
  };
}
