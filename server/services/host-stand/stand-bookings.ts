/**
 * The host stand's bookings of a service day in one statement (docs/PRODUCT.md §6): only the columns the
 * stand shows or its rules read, with the guest's role and name, and, joined from one aggregate per
 * guest of the day, the VIP and allergy tags and the allergy and dietary notes of the guest book: never a
 * read (nor a subquery) per booking, nor whole reservation and guest rows. (The day sheet's read carries far more: visits, money,
 * no-show charges.)
 */
import { and, asc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { reservations, users } from '../../db/schema';
import { guestNotes, guestTagLinks, guestTags } from '../../db/guest-book-schema';
import { WALK_IN_EMAIL } from '../guest-accounts/guest-accounts';
import { alertsFrom, type GuestAlert } from '../guest-book/guest-alerts';

export async function standBookings(db: DbOrTx, venueId: string, date: string) {
  // An expired hold never became a booking: it has no place on the stand.
  const ofTheDay = and(eq(reservations.venueId, venueId), eq(reservations.date, date), ne(reservations.status, 'EXPIRED'));
  const dayGuests = db.select({ id: reservations.userId }).from(reservations).where(ofTheDay);
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
    .groupBy(guestTagLinks.guestId)
    .as('stand_tags');
  // ...and the allergy and dietary notes still on file, oldest first, as one JSON array.
  const notes = db
    .select({
      guestId: guestNotes.guestId,
      alertNotes: sql<{ kind: string; body: string }[] | string>`json_agg(json_build_object('kind', ${guestNotes.kind}, 'body', ${guestNotes.body}) order by ${guestNotes.createdAt})`.as('alert_notes'),
    })
    .from(guestNotes)
    .where(and(inArray(guestNotes.guestId, dayGuests), inArray(guestNotes.kind, ['ALLERGY', 'DIETARY']), isNull(guestNotes.removedAt)))
    .groupBy(guestNotes.guestId)
    .as('stand_notes');
  const rows = await db
    .select({
      id: reservations.id,
      venueId: reservations.venueId,
      date: reservations.date,
      uniqueId: reservations.uniqueId,
      userId: reservations.userId,
      startTime: reservations.startTime,
      duration: reservations.duration,
      numberOfGuests: reservations.numberOfGuests,
      firstName: reservations.firstName,
      lastName: reservations.lastName,
      mobileCountryCode: reservations.mobileCountryCode,
      mobileNumber: reservations.mobileNumber,
      tableId: reservations.tableId,
      combinedTableIds: reservations.combinedTableIds,
      status: reservations.status,
      visitStatus: reservations.visitStatus,
      startsAt: reservations.startsAt,
      endsAt: reservations.endsAt,
      tableFreedAt: reservations.tableFreedAt,
      holdExpiresAt: reservations.holdExpiresAt,
      seatedAt: reservations.seatedAt,
      runningLateMinutes: reservations.runningLateMinutes,
      arrivedCovers: reservations.arrivedCovers,
      amountOwed: reservations.amountOwed,
      notes: reservations.notes,
      staffNotes: reservations.staffNotes,
      bookingSource: reservations.bookingSource,
      occasion: reservations.occasion,
      dietaryNeeds: reservations.dietaryNeeds,
      dietaryNote: reservations.dietaryNote,
      guestRole: users.role,
      guestEmail: users.email,
      guestFirstName: users.firstName,
      guestLastName: users.lastName,
      vip: tags.vip,
      allergyTag: tags.allergyTag,
      alertNotes: notes.alertNotes,
    })
    .from(reservations)
    .innerJoin(users, eq(users.id, reservations.userId))
    .leftJoin(tags, eq(tags.guestId, reservations.userId))
    .leftJoin(notes, eq(notes.guestId, reservations.userId))
    .where(ofTheDay)
    .orderBy(asc(reservations.startTime), asc(reservations.createdAt), asc(reservations.id));
  return rows.map(({ vip, allergyTag, alertNotes, ...row }) => {
    // The walk-in account is no guest the host knows: it carries no marks of its own.
    const houseAccount = row.guestEmail === WALK_IN_EMAIL;
    const onFile = typeof alertNotes === 'string' ? (JSON.parse(alertNotes) as { kind: string; body: string }[]) : (alertNotes ?? []);
    const guestAlerts: GuestAlert[] = houseAccount ? [] : alertsFrom(onFile, allergyTag ?? false);
    return { ...row, vip: !houseAccount && vip === true, guestAlerts };
  });
}

export type StandBookingRow = Awaited<ReturnType<typeof standBookings>>[number];
