// @vitest-environment jsdom
/**
 * The Closures screen in the whole app against the real API: venue staff close their venue for a private
 * event, the booking already inside is listed with the guest's contact (and stays booked), a refused
 * closure says why beside its field, and reopening removes it. A guest searching a closed day is told why,
 * also when the venue was read in the same browser before staff closed the day.
 */
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { staffSessionActor } from '../../../src/staff/staff-session';
import { addDays, hongKongToday, isoWeekday } from '../../../common/time';
import { experienceIdByName, LECLOS } from '../../support/server/fixtures';
import { findHeading, openApp, storeSession, useAppHarness } from '../../support/ui/app-harness';
import { SLOW } from '../../support/ui/page-queries';

const api = useAppHarness({ afterEach: () => staffSessionActor().send({ type: 'logout' }) });

/** A confirmed dinner at Le Clos on `date` for the demo guest, with its contact details. */
async function bookDinner(date: string, firstName: string): Promise<string> {
  const token = await api().login('guest@example.com', 'guest-pass-1');
  const experienceId = await experienceIdByName(api().deps.db, LECLOS, 'À la Carte');
  const held = await api().request('POST', '/user/reservation/v1.1', { token, body: { venueId: LECLOS, experienceId, date, startTime: 1140, numberOfGuests: 3 } });
  expect(held.status, JSON.stringify(held.body)).toBe(201);
  const done = await api().request('PUT', `/user/reservation/v1.1/complete/${held.body.data._id}`, {
    token,
    body: { firstName, lastName: 'Closed', email: 'guest@example.com', mobileCountryCode: '852', mobileNumber: '61234567', agreements: { cancellationPolicy: true, noShowPolicy: true } },
  });
  expect(done.status, JSON.stringify(done.body)).toBe(200);
  return held.body.data._id;
}

async function openClosuresAs(email: string, password: string, date: string) {
  await openApp(`/pages/staff/login?redirect=${encodeURIComponent(`/pages/staff/closures?venue=leclos&date=${date}`)}`);
  await findHeading('Staff log in');
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('E-mail'), email);
  await user.type(screen.getByLabelText('Password'), password);
  await user.keyboard('{Enter}');
  await findHeading('Closures');
  return user;
}

describe('the closures screen', () => {
  it('closes the venue for a private event, lists the booking inside for staff to contact, and reopens it', async () => {
    const date = addDays(hongKongToday(api().clock.now()), 9);
    const id = await bookDinner(date, 'Ivy');
    const user = await openClosuresAs('host@example.com', 'host-pass-1', date);
    expect(await screen.findByText('No closures from this day on.', {}, SLOW)).toBeTruthy();

    const form = screen.getByRole('form', { name: 'Add a closure' });
    expect((within(form).getByLabelText('First day') as HTMLInputElement).value).toBe(date);
    expect(within(form).getByRole('radio', { name: 'Whole venue' })).toHaveProperty('checked', true);
    await user.click(within(form).getByRole('radio', { name: 'Private event' }));
    await user.click(within(form).getByRole('button', { name: 'Close for these days' }));

    await waitFor(() => expect(screen.getByText("Closed. 1 booking is inside: it is listed with the guest's contact.")).toBeTruthy(), SLOW);
    const row = (await screen.findByText('Ivy Closed', {}, SLOW)).closest('tr')!;
    expect(within(row).getByText('guest@example.com')).toBeTruthy();
    expect(within(row).getByText('+852 6123 4567')).toBeTruthy();
    expect(within(row).getByText('3')).toBeTruthy();
    expect(screen.getByText('1 booking inside: contact the guest')).toBeTruthy();
    // Never cancelled: the booking stays confirmed.
    const reservation = await api().request('GET', `/user/reservation/${id}`, { token: await api().login('guest@example.com', 'guest-pass-1') });
    expect(reservation.body.data.status).toBe('CONFIRMED');

    await user.click(screen.getByRole('button', { name: /^Reopen Whole venue/ }));
    await waitFor(() => expect(screen.getByText('No closures from this day on.')).toBeTruthy(), SLOW);
  });

  it('shows a refused closure beside its field, keeping what was typed', async () => {
    const date = addDays(hongKongToday(api().clock.now()), 10);
    const user = await openClosuresAs('host@example.com', 'host-pass-1', date);
    const form = await screen.findByRole('form', { name: 'Add a closure' }, SLOW);
    await user.click(within(form).getByRole('radio', { name: 'Other' }));
    await user.click(within(form).getByRole('button', { name: 'Close for these days' }));
    const note = within(form).getByLabelText('Why (staff only)');
    await waitFor(() => expect(note.getAttribute('aria-invalid')).toBe('true'), SLOW);
    expect(within(form).getByRole('alert').textContent).toBe('Say why the venue is closed');
    expect(within(form).getByRole('radio', { name: 'Other' })).toHaveProperty('checked', true);
  });

  it("tells a guest searching a closed day why, in the guest's words", async () => {
    const day = addDays(hongKongToday(api().clock.now()), 2);
    const admin = (await api().request('POST', '/admin/authentication/login', { body: { email: 'admin@example.com', password: 'admin-pass-1' } })).body.data.token;
    const closed = await api().request('POST', '/admin/closure', { token: admin, body: { venueId: LECLOS, scope: 'VENUE', fromDate: day, toDate: day, reason: 'PRIVATE_EVENT', note: 'Wedding' } });
    expect(closed.status).toBe(201);
    await storeSession(api(), 'guest@example.com', 'guest-pass-1');
    const user = userEvent.setup();
    await openApp('/pages/book?domain=leclos');
    await user.click(await screen.findByRole('button', { name: /À la Carte/ }, SLOW));
    const weekday = ['MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT', 'SUN'][isoWeekday(day) - 1];
    // The strip marks the day closed, and picking it says why before any search.
    await user.click(await screen.findByRole('radio', { name: new RegExp(`^${weekday}\\s*${Number(day.slice(8))}\\s*Closed$`) }, SLOW));
    expect(screen.getByText('Closed for a private event', { selector: '.field__hint' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Find a table' }));
    expect((await screen.findByRole('alert', {}, SLOW)).textContent).toContain('Closed for a private event');
    // The staff's own note is never shown to guests.
    expect(screen.queryByText(/Wedding/)).toBeNull();
    await findHeading('Date and party size');
  });

  it('forgets the venue a guest read in the same browser once staff close a day, and again once they reopen it', async () => {
    const day = addDays(hongKongToday(api().clock.now()), 4);
    const weekday = ['MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT', 'SUN'][isoWeekday(day) - 1];
    const dayButton = new RegExp(`^${weekday}\\s*${Number(day.slice(8))}`);
    /** Whether the guest's date strip, opened afresh in this browser, marks `day` closed. */
    async function guestSeesClosed(): Promise<boolean> {
      cleanup();
      // A new booking, not the last one's draft resumed at its date step.
      sessionStorage.clear();
      const user = userEvent.setup();
      await openApp('/pages/book?domain=leclos');
      await user.click(await screen.findByRole('button', { name: /À la Carte/ }, SLOW));
      const radio = await screen.findByRole('radio', { name: dayButton }, SLOW);
      return /Closed$/.test(radio.closest('label')!.textContent!);
    }
    await storeSession(api(), 'guest@example.com', 'guest-pass-1');
    expect(await guestSeesClosed()).toBe(false);

    cleanup();
    const user = await openClosuresAs('host@example.com', 'host-pass-1', day);
    const form = await screen.findByRole('form', { name: 'Add a closure' }, SLOW);
    await user.click(within(form).getByRole('radio', { name: 'Private event' }));
    await user.click(within(form).getByRole('button', { name: 'Close for these days' }));
    await waitFor(() => expect(screen.getByText('Closed. No bookings were inside.')).toBeTruthy(), SLOW);
    expect(await guestSeesClosed()).toBe(true);

    // The host is still logged in: straight back to the closures.
    cleanup();
    await openApp(`/pages/staff/closures?venue=leclos&date=${day}`);
    await findHeading('Closures');
    await userEvent.setup().click(await screen.findByRole('button', { name: /^Reopen Whole venue/ }, SLOW));
    await waitFor(() => expect(screen.getByText('No closures from this day on.')).toBeTruthy(), SLOW);
    expect(await guestSeesClosed()).toBe(false);
  });
});
