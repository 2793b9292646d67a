// @vitest-environment jsdom
/**
 * What staff see of tables joined (docs/PRODUCT.md §9, tables joined), in the whole app against the real
 * API. At Le Clos D10 and D11 (4 to 6 each) are one combine group here and D12 seats at most 8, so only
 * D10 + D11 seat a party of 10: a phone booking for 10 when they are taken is told which table of them is
 * taken by which booking, the host may choose D10 + D11 by hand from the table picker, and the set-up preview of making D11 not in use lists that booking for staff to
 * call. Dates come from the injected clock.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reservations, venueTables } from '../../../server/db/schema';
import { catalogChanged } from '../../../server/services/booking-rules/venue-catalog';
import { staffSessionActor } from '../../../src/staff/staff-session';
import { addDays, hongKongToday } from '../../../common/time';
import { experienceIdByName, LECLOS } from '../../support/server/fixtures';
import { openAsStaff, useAppHarness } from '../../support/ui/app-harness';
import { SLOW } from '../../support/ui/page-queries';
import { axeViolations } from '../../support/ui/axe';

const api = useAppHarness({ afterEach: () => staffSessionActor().send({ type: 'logout' }) });

const setTables = async (names: string[], values: Partial<typeof venueTables.$inferInsert>) => {
  const db = api().deps.db;
  await db.update(venueTables).set(values).where(and(eq(venueTables.venueId, LECLOS), inArray(venueTables.name, names)));
  await catalogChanged(db);
};

/** A guest's confirmed booking for 10 at 19:00 on `date` (at D10 + D11); its reference. */
async function bookTen(date: string, lastName: string): Promise<string> {
  const token = await api().login('guest@example.com', 'guest-pass-1');
  const experienceId = await experienceIdByName(api().deps.db, LECLOS, 'À la Carte');
  const held = await api().request('POST', '/user/reservation/v1.1', { token, body: { venueId: LECLOS, experienceId, date, startTime: 1140, numberOfGuests: 10 } });
  expect(held.status, JSON.stringify(held.body)).toBe(201);
  const done = await api().request('PUT', `/user/reservation/v1.1/complete/${held.body.data._id}`, {
    token,
    body: { firstName: 'Long', lastName, email: 'guest@example.com', mobileCountryCode: '852', mobileNumber: '61234567', agreements: { cancellationPolicy: true, noShowPolicy: true } },
  });
  expect(done.status, JSON.stringify(done.body)).toBe(200);
  return held.body.data.uniqueId;
}

/** The host's phone booking form on the table plan of `date`, filled in for 10 guests at 7:00 pm. */
async function phoneBookingForTen(date: string) {
  const user = await openAsStaff(`/pages/staff/table-plan?venue=leclos&date=${date}`, ['host@example.com', 'host-pass-1'], 'Table plan');
  const phone = await screen.findByRole('button', { name: 'Phone booking' }, SLOW);
  // Enabled once the venue's details have come.
  await waitFor(() => expect((phone as HTMLButtonElement).disabled).toBe(false), SLOW);
  await user.click(phone);
  const form = within(await screen.findByRole('dialog', { name: 'Phone booking' }));
  for (const [label, text] of [['Time', '19:00'], ['Guests', '10']] as const) {
    await user.clear(form.getByLabelText(label));
    await user.type(form.getByLabelText(label), text);
  }
  return { user, form };
}

describe('tables joined, as staff see them', () => {
  beforeAll(async () => {
    await setTables(['D10', 'D11'], { combineGroup: 'long' });
    await setTables(['D12'], { maxGuests: 8 });
  });
  afterAll(async () => {
    await setTables(['D10', 'D11'], { combineGroup: null, active: true });
    await setTables(['D12'], { maxGuests: 10 });
  });

  it('tells the host taking a phone booking for 10 which table of D10 + D11 is taken, by which booking', async () => {
    const date = addDays(hongKongToday(api().clock.now()), 11);
    const reference = await bookTen(date, 'Phoned');
    const { user, form } = await phoneBookingForTen(date);
    await user.type(form.getByLabelText('E-mail (optional)'), 'ten-callers@example.com');
    await user.type(form.getByLabelText('First name'), 'Ten');
    await user.type(form.getByLabelText('Last name'), 'Callers');
    await user.click(form.getByRole('button', { name: 'Book and confirm' }));
    expect(await form.findByText(`No table in Le Clos seats 10. D10 + D11 would, but D10 is taken by ${reference} from 7:00 pm to 8:30 pm.`, {}, SLOW)).toBeTruthy();
    expect(await axeViolations()).toEqual([]);
  });

  it('lets the host choose D10 + D11 by hand for a phone booking of 10, offered among the tables', async () => {
    const date = addDays(hongKongToday(api().clock.now()), 13);
    const { user, form } = await phoneBookingForTen(date);
    // Offered in a group of their own once the party needs them.
    const joined = await form.findByRole('option', { name: 'D10 + D11 · Dining Room (4–12)' }, SLOW);
    expect(joined.closest('optgroup')?.getAttribute('label')).toBe('Tables joined');
    await user.selectOptions(form.getByLabelText('Table'), joined);
    await user.type(form.getByLabelText('E-mail (optional)'), 'by-hand@example.com');
    await user.type(form.getByLabelText('First name'), 'By');
    await user.type(form.getByLabelText('Last name'), 'Hand');
    await user.click(form.getByRole('button', { name: 'Book and confirm' }));
    const done = await screen.findByText(/^Booked and confirmed: LEC-\w+\./, {}, SLOW);
    const reference = /(LEC-\w+)/.exec(done.textContent ?? '')![1]!;
    const [row] = await api().deps.db.select().from(reservations).where(eq(reservations.uniqueId, reference));
    const names = new Map((await api().deps.db.select().from(venueTables).where(eq(venueTables.venueId, LECLOS))).map((t) => [t.id, t.name]));
    expect([row!.tableId, ...row!.combinedTableIds].map((id) => names.get(id)).sort()).toEqual(['D10', 'D11']);
    expect(await axeViolations()).toEqual([]);
  });

  it('lets the host move a booking onto D10 + D11 by hand with its party grown to 10', async () => {
    const date = addDays(hongKongToday(api().clock.now()), 14);
    const host = await api().request('POST', '/admin/authentication/login', { body: { email: 'host@example.com', password: 'host-pass-1' } });
    const experienceId = await experienceIdByName(api().deps.db, LECLOS, 'À la Carte');
    const booked = await api().request('POST', '/admin/reservation', {
      token: host.body.data.token,
      body: { venueId: LECLOS, experienceId, date, startTime: 1140, numberOfGuests: 2, email: 'grows@example.com', firstName: 'Party', lastName: 'Grows' },
    });
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    const reference = booked.body.data.uniqueId as string;
    const user = await openAsStaff(`/pages/staff/table-plan?venue=leclos&date=${date}`, ['host@example.com', 'host-pass-1'], 'Table plan');
    const time = within(screen.getByRole('group', { name: 'Time and actions' })).getByLabelText('Time');
    await user.clear(time);
    await user.type(time, '19:00');
    await user.click(await screen.findByRole('button', { name: `Move ${reference}` }, SLOW));
    const move = within(await screen.findByRole('dialog', { name: `Move booking ${reference}` }));
    await user.selectOptions(move.getByLabelText('Guests'), '10');
    await user.selectOptions(move.getByLabelText('Table'), await move.findByRole('option', { name: 'D10 + D11 · Dining Room (4–12)' }, SLOW));
    await user.click(move.getByRole('button', { name: 'Move booking' }));
    await screen.findByText(`Booking ${reference} moved.`, {}, SLOW);
    const [row] = await api().deps.db.select().from(reservations).where(eq(reservations.uniqueId, reference));
    const names = new Map((await api().deps.db.select().from(venueTables).where(eq(venueTables.venueId, LECLOS))).map((t) => [t.id, t.name]));
    expect([row!.tableId, ...row!.combinedTableIds].map((id) => names.get(id)).sort()).toEqual(['D10', 'D11']);
    expect(row!.numberOfGuests).toBe(10);
  });

  it("lists the booking on D10 + D11 in the preview of making D11 not in use, for staff to call", async () => {
    const date = addDays(hongKongToday(api().clock.now()), 12);
    await bookTen(date, 'Joined');
    const user = await openAsStaff(`/pages/staff/login?redirect=${encodeURIComponent('/pages/staff/setup?venue=leclos&tab=tables')}`, ['admin@example.com', 'admin-pass-1'], 'Set-up');
    await user.selectOptions(await screen.findByLabelText('Table to change', {}, SLOW), await screen.findByRole('option', { name: 'D11' }, SLOW));
    await user.click(await screen.findByLabelText('In use (a table not in use is never offered)', {}, SLOW));
    await user.click(screen.getByRole('button', { name: 'Check the change of the table' }));
    const row = (await screen.findByText('Long Joined', {}, SLOW)).closest('tr')!;
    expect(within(row).getByText('Tables joined no longer seat the party')).toBeTruthy();
    expect(await axeViolations()).toEqual([]);
  });
});
