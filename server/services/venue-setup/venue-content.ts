/**
 * A venue's texts per language and its contacts, as the set-up pages read and publish them (docs/decisions/0016-versioned-setup.md).
 * English lives on `venues` and is required; the other five languages live in `venue_texts`, each field
 * null until written, when guests read the English and the admin sees it listed as missing.
 */
import { eq } from 'drizzle-orm';
import type { AppDeps, AuthUser } from '../../context';
import type { Db, DbOrTx } from '../../db/client';
import { venues, venueTexts } from '../../db/schema';
import { recordSetupChange } from '../audit/setup-audit';
import { lockForChange, writeChange } from '../setup/versioned';
import { catalogChanged, venueNotFound } from '../booking-rules/venue-catalog';
import {
  TRANSLATED_LOCALES,
  VENUE_TEXT_FIELDS,
  type VenueContentInput,
  type VenueTextField,
} from '../../../common/validation/venue-setup-validation';
import type { Locale } from '../../../common/locales';

type Texts = Record<VenueTextField, string | null>;

/** A venue's content as the set-up page edits it. */
export interface VenueContent {
  venueId: string;
  domain: string;
  version: number;
  texts: Record<Locale, Texts>;
  /** Per language beside English, the fields not written yet (guests read the English). */
  missing: Record<Exclude<Locale, 'en'>, VenueTextField[]>;
  reservationsPhone: string;
  reservationsEmail: string;
  /** How many days ahead guests and members may book (changed by its own call, on the same version). */
  bookingWindows: { guestBookingDays: number; memberBookingDays: number };
  /** The host stand's late grace: minutes past its start before a party not arrived reads as late. */
  lateGraceMinutes: number;
}

const emptyTexts = (): Texts => ({ title: null, description: null, introduction: null, address: null });

async function readContent(db: DbOrTx, venueId: string): Promise<VenueContent> {
  const [venue] = await db.select().from(venues).where(eq(venues.id, venueId)).limit(1);
  if (!venue) throw venueNotFound();
  const rows = await db.select().from(venueTexts).where(eq(venueTexts.venueId, venueId));
  const texts = {
    en: { title: venue.title, description: venue.description, introduction: venue.introduction, address: venue.address },
  } as Record<Locale, Texts>;
  const missing = {} as VenueContent['missing'];
  for (const locale of TRANSLATED_LOCALES) {
    const row = rows.find((r) => r.locale === locale);
    texts[locale] = row ? { title: row.title, description: row.description, introduction: row.introduction, address: row.address } : emptyTexts();
    missing[locale] = VENUE_TEXT_FIELDS.filter((field) => !texts[locale][field]);
  }
  return {
    venueId,
    domain: venue.domain,
    version: venue.version,
    texts,
    missing,
    reservationsPhone: venue.reservationsPhone,
    reservationsEmail: venue.reservationsEmail,
    bookingWindows: { guestBookingDays: venue.guestBookingDays, memberBookingDays: venue.memberBookingDays },
    lateGraceMinutes: venue.lateGraceMinutes,
  };
}

/**
 * The venue's own columns from its English texts and contacts: English lives on `venues`, so creating
 * a venue and publishing its content write them the same way.
 */
export function venueColumnsOf(input: Pick<VenueContentInput, 'texts' | 'reservationsPhone' | 'reservationsEmail'>) {
  const { en } = input.texts;
  return {
    title: en.title,
    description: en.description,
    introduction: en.introduction,
    address: en.address,
    reservationsPhone: input.reservationsPhone,
    reservationsEmail: input.reservationsEmail,
  };
}

/** The venue's content, or 404 20103. */
export function getVenueContent(db: Db, venueId: string): Promise<VenueContent> {
  return readContent(db, venueId);
}

/**
 * Publishes the venue's texts and contacts: refused with 409 20140 when someone else published since
 * `input.version`; audited with before and after; every process uses it on its next request.
 */
export async function publishVenueContent(deps: AppDeps, actor: AuthUser, venueId: string, input: VenueContentInput): Promise<VenueContent> {
  return deps.db.transaction(async (tx) => {
    // Locked, so two publishes of the same venue take turns and the second sees the first's version.
    await lockForChange(tx, venues, eq(venues.id, venueId), input.version, venueNotFound);
    const before = await readContent(tx, venueId);
    await writeChange(tx, venues, eq(venues.id, venueId), venueColumnsOf(input));
    for (const locale of TRANSLATED_LOCALES) {
      const texts = { ...emptyTexts(), ...input.texts[locale] };
      await tx
        .insert(venueTexts)
        .values({ venueId, locale, ...texts })
        .onConflictDoUpdate({ target: [venueTexts.venueId, venueTexts.locale], set: texts });
    }
    await catalogChanged(tx);
    const after = await readContent(tx, venueId);
    await recordSetupChange(tx, {
      actorId: actor.id,
      venueId,
      entity: 'venue',
      entityId: venueId,
      before: { texts: before.texts, reservationsPhone: before.reservationsPhone, reservationsEmail: before.reservationsEmail },
      after: { texts: after.texts, reservationsPhone: after.reservationsPhone, reservationsEmail: after.reservationsEmail },
      at: deps.clock.now(),
    });
    return after;
  });
}
