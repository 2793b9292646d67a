/**
 * The host stand's bookings of a service day in one statement (docs/PRODUCT.md §6): only the columns the
 * stand shows or its rules read, with the guest's role and name; joined from one aggregate per guest of
 * the day, the VIP and allergy tags and the allergy and dietary notes of the guest book; and each
 * booking's pay link (by its key), its reconfirmation and staff's latest call (one step down their
 * index), and whether its table was had by another since it finished (one hashed subquery for the day,
 * staff/visit-lifecycle.ts). The day comes back as one JSON value beside the set-up's version, since
 * decoding two hundred rows of forty columns one by one cost more than the database's work; the
 * statement is prepared once per database (planned once per connection, decision 0025). One round
 * trip for the whole stand, never a read per booking, nor whole reservation and guest rows. (The day
 * sheet's read carries far more: visits, money, no-show charges.)
 */
import { and, eq, inArray, isNull, ne, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import type { Schema } from '../../lib/api-types';
import { payLinks, reservations, users, venueCatalogVersion } from '../../db/schema';
import { addDays } from '../../../common/time';
import { guestNotes, guestTagLinks, guestTags } from '../../db/guest-book-schema';
import { reconfirmationCalls } from '../../db/reconfirmation-schema';
import { parsedJson } from '../booking-rules/busy-intervals';
import { WALK_IN_EMAIL } from '../guest-accounts/guest-accounts';
import { alertsFrom, type GuestAlert } from '../guest-book/guest-alerts';
import { toPayLinkView, type PayLinkRow } from '../pay-link/pay-links';
import { takenSinceFinish } from '../staff/visit-lifecycle';

type ReservationRow = typeof reservations.$inferSelect;
type StandReconfirmation = NonNullable<Schema<'HostStandReconfirmation'>>;

/** The day's bookings, named apart from the reservations the subqueries read. */
const r = alias(reservations, 'stand');

/** A timestamp as epoch milliseconds, whole (as the driver's Date keeps it). */
const ms = (at: SQLWrapper) => sql`floor(extract(epoch from ${at}) * 1000)::float8`;

const TIMES = ['startsAt', 'endsAt', 'tableFreedAt', 'holdExpiresAt', 'seatedAt', 'reconfirmAskedAt', 'reconfirmedAt'] as const;
type Times = (typeof TIMES)[number];
type Booked = Pick<
  ReservationRow,
  | 'id' | 'venueId' | 'date' | 'uniqueId' | 'userId' | 'startTime' | 'duration' | 'numberOfGuests' | 'firstName' | 'lastName' | 'mobileCountryCode' | 'mobileNumber'
  | 'tableId' | 'combinedTableIds' | 'status' | 'visitStatus' | 'runningLateMinutes' | 'arrivedCovers' | 'amountOwed' | 'notes' | 'staffNotes' | 'bookingSource'
  | 'occasion' | 'dietaryNeeds' | 'dietaryNote' | 'reconfirmedVia' | Times
>;
/** A booking as the statement writes it: its times in epoch ms, its link and last call as objects. */
type DayJson = { [K in keyof Booked]: K extends Times ? number | null : Booked[K] } & {
  guestRole: string;
  guestEmail: string;
  guestFirstName: string | null;
  guestLastName: string | null;
  vip: boolean | null;
  allergyTag: boolean | null;
  alertNotes: { kind: string; body: string }[] | null;
  lastCall: { outcome: NonNullable<StandReconfirmation['lastCall']>['outcome']; at: number } | null;
  payLink: (Pick<PayLinkRow, 'asks' | 'amount' | 'outcome'> & { sentAt: number; lapsesAt: number }) | null;
  tableTaken: boolean;
};

const at = (name: string) => sql`${sql.placeholder(name)}::timestamptz`;

function standDayStatement(db: Db) {
  const [venueId, date] = [sql.placeholder('venueId'), sql.placeholder('date')];
  const days = [sql.placeholder('before'), date, sql.placeholder('after')];
  // An expired hold never became a booking: it has no place on the stand.
  const ofTheDay = and(eq(r.venueId, venueId), eq(r.date, date), ne(r.status, 'EXPIRED'));
  const dayGuests = db.select({ id: r.userId }).from(r).where(ofTheDay);
  // Per guest of the day, once each (joined by hash, not asked again for every booking): the two tags...
  const tags = db
    .select({
      guestId: guestTagLinks.guestId,
      vip: sql<boolean>`bool_or(${guestTags.code} = 'VIP')`.as('vip'),
      allergyTag: sql<boolean>`bool_or(${guestTags.code} = 'ALLERGY')`.as('allergy_tag'),
    })
    .from(guestTagLinks)
    .innerJoin(guestTags, eq(guestTags.id, guestTagLinks.tagId))
    .where(and(inArray(guestTags.code, ['VIP', 'ALLERGY']), inArray(guestTagLinks.guestId, dayGuests)))
    .groupBy(guestTagLinks.guestId);
  // ...and the allergy and dietary notes still on file, oldest first, as one JSON array.
  const notes = db
    .select({
      guestId: guestNotes.guestId,
      alertNotes: sql`json_agg(json_build_object('kind', ${guestNotes.kind}, 'body', ${guestNotes.body}) order by ${guestNotes.createdAt})`.as('alert_notes'),
    })
    .from(guestNotes)
    .where(and(inArray(guestNotes.guestId, dayGuests), inArray(guestNotes.kind, ['ALLERGY', 'DIETARY']), isNull(guestNotes.removedAt)))
    .groupBy(guestNotes.guestId);
  const c = reconfirmationCalls;
  const fields: Record<keyof DayJson, SQLWrapper> = {
    id: r.id,
    venueId: r.venueId,
    date: r.date,
    uniqueId: r.uniqueId,
    userId: r.userId,
    startTime: r.startTime,
    duration: r.duration,
    numberOfGuests: r.numberOfGuests,
    firstName: r.firstName,
    lastName: r.lastName,
    mobileCountryCode: r.mobileCountryCode,
    mobileNumber: r.mobileNumber,
    tableId: r.tableId,
    combinedTableIds: r.combinedTableIds,
    status: r.status,
    visitStatus: r.visitStatus,
    startsAt: ms(r.startsAt),
    endsAt: ms(r.endsAt),
    tableFreedAt: ms(r.tableFreedAt),
    holdExpiresAt: ms(r.holdExpiresAt),
    seatedAt: ms(r.seatedAt),
    runningLateMinutes: r.runningLateMinutes,
    arrivedCovers: r.arrivedCovers,
    amountOwed: r.amountOwed,
    notes: r.notes,
    staffNotes: r.staffNotes,
    bookingSource: r.bookingSource,
    occasion: r.occasion,
    dietaryNeeds: r.dietaryNeeds,
    dietaryNote: r.dietaryNote,
    reconfirmAskedAt: ms(r.reconfirmAskedAt),
    reconfirmedAt: ms(r.reconfirmedAt),
    reconfirmedVia: r.reconfirmedVia,
    guestRole: users.role,
    guestEmail: users.email,
    guestFirstName: users.firstName,
    guestLastName: users.lastName,
    vip: sql`stand_tags.vip`,
    allergyTag: sql`stand_tags.allergy_tag`,
    alertNotes: sql`stand_notes.alert_notes`,
    // Staff's latest call on the booking, if any.
    lastCall: sql`(SELECT json_build_object('outcome', ${c.outcome}, 'at', ${ms(c.createdAt)}) FROM ${c} WHERE ${c.reservationId} = ${r.id} ORDER BY ${c.createdAt} DESC LIMIT 1)`,
    payLink: sql`CASE WHEN ${payLinks.reservationId} IS NULL THEN NULL ELSE json_build_object('asks', ${payLinks.asks}, 'amount', ${payLinks.amount}, 'outcome', ${payLinks.outcome},
      'sentAt', ${ms(payLinks.sentAt)}, 'lapsesAt', ${ms(payLinks.lapsesAt)}) END`,
    tableTaken: sql`${r.id} IN (${takenSinceFinish((finished) => and(eq(finished.venueId, venueId), eq(finished.date, date))!, { venueIds: [venueId], days, at: at('now') })})`,
  };
  const columns = sql.join(
    Object.entries(fields).map(([name, value]) => sql`${value} AS ${sql.identifier(name)}`),
    sql`, `,
  );
  const day: SQL = sql`(SELECT json_agg(day ORDER BY day.n) FROM (
      SELECT ${columns}, row_number() OVER (ORDER BY ${r.startTime}, ${r.createdAt}, ${r.id}) AS n
      FROM ${reservations} AS stand
      JOIN ${users} ON ${users.id} = ${r.userId}
      LEFT JOIN (${tags}) AS stand_tags ON stand_tags.guest_id = ${r.userId}
      LEFT JOIN (${notes}) AS stand_notes ON stand_notes.guest_id = ${r.userId}
      LEFT JOIN ${payLinks} ON ${payLinks.reservationId} = ${r.id}
      WHERE ${ofTheDay}) AS day)`;
  // The set-up's one row carries the version the stand's catalog is read at (booking-rules/venue-catalog.ts).
  return db
    .select({ day: sql<DayJson[] | string | null>`${day}`, catalogVersion: venueCatalogVersion.version })
    .from(venueCatalogVersion)
    .limit(1)
    .prepare('host_stand_day');
}

const statements = new WeakMap<object, ReturnType<typeof standDayStatement>>();

const dateOf = (epochMs: number | null) => (epochMs === null ? null : new Date(epochMs));

/** The venue's bookings of the service day at `now`, time order, and the set-up's version read with them. */
export async function standBookings(db: Db, venueId: string, date: string, now: Date) {
  let statement = statements.get(db);
  if (!statement) statements.set(db, (statement = standDayStatement(db)));
  const [before, , after] = [addDays(date, -1), date, addDays(date, 1)];
  const [row] = await statement.execute({ venueId, date, before, after, now: now.toISOString() });
  const bookings = parsedJson<DayJson>(row?.day).map(({ vip, allergyTag, alertNotes, lastCall, payLink, n: _order, ...booked }: DayJson & { n?: number }) => {
    const times = Object.fromEntries(TIMES.map((t) => [t, dateOf(booked[t])])) as { [K in Times]: Date | null };
    const { reconfirmAskedAt, reconfirmedAt, ...row } = { ...booked, ...times, startsAt: times.startsAt!, endsAt: times.endsAt! };
    // The walk-in account is no guest the host knows: it carries no marks of its own.
    const houseAccount = row.guestEmail === WALK_IN_EMAIL;
    const guestAlerts: GuestAlert[] = houseAccount ? [] : alertsFrom(alertNotes ?? [], allergyTag ?? false);
    const call = lastCall && { outcome: lastCall.outcome, at: new Date(lastCall.at).toISOString() };
    // A booking never asked, never reconfirmed and never called has nothing to show.
    const reconfirmation: StandReconfirmation | null =
      reconfirmAskedAt || reconfirmedAt || call
        ? { askedAt: reconfirmAskedAt?.toISOString() ?? null, reconfirmedAt: reconfirmedAt?.toISOString() ?? null, via: row.reconfirmedVia, lastCall: call }
        : null;
    const link = payLink && toPayLinkView({ ...payLink, sentAt: new Date(payLink.sentAt), lapsesAt: new Date(payLink.lapsesAt) });
    return { ...row, vip: !houseAccount && vip === true, guestAlerts, reconfirmation, payLink: link };
  });
  return { bookings, catalogVersion: row?.catalogVersion ?? 0 };
}

export type StandBookingRow = Awaited<ReturnType<typeof standBookings>>['bookings'][number];
