/**
 * Generated browser paths of the visit chart (machines/visit.machine.ts) on the day sheet: the paths are
 * tests/support/machines/visit-model.ts's covering set (every state and guarded branch), which the server's test
 * (tests/server/staff/visit-paths.test.ts) also replays through the API. Each path books its guest through the
 * API, logs the demo host of Le Clos in, opens the day sheet at that day, and performs each event with the
 * row's button as a host would (confirming a no-show or a cancellation in its dialog). After each step it
 * checks what the host sees (the row's status, the buttons offered, the fee or refund text) and the
 * server's record. A no-show comes after the booked start: that path books the first time still offered
 * today (or tomorrow) and moves the server's clock past it; the others book a day of their own, far ahead
 * (a cancellation there is inside the free window); a path that marks the party arrived or seated moves
 * the server's clock to an hour before the booked start before the host opens the sheet: the chart allows
 * both only on the booking's service day, from ARRIVAL_LEAD_MINUTES (2 hours) before its start.
 */
import type { Page } from '@playwright/test';
import { ARRIVAL_LEAD_MINUTES, allowedVisitActions, type VisitEvent, type VisitState } from '../../machines/visit.machine';
import { VISIT_ACTIONS, type VisitAction } from '../../common/validation/staff-validation';
import { ACTION_OF_EVENT, STATE_AFTER, VISIT_PATHS, visitPathLabel, visitSteps, type VisitPath } from '../../tests/support/machines/visit-model';
import { offeredTimes } from '../journeys/journey-steps';
import { expectHeading, openApp } from '../support/app';
import { bookingDay } from '../support/booking';
import { DEMO } from '../support/constants';
import { expect, test, type Clocks } from '../support/fixtures';
import type { NewUser, Session, TestServer } from '../support/server-api';

/** Booking days of the paths that need no passed start, one per path (bookings open 90 days ahead). */
const PATH_DAYS = [4, 5, 6, 7, 8, 9, 10, 11, 13];
const VENUE = { domain: 'leclos', experience: 'À la Carte', guests: 2 } as const;
/** Le Clos's no-show fee for the party, in HK dollars: HK$300 a person; the API counts cents. */
const NO_SHOW_FEE = 300 * VENUE.guests;

/** The row's button of each action, as the host reads it. */
const BUTTON: Record<VisitAction, string> = {
  arrive: 'Arrived',
  'undo-arrival': 'Undo arrival',
  seat: 'Seat',
  finish: 'Finish',
  'undo-finish': 'Undo finish',
  'no-show': 'No-show',
  'undo-no-show': 'Undo no-show',
  cancel: 'Cancel for guest',
};

/** The row's status cell in each state. */
const STATUS_TEXT: Record<VisitState, string> = {
  confirmed: 'Confirmed',
  arrived: 'Arrived',
  seated: 'Seated',
  finished: 'Finished',
  noShow: 'No Show',
  cancelled: 'Canceled',
};

/** The server's record of the booking: the day sheet's row as the staff API gives it. */
interface SheetRow {
  id: string;
  status: string;
  visitState: VisitState | null;
  startsAt: string;
  serviceEndsAt: string;
  tableTaken: boolean;
  payment: { paid: number; refunded: number; noShow: { fee: number; charged: number; outstanding: number } | null };
}

test.use({ viewport: { width: 1024, height: 900 } });

test.describe('visit chart paths in the browser', () => {
  const farPaths = VISIT_PATHS.filter((path) => !takesNoShow(path));
  VISIT_PATHS.forEach((path, index) => {
    test(`${index + 1}. ${visitPathLabel(path)}`, async ({ page, server, clocks }) => {
      const steps = visitSteps(path);
      // A name of this run's own: the row is found by it (the machine's clock: for a unique name only).
      const guest = await server.signUp({ firstName: 'Vera', lastName: `Path${index + 1}${Date.now().toString(36)}` });
      const guestName = `${guest.firstName} ${guest.lastName}`;
      const { date, time } = takesNoShow(path) ? await nextTimeToday(server, guest) : { date: await bookingDay(server, PATH_DAYS[farPaths.indexOf(path)]!), time: '12:00 pm' };
      const booked = await server.book(guest, { domain: VENUE.domain, experience: VENUE.experience, date, time, guests: VENUE.guests });
      const venueId = await leClosId(server);
      let host = await logInHost(server);
      const record = () => sheetRow(server, host, venueId, date, booked._id);
      if (arrivesOrSeats(path)) {
        // Before the host opens the sheet (a reload after a move of days can find the session gone).
        await reachArrivalWindow(server, Date.parse((await record()).startsAt));
        host = await logInHost(server);
      }

      await openApp(page, `/pages/staff/login?redirect=${encodeURIComponent(`/pages/staff/day?venue=${VENUE.domain}&date=${date}`)}`);
      await expectHeading(page, 'Staff log in');
      await page.getByLabel('E-mail').fill(DEMO.host.email);
      await page.getByLabel('Password', { exact: true }).fill(DEMO.host.password);
      await page.getByRole('button', { name: 'Log in' }).click();
      await expectHeading(page, 'Day sheet');
      const row = page.getByRole('row').filter({ hasText: guestName });

      await check(page, guestName, 'confirmed', await record(), clocks);
      for (const step of steps) {
        const event = step.event as VisitEvent;
        const action = ACTION_OF_EVENT[event.type];
        if (event.type === 'visit.noShow') {
          await passTheStart(page, server, Date.parse((await record()).startsAt), guestName);
          // The API's token may have lapsed on the moved clock.
          host = await logInHost(server);
        }
        await row.getByRole('button', { name: `${BUTTON[action]}: ${guestName}`, exact: true }).click();
        if (action === 'no-show') {
          await expect(row.getByText(`Mark ${guestName} as a no-show?`, { exact: false })).toBeVisible();
          await row.getByRole('button', { name: 'Confirm no-show' }).click();
        } else if (action === 'cancel') {
          // Far ahead and nothing paid: the free window, as Le Clos's cancellation policy says.
          await expect(row.getByText('Inside the free cancellation window: nothing was paid, nothing is charged.')).toBeVisible();
          await row.getByRole('button', { name: 'Confirm cancellation' }).click();
        }
        const after = STATE_AFTER[event.type];
        expect(step.state.value, `where docs/PRODUCT.md puts ${event.type}`).toBe(after);
        await expect(page.getByRole('status').filter({ hasText: outcomeText(action, guestName) })).toBeVisible();
        await check(page, guestName, after, await expectRecord(record, after), clocks);
      }
      expect(await currentState(record)).toBe(path.state.value);
    });
  });
});

function takesNoShow(path: VisitPath): boolean {
  return visitSteps(path).some((s) => s.event.type === 'visit.noShow');
}

/** The words the host reads after each action (nothing was paid and no card is on file, so no fee is charged). */
function outcomeText(action: VisitAction, guestName: string): string {
  if (action === 'no-show') return 'No-show recorded. No card on file: fee not charged.';
  if (action === 'cancel') return 'Cancelled for the guest. Refunded: HK$0.';
  if (action === 'undo-no-show') return `No-show undone for ${guestName}. The fee it charged is refunded: HK$0.`;
  return `Recorded for ${guestName}: ${BUTTON[action]}.`;
}

/** The row as the host sees it in `state`: its status, exactly the buttons the chart allows now, and the fee it owes. */
async function check(page: Page, guestName: string, state: VisitState, record: SheetRow, clocks: Clocks) {
  const row = page.getByRole('row').filter({ hasText: guestName });
  // The status leads its cell; a reconfirmation line may follow it.
  await expect(row.getByRole('cell', { name: new RegExp(`^${STATUS_TEXT[state]}(?![\\w-])`) })).toBeVisible();
  const context = { startsAtMs: Date.parse(record.startsAt), serviceEndsAtMs: Date.parse(record.serviceEndsAt), tableTaken: record.tableTaken };
  const offered = allowedVisitActions(state, context, (await clocks.now()).getTime());
  for (const action of VISIT_ACTIONS) {
    await expect(row.getByRole('button', { name: `${BUTTON[action]}: ${guestName}`, exact: true }), `${action} in ${state}`).toHaveCount(offered.includes(action) ? 1 : 0);
  }
  // docs/PRODUCT.md's own rules, not the chart's: a no-show only after the start, a cancellation only before it.
  const started = (await clocks.now()).getTime() >= Date.parse(record.startsAt);
  if (state === 'confirmed') expect({ noShow: offered.includes('no-show'), cancel: offered.includes('cancel') }).toEqual({ noShow: started, cancel: !started });
  if (state === 'noShow') await expect(row.getByText('No card on file: fee not charged')).toBeVisible();
}

/** Waits for the server's record to reach `state` (the sheet is read again after each change). */
async function expectRecord(record: () => Promise<SheetRow>, state: VisitState): Promise<SheetRow> {
  await expect.poll(() => currentState(record)).toBe(state);
  const found = await record();
  if (state === 'noShow') expect(found.payment.noShow).toMatchObject({ fee: NO_SHOW_FEE * 100, charged: 0, outstanding: 0, noCardOnFile: true });
  if (state === 'cancelled') expect(found.payment.refunded).toBe(0);
  return found;
}

async function currentState(record: () => Promise<SheetRow>): Promise<VisitState | null> {
  const found = await record();
  if (found.status === 'NO_SHOW') return 'noShow';
  if (found.status === 'CANCELED' || found.status === 'LATE_CANCELED') return 'cancelled';
  return found.visitState;
}

/**
 * Moves the server's clock a minute past the booked start, and reads the sheet again as a host would: the
 * app learns the time from the server's answers. (Moving the page's clock too would fire the session's
 * token refresh, and a reload while it is on its way loses the rotated refresh token.)
 */
async function passTheStart(page: Page, server: TestServer, startsAtMs: number, guestName: string) {
  await server.setClock({ at: new Date(startsAtMs + 60_000) });
  await page.reload();
  await expectHeading(page, 'Day sheet');
  await expect(page.getByRole('row').filter({ hasText: guestName }).getByRole('button', { name: `No-show: ${guestName}` })).toBeVisible();
}

function arrivesOrSeats(path: VisitPath): boolean {
  return visitSteps(path).some((s) => s.event.type === 'visit.arrive' || s.event.type === 'visit.seat');
}

/**
 * Moves the server's clock to an hour before the booked start: inside the arrival window (the
 * ARRIVAL_LEAD_MINUTES before it), so the host is offered Arrived and Seat; still before the start, so a
 * cancellation is offered too (no path cancels after this move), inside the late window, which no path reads.
 */
async function reachArrivalWindow(server: TestServer, startsAtMs: number) {
  const at = startsAtMs - 60 * 60_000;
  expect(at).toBeGreaterThanOrEqual(startsAtMs - ARRIVAL_LEAD_MINUTES * 60_000);
  if ((await server.clock()).now.getTime() < at) await server.setClock({ at: new Date(at) });
}

/** The first time Le Clos still offers today, or else tomorrow: its start is soon to pass. */
async function nextTimeToday(server: TestServer, guest: NewUser): Promise<{ date: string; time: string }> {
  for (const days of [0, 1]) {
    const date = await bookingDay(server, days);
    const [time] = await offeredTimes(server, guest, { domain: VENUE.domain, experience: VENUE.experience, date, guests: VENUE.guests });
    if (time) return { date, time };
  }
  throw new Error('Le Clos offers no time today or tomorrow');
}

/** The demo host's staff session, through the staff log-in. */
async function logInHost(server: TestServer): Promise<Session> {
  const { body } = await server.call<{ data: Session }>('POST', '/admin/authentication/login', { body: DEMO.host });
  return body.data;
}

async function leClosId(server: TestServer): Promise<string> {
  const { body } = await server.call<{ data: { _id: string } }>('GET', `/public/venue/by-domain/${VENUE.domain}`);
  return body.data._id;
}

/** The booking's row on the staff API's day sheet, read as the demo host. */
async function sheetRow(server: TestServer, host: Session, venueId: string, date: string, id: string): Promise<SheetRow> {
  const { body } = await server.call<{ data: { services: { seatings: { bookings: SheetRow[] }[] }[] } }>('GET', `/admin/venue/${venueId}/day-sheet/${date}`, {
    token: host.token,
  });
  const found = body.data.services.flatMap((s) => s.seatings.flatMap((seating) => seating.bookings)).find((b) => b.id === id);
  if (!found) throw new Error(`Booking ${id} is not on the day sheet of ${date}`);
  return found;
}
