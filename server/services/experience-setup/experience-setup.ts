/**
 * A venue's experiences as the set-up page edits them (docs/decisions/0016-versioned-setup.md): listed with every language's texts
 * (what is missing shown to the admin), created, changed and retired (never deleted: bookings name
 * them) through `runSetupChange`, so each change is previewed with the bookings it leaves outside the
 * experience's days, services or party sizes, refused with every reason, and audited before and after.
 * `createExperience` and `updateExperience` take a transaction and the page's plain values, so the demo
 * seed can create experiences through the same code.
 */
import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { experiences, experienceTexts, servicePeriods, venues, type VenuePolicy } from '../../db/schema';
import type { Schema } from '../../lib/api-types';
import { notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import {
  EXPERIENCE_TEXT_FIELDS,
  TRANSLATED_LOCALES,
  type ExperienceChangeInput,
  type ExperienceInput,
} from '../../../common/validation/experience-validation';
import { venueNotFound } from '../booking-rules/venue-catalog';
import { runSetupChange, type SetupDeps, type SetupOutcome } from '../setup/setup-change';
import { lockForChange, refuseIfAny, writeChange, type SetupReason } from '../setup/versioned';

export type ExperienceSetupDto = Schema<'ExperienceSetup'>;
export type ExperienceSetupListDto = Schema<'ExperienceSetupList'>;
type ExperienceRow = typeof experiences.$inferSelect;
type TextRow = typeof experienceTexts.$inferSelect;

/** A new experience of a venue: the set-up page's form, and the venue it is for. */
export type NewExperience = ExperienceInput & { venueId: string };

const experienceNotFound = () => notFound(/*i18n*/ 'The experience does not exist');

/** The experience's columns from the form's values (English on the row, the rest in experience_texts). */
const columnsOf = (input: ExperienceInput) => ({
  name: input.texts.en.name,
  description: input.texts.en.description,
  durationMinutes: input.durationMinutes,
  minGuests: input.minGuests,
  maxGuests: input.maxGuests,
  daysOfWeek: [...new Set(input.daysOfWeek)].sort((a, b) => a - b),
  periodNames: [...new Set(input.periodNames)],
  membersOnly: input.membersOnly,
  active: input.active,
  prePaymentType: input.prePaymentType,
  priceAmount: input.priceAmount,
  serviceChargePercentage: input.serviceChargePercentage,
  taxPercentage: input.taxPercentage,
  depositPolicy: [...input.depositPolicy].sort((a, b) => a.minGuestCount - b.minGuestCount),
  policy: (input.policy as VenuePolicy | null) ?? null,
  guestBookingDays: input.guestBookingDays,
  memberBookingDays: input.memberBookingDays,
});

/** The experience as the page edits it: every value, the texts by language and what is missing. */
function dtoOf(row: ExperienceRow, textRows: readonly TextRow[]): ExperienceSetupDto {
  const texts: ExperienceSetupDto['texts'] = { en: { name: row.name, description: row.description } };
  const missing = {} as ExperienceSetupDto['missing'];
  for (const locale of TRANSLATED_LOCALES) {
    const own = textRows.find((t) => t.experienceId === row.id && t.locale === locale);
    texts[locale] = { name: own?.name ?? null, description: own?.description ?? null };
    missing[locale] = EXPERIENCE_TEXT_FIELDS.filter((field) => !texts[locale]![field]);
  }
  const { name: _name, description: _description, venueId, sortOrder: _sortOrder, version, id, ...values } = row;
  return { _id: id, venueId, version, texts, missing, ...values };
}

/** What the audit keeps: every value an admin sets, in every language. */
const auditView = (dto: ExperienceSetupDto) => {
  const { missing: _missing, version: _version, ...values } = dto;
  return values;
};

async function textRowsOf(db: DbOrTx, experienceId: string): Promise<TextRow[]> {
  return db.select().from(experienceTexts).where(eq(experienceTexts.experienceId, experienceId));
}

async function writeTexts(tx: DbOrTx, experienceId: string, input: ExperienceInput): Promise<void> {
  for (const locale of TRANSLATED_LOCALES) {
    const texts = { name: input.texts[locale].name ?? null, description: input.texts[locale].description ?? null };
    await tx
      .insert(experienceTexts)
      .values({ experienceId, locale, ...texts })
      .onConflictDoUpdate({ target: [experienceTexts.experienceId, experienceTexts.locale], set: texts });
  }
}

/** The venue's experiences as stored now (retired ones too), with the services, policy and windows the form offers. */
export async function readExperiences(db: DbOrTx, venueId: string): Promise<ExperienceSetupListDto> {
  const [venue] = await db.select().from(venues).where(eq(venues.id, venueId));
  if (!venue) throw venueNotFound();
  const rows = await db.select().from(experiences).where(eq(experiences.venueId, venueId)).orderBy(asc(experiences.sortOrder), asc(experiences.id));
  const textRows = rows.length ? await db.select().from(experienceTexts).where(inArray(experienceTexts.experienceId, rows.map((r) => r.id))) : [];
  const periods = await db.select({ name: servicePeriods.name }).from(servicePeriods).where(eq(servicePeriods.venueId, venueId)).orderBy(asc(servicePeriods.sortOrder));
  return {
    venueId,
    services: [...new Set(periods.map((p) => p.name))],
    venuePolicy: venue.policy,
    venueBookingDays: { guestBookingDays: venue.guestBookingDays, memberBookingDays: venue.memberBookingDays },
    venueOnlineMaxGuests: venue.onlineMaxGuests,
    experiences: rows.map((row) => dtoOf(row, textRows)),
  };
}

/**
 * The rules an experience's values must keep that need the stored set-up: the venue's services, a name
 * of its own, and an own policy's largest party within what the venue takes online (beyond it the policy
 * would invite parties online that the venue sends to its reservations team).
 */
async function experienceReasons(tx: DbOrTx, venueId: string, input: ExperienceInput, experienceId?: string): Promise<SetupReason[]> {
  const reasons: SetupReason[] = [];
  const [venue] = await tx.select({ onlineMaxGuests: venues.onlineMaxGuests }).from(venues).where(eq(venues.id, venueId));
  if (venue && input.policy && input.policy.maximumPartySize > venue.onlineMaxGuests) {
    reasons.push({
      message: /*i18n*/ 'The largest party ({largest}) is more than the {online} guests this venue takes online',
      values: { largest: input.policy.maximumPartySize, online: venue.onlineMaxGuests },
    });
  }
  const services = new Set((await tx.select({ name: servicePeriods.name }).from(servicePeriods).where(eq(servicePeriods.venueId, venueId))).map((p) => p.name));
  for (const service of new Set(input.periodNames)) {
    if (!services.has(service)) reasons.push({ message: /*i18n*/ '{service} is not a service of this venue', values: { service } });
  }
  const sameName = await tx
    .select({ id: experiences.id })
    .from(experiences)
    .where(and(eq(experiences.venueId, venueId), eq(experiences.name, input.texts.en.name), experienceId ? ne(experiences.id, experienceId) : undefined));
  if (sameName.length) reasons.push({ message: /*i18n*/ 'Another experience is already called {name}', values: { name: input.texts.en.name } });
  return reasons;
}

/**
 * Creates an experience of `input.venueId` from the set-up page's values, in the caller's transaction:
 * refused (409 20141) with every reason when it names a service the venue does not have or a name
 * already used; 404 for an unknown venue. Gives the experience as stored.
 */
export async function createExperience(tx: DbOrTx, input: NewExperience): Promise<ExperienceSetupDto> {
  const [venue] = await tx.select({ id: venues.id }).from(venues).where(eq(venues.id, input.venueId));
  if (!venue) throw venueNotFound();
  refuseIfAny(await experienceReasons(tx, input.venueId, input));
  const siblings = await tx.select({ sortOrder: experiences.sortOrder }).from(experiences).where(eq(experiences.venueId, input.venueId));
  const sortOrder = Math.max(-1, ...siblings.map((s) => s.sortOrder)) + 1;
  const [row] = await tx
    .insert(experiences)
    .values({ id: newId(), venueId: input.venueId, sortOrder, ...columnsOf(input) })
    .returning();
  await writeTexts(tx, row!.id, input);
  return dtoOf(row!, await textRowsOf(tx, row!.id));
}

/**
 * Changes an experience from the version the admin read (409 20140 when someone changed it since),
 * in the caller's transaction; `active: false` retires it. Gives it before and after.
 */
export async function updateExperience(
  tx: DbOrTx,
  experienceId: string,
  input: ExperienceChangeInput,
): Promise<{ before: ExperienceSetupDto; after: ExperienceSetupDto }> {
  const stored = await lockForChange(tx, experiences, eq(experiences.id, experienceId), input.version, experienceNotFound);
  const before = dtoOf(stored, await textRowsOf(tx, experienceId));
  refuseIfAny(await experienceReasons(tx, stored.venueId, input, experienceId));
  const row = await writeChange(tx, experiences, eq(experiences.id, experienceId), columnsOf(input));
  await writeTexts(tx, experienceId, input);
  return { before, after: dtoOf(row, await textRowsOf(tx, experienceId)) };
}

interface ChangeBy {
  actorId: string;
  preview: boolean;
}

/** Adds an experience to a venue, previewed or published and audited. */
export function publishNewExperience(deps: SetupDeps, by: ChangeBy, venueId: string, input: ExperienceInput): Promise<SetupOutcome<{ _id: string }>> {
  return runSetupChange(deps, { ...by, venueId }, async (tx) => {
    const created = await createExperience(tx, { ...input, venueId });
    return { value: { _id: created._id }, version: created.version, audit: [{ entity: 'experience', entityId: created._id, before: null, after: auditView(created) }] };
  });
}

/** Changes (or retires) an experience, previewed with the bookings it would leave outside it, audited. */
export async function publishExperienceChange(
  deps: SetupDeps,
  by: ChangeBy,
  experienceId: string,
  input: ExperienceChangeInput,
): Promise<SetupOutcome<{ _id: string }>> {
  const [stored] = await deps.db.select({ venueId: experiences.venueId }).from(experiences).where(eq(experiences.id, experienceId));
  if (!stored) throw experienceNotFound();
  return runSetupChange(deps, { ...by, venueId: stored.venueId }, async (tx) => {
    const { before, after } = await updateExperience(tx, experienceId, input);
    return { value: { _id: experienceId }, version: after.version, audit: [{ entity: 'experience', entityId: experienceId, before: auditView(before), after: auditView(after) }] };
  });
}
