/**
 * The day sheet of the staff console: a venue's service day by service (its periods) and seating (start
 * time), every booking with what the host stand needs, and the covers per quarter hour and per service.
 * A fixed number of reads whatever the day holds, never one per booking: the bookings with their guests,
 * then at once the guests' earlier visits, the payments, the no-show fees' card charges, the guaranteed
 * bookings' cards, for finished parties the tables taken since, the guests' alerts and phone bookings' pay
 * links.
 */
import { and, asc, eq, lt, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { reservations, users } from '../../db/schema';
import type { Schema } from '../../lib/api-types';
import { visitStateOf } from '../../../machines/visit.machine';
import { isoWeekday } from '../../../common/time';
import { bookingMoney, noShowBalance, type BookingMoney, type NoShowBalance } from '../payments/booking-payments';
import { cardChargeView, noShowFeeChargesOf, type NoShowFeeChargeRow } from '../payments/no-show-fee-charge';
import { cardGuaranteesOf, type CardGuaranteeRow } from '../payments/card-guarantee';
import { venueOf, type CatalogVenue } from '../booking-rules/venue-catalog';
import { reservationScope, type ReservationDeps } from '../reservations/reservations';
import { serviceEndsAt } from '../booking-rules/slot-schedule';
import { combinationName } from '../booking-rules/table-fit';
import { tablesTakenSinceFinish } from './visit-lifecycle';
import { WALK_IN_EMAIL } from '../guest-accounts/guest-accounts';
import { formatPhoneNumber } from '../../../common/validation/phone-number';
import { guestAlerts } from '../guest-book/guest-alerts';
import { bookingPolicy } from '../experience-setup/booking-policy';
import { payLinksOf } from '../pay-link/pay-links';
import { idIn } from '../../lib/ids';

export type DaySheetDto = Schema<'DaySheet'>;
type SheetBooking = Schema<'DaySheetBooking'>;

/** Covers are counted per this many minutes. */
export const COVER_INTERVAL_MINUTES = 15;

/** Bookings that hold a table on the sheet's covers: confirmed ones, whatever their visit has reached. */
const countsAsCovers = (b: SheetBooking) => b.status === 'CONFIRMED';

const cancelledLast = (b: SheetBooking) => (b.visitState === 'cancelled' ? 1 : 0);

/** The name a booking is under: the one given on it, else its guest account's. */
export const guestNameOf = (r: { firstName: string | null; lastName: string | null }, guest: { firstName: string | null; lastName: string | null }) =>
  `${r.firstName ?? guest.firstName} ${r.lastName ?? guest.lastName}`.trim();

/** Confirmed covers starting per quarter hour, in time order (the sheet's and the host stand's strip). */
export function coversPerQuarterHour(bookings: readonly { status: string; startTime: number; numberOfGuests: number }[]) {
  const quarters = new Map<number, number>();
  for (const b of bookings) {
    if (b.status !== 'CONFIRMED') continue;
    const quarter = b.startTime - (b.startTime % COVER_INTERVAL_MINUTES);
    quarters.set(quarter, (quarters.get(quarter) ?? 0) + b.numberOfGuests);
  }
  return [...quarters.entries()].sort(([a], [b]) => a - b).map(([startTime, covers]) => ({ startTime, covers }));
}

function serviceOf(entry: CatalogVenue, date: string, startTime: number) {
  const weekday = isoWeekday(date);
  return entry.periods.find((p) => p.daysOfWeek.includes(weekday) && p.startMinute <= startTime && startTime < p.endMinute);
}

/**
 * A card guarantee cancelled late whose fee went to its saved card (payments/payment-refund.ts): shown as a
 * no-show's fee is, charged or owed, so staff see a refusal and may charge the card again.
 */
function lateGuaranteeFee(row: { status: string; feeKept: number }, money: BookingMoney | undefined, charge: NoShowFeeChargeRow | undefined): NoShowBalance | null {
  if (row.status !== 'LATE_CANCELED' || !charge) return null;
  const charged = money?.cardFee ?? 0;
  return { fee: row.feeKept, kept: 0, charged, outstanding: Math.max(0, row.feeKept - charged), noCardOnFile: false };
}

/** The payment column: what was paid for the booking, given back, and of a no-show (or a guarantee's late cancellation) what its fee left owing. */
function paymentOf(
  row: { status: string; prePaymentType: string; amountDue: number; numberOfGuests: number; amountOwed: number; paidAtVenue: number; feeKept: number },
  money: BookingMoney | undefined,
  charge: NoShowFeeChargeRow | undefined,
  guarantee: CardGuaranteeRow | undefined,
  noShowFeePerPerson: number,
  now: Date,
  member: boolean,
): SheetBooking['payment'] {
  const noShow = row.status === 'NO_SHOW' ? noShowBalance(row.numberOfGuests, noShowFeePerPerson, money, member) : lateGuaranteeFee(row, money, charge);
  return {
    type: row.prePaymentType as SheetBooking['payment']['type'],
    amountDue: row.amountDue,
    // A guaranteed booking's card ("Card on file"): saved, or not yet (a refused card is none either).
    guarantee:
      row.prePaymentType === 'GUARANTEE'
        ? { status: guarantee?.status === 'SAVED' ? 'SAVED' : 'PENDING', brand: guarantee?.cardBrand ?? null, last4: guarantee?.status === 'SAVED' ? guarantee.cardLast4 : null }
        : null,
    paid: money?.paid ?? 0,
    refunded: money?.refunded ?? 0,
    owed: row.amountOwed,
    paidAtVenue: row.paidAtVenue,
    noShow: noShow && { ...noShow, ...cardChargeView(noShow.outstanding, money?.cardOnFile ?? false, charge, now) },
  };
}

/** Each guest's completed visits at this venue before `date`: seen through (finished), or confirmed and over by `now`. */
async function earlierVisits(db: DbOrTx, venueId: string, guestIds: readonly string[], date: string, now: Date): Promise<{ userId: string; count: number }[]> {
  if (guestIds.length === 0) return [];
  return db
    .select({ userId: reservations.userId, count: sql<number>`count(*)::int` })
    .from(reservations)
    .where(
      and(
        eq(reservations.venueId, venueId),
        idIn(reservations.userId, guestIds),
        lt(reservations.date, date),
        eq(reservations.status, 'CONFIRMED'),
        sql`(${reservations.visitStatus} = 'FINISHED' OR ${reservations.endsAt} <= ${now.toISOString()}::timestamptz)`,
      ),
    )
    .groupBy(reservations.userId);
}

export async function getDaySheet(deps: ReservationDeps, venueId: string, date: string): Promise<DaySheetDto> {
  const { db, now, catalog } = await reservationScope(deps);
  const entry = venueOf(catalog, venueId);
  const rows = await db
    .select({ reservation: reservations, guestRole: users.role, guestEmail: users.email, guestFirstName: users.firstName, guestLastName: users.lastName })
    .from(reservations)
    .innerJoin(users, eq(users.id, reservations.userId))
    // An expired hold never became a booking: it has no place on the sheet.
    .where(and(eq(reservations.venueId, venueId), eq(reservations.date, date), ne(reservations.status, 'EXPIRED')))
    .orderBy(asc(reservations.startTime), asc(reservations.createdAt), asc(reservations.id));
  const ids = rows.map((r) => r.reservation.id);
  // The walk-in account is no guest the host knows: its visits are counted for no one.
  const houseAccount = (row: (typeof rows)[number]) => row.guestEmail === WALK_IN_EMAIL;
  const guestIds = [...new Set(rows.filter((r) => !houseAccount(r)).map((r) => r.reservation.userId))];

  // The reads below depend only on the day's rows, not on each other: sent at once, they cost one round
  // trip on PostgreSQL's pool rather than seven (the embedded database runs them in turn, as ever).
  const [visits, moneyOf, chargeOf, guaranteeOf, tableTaken, alertsOf, payLinkOf] = await Promise.all([
    earlierVisits(db, venueId, guestIds, date, now),
    bookingMoney(db, ids),
    noShowFeeChargesOf(db, ids),
    cardGuaranteesOf(db, ids),
    // Finished parties whose table another has had since: their finish can no longer be undone.
    tablesTakenSinceFinish(db, rows.map((r) => r.reservation), now),
    guestAlerts(db, guestIds),
    payLinksOf(db, ids),
  ]);

  const visitCount = new Map(visits.map((v) => [v.userId, Number(v.count)]));
  const tables = new Map(entry.tables.map((t) => [t.id, t]));

  const services = new Map<string, Schema<'DaySheetService'>>();
  for (const row of rows) {
    const { reservation: r, guestRole, guestFirstName, guestLastName } = row;
    const table = tables.get(r.tableId);
    const area = catalog.areas.get(table?.seatingAreaId ?? r.seatingAreaId ?? '');
    const booking: SheetBooking = {
      id: r.id,
      uniqueId: r.uniqueId,
      startTime: r.startTime,
      duration: r.duration,
      numberOfGuests: r.numberOfGuests,
      guestName: guestNameOf(r, { firstName: guestFirstName, lastName: guestLastName }),
      guestType: guestRole === 'member' ? 'member' : 'guest',
      email: r.email,
      mobile: formatPhoneNumber(r.mobileCountryCode, r.mobileNumber),
      visitCount: houseAccount(row) ? null : (visitCount.get(r.userId) ?? 0),
      experience: catalog.experiences.get(r.experienceId)?.name ?? '',
      experienceId: r.experienceId,
      seatingArea: area ? { id: area.id, name: area.name } : null,
      // Tables joined for the party read as one: 'T4 + T5'.
      table: { id: r.tableId, name: combinationName([r.tableId, ...r.combinedTableIds].map((id) => tables.get(id)?.name ?? '')) },
      status: r.status,
      visitStatus: r.visitStatus,
      visitState: visitStateOf(r),
      startsAt: r.startsAt.toISOString(),
      serviceEndsAt: serviceEndsAt(entry, date, r.startTime + r.duration).toISOString(),
      tableTaken: tableTaken.has(r.id),
      holdExpiresAt: r.holdExpiresAt?.toISOString() ?? null,
      payment: paymentOf(r, moneyOf.get(r.id), chargeOf.get(r.id), guaranteeOf.get(r.id), bookingPolicy(catalog, r).noShowFeePerPerson, now, guestRole === 'member'),
      notes: r.notes,
      staffNotes: r.staffNotes,
      occasion: r.occasion,
      occasionNote: r.occasionNote,
      dietaryNeeds: r.dietaryNeeds,
      dietaryNote: r.dietaryNote,
      allergiesConfirmedAt: r.allergiesConfirmedAt?.toISOString() ?? null,
      allergiesAnswer: r.allergiesAnswer,
      bookingSource: r.bookingSource,
      payLink: payLinkOf.get(r.id) ?? null,
      guestId: r.userId,
      guestAlerts: alertsOf.get(r.userId) ?? [],
      reconfirmAskedAt: r.reconfirmAskedAt?.toISOString() ?? null,
      reconfirmedAt: r.reconfirmedAt?.toISOString() ?? null,
      reconfirmedVia: r.reconfirmedVia,
    };
    const period = serviceOf(entry, date, r.startTime);
    const key = period?.id ?? '';
    let service = services.get(key);
    if (!service) {
      service = { name: period?.name ?? null, startTime: period?.startMinute ?? r.startTime, endTime: period?.endMinute ?? null, covers: 0, bookings: 0, seatings: [] };
      services.set(key, service);
    }
    let seating = service.seatings.find((s) => s.startTime === r.startTime);
    if (!seating) service.seatings.push((seating = { startTime: r.startTime, covers: 0, bookings: [] }));
    seating.bookings.push(booking);
    if (countsAsCovers(booking)) {
      service.covers += r.numberOfGuests;
      service.bookings += 1;
      seating.covers += r.numberOfGuests;
    }
  }
  const serviceList = [...services.values()].sort((a, b) => a.startTime - b.startTime);
  // The host works the live bookings: cancelled ones go to the foot of their seating (a stable sort).
  for (const seating of serviceList.flatMap((s) => s.seatings)) seating.bookings.sort((a, b) => cancelledLast(a) - cancelledLast(b));
  return {
    venueId,
    date,
    generatedAt: now.toISOString(),
    services: serviceList,
    coversPerQuarterHour: coversPerQuarterHour(rows.map((r) => r.reservation)),
    totals: { covers: serviceList.reduce((n, s) => n + s.covers, 0), bookings: serviceList.reduce((n, s) => n + s.bookings, 0) },
  };
}
