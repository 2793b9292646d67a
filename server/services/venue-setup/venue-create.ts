/**
 * Creates a venue from nothing (docs/decisions/0019-one-way-in.md): the venue with its texts per language, contacts,
 * online party sizes, lead time, booking windows by membership and policy. Its services, dining areas,
 * tables, pacing and turn times are then added by the set-up's own functions, each from its first
 * version; the demo venues are made this way at first start (server/db/seed.ts). No page calls it yet:
 * the app knows its venues when it is built (docs/decisions/0019-one-way-in.md).
 */
import { eq, max, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { venues, venueTexts, type VenuePolicy } from '../../db/schema';
import { runSetupChange, type SetupDeps, type SetupOutcome } from '../setup/setup-change';
import type { ChangeBy } from '../setup/system-setup';
import { venueColumnsOf } from './venue-content';
import { refuseIfAny, type SetupReason } from '../setup/versioned';
import { TRANSLATED_LOCALES, VENUE_TEXT_FIELDS } from '../../../common/validation/venue-setup-validation';
import type { NewVenue } from '../../../common/validation/venue-create-validation';

/** The rules a new venue must keep against the stored ones: an id and a web address name of its own. */
async function newVenueReasons(tx: DbOrTx, input: NewVenue): Promise<SetupReason[]> {
  const taken = await tx.select({ id: venues.id, domain: venues.domain }).from(venues).where(or(eq(venues.id, input.id), eq(venues.domain, input.domain)));
  const reasons: SetupReason[] = [];
  if (taken.some((v) => v.id === input.id)) reasons.push({ message: /*i18n*/ 'Another venue already has the id {id}', values: { id: input.id } });
  if (taken.some((v) => v.domain === input.domain)) reasons.push({ message: /*i18n*/ 'Another venue already has the web address name {domain}', values: { domain: input.domain } });
  return reasons;
}

/** Adds the venue after the others, with version 1 and no services yet (their first publish starts from version 0). */
export function createVenue(deps: SetupDeps, by: ChangeBy, input: NewVenue): Promise<SetupOutcome<{ _id: string }>> {
  return runSetupChange(deps, { ...by, venueId: input.id }, async (tx) => {
    refuseIfAny(await newVenueReasons(tx, input));
    const [last] = await tx.select({ order: max(venues.sortOrder) }).from(venues);
    const [row] = await tx
      .insert(venues)
      .values({
        id: input.id,
        domain: input.domain,
        ...venueColumnsOf(input),
        maxPartySize: input.maxPartySize,
        onlineMinGuests: input.onlineMinGuests,
        onlineMaxGuests: input.onlineMaxGuests,
        requiresPhoneVerification: input.requiresPhoneVerification,
        minLeadMinutes: input.minLeadMinutes,
        guestBookingDays: input.bookingDays.guest,
        memberBookingDays: input.bookingDays.member,
        policy: input.policy satisfies VenuePolicy,
        sortOrder: (last?.order ?? 0) + 1,
        servicesVersion: 0,
      })
      .returning();
    // Only the languages written: a language without a row reads the English, as one with empty fields does.
    const translated = TRANSLATED_LOCALES.map((locale) => ({ locale, texts: input.texts[locale] })).filter(({ texts }) => VENUE_TEXT_FIELDS.some((f) => texts[f]));
    if (translated.length) await tx.insert(venueTexts).values(translated.map(({ locale, texts }) => ({ venueId: input.id, locale, ...texts })));
    const { version: _version, servicesVersion: _services, ...after } = row!;
    return { value: { _id: input.id }, version: row!.version, audit: [{ entity: 'venue', entityId: input.id, before: null, after: { ...after, texts: input.texts } }] };
  });
}
