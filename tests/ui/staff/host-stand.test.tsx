// @vitest-environment jsdom
/**
 * The host stand in the whole app against the real API (docs/PRODUCT.md §6): the floor with every table
 * named and its state in words, a party late by the server's clock on the list and the map, the filters
 * with their counts and the search, a table's sheet with the visit's actions, seating from the sheet's
 * menu, a seated table's minutes and "needed" time, the reconfirmation on the line and the sheet, and a
 * lost connection that shows a banner and refuses the drag.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { staffSessionActor } from '../../../src/staff/staff-session';
import { openAsStaff, useAppHarness } from '../../support/ui/app-harness';
import { SLOW } from '../../support/ui/page-queries';

const api = useAppHarness({ afterEach: () => staffSessionActor().send({ type: 'logout' }) });
const LECLOS = '6650a1c0e4b0a1b2c3d40001';
const DATE = '2026-12-04';

/** Books a party at Le Clos through the staff API (a phone booking) on DATE. */
async function book(firstName: string, lastName: string, startTime: number, numberOfGuests = 2) {
  const host = await api().request('POST', '/admin/authentication/login', { body: { email: 'host@example.com', password: 'host-pass-1' } });
  const experienceId = (await api().request('GET', '/public/venue/by-domain/leclos')).body.data.experiences.find((e: { name: string }) => e.name === 'À la Carte')._id;
  const booked = await api().request('POST', '/admin/reservation', {
    token: host.body.data.token,
    body: { venueId: LECLOS, experienceId, date: DATE, startTime, numberOfGuests, email: `${firstName.toLowerCase()}@example.com`, firstName, lastName },
  });
  expect(booked.status, JSON.stringify(booked.body)).toBe(201);
  return booked.body.data._id as string;
}

const row = (name: string) => screen.getByText(name, { selector: '.stand-party__name', exact: false }).closest('li')!;
const mapTable = (name: string) => document.querySelector<SVGGElement>(`[data-table="${name}"]`)!;

describe('the host stand', () => {
  it('shows the floor and the parties by the server clock, filters them, and seats one from its sheet', async () => {
    api().clock.set('2026-12-04T10:00:00+08:00');
    await book('Lee', 'Late', 1170);
    await book('Sam', 'Soon', 1230, 4);
    api().clock.set('2026-12-04T19:52:00+08:00');
    const user = await openAsStaff(`/pages/staff/host-stand?venue=leclos&date=${DATE}`, ['host@example.com', 'host-pass-1'], 'Host stand');
    await screen.findByText('Lee Late', { selector: '.stand-party__name', exact: false }, SLOW);

    // Every table of Le Clos on the map, named, with its state in a word.
    const tables = screen.getAllByRole('button', { name: /^[BDT]\d+ / });
    expect(tables).toHaveLength(20);
    expect(screen.getByRole('button', { name: 'D12 Free' })).toBeTruthy();

    // 7:30 pm, not arrived: 22 minutes late, on the list and on its table.
    expect(row('Lee Late').textContent).toContain('Late 22 min');
    const leeTable = row('Lee Late').querySelector('.stand-party__table')!.textContent!;
    expect(mapTable(leeTable).getAttribute('data-state')).toBe('late');
    expect(mapTable(leeTable).textContent).toContain('Late · 222 min late');
    // 8:30 pm within the table's turn time: booked soon, and the time it is needed.
    const samTable = row('Sam Soon').querySelector('.stand-party__table')!.textContent!;
    expect(mapTable(samTable).textContent).toMatch(/Soon · 4Booked soon Needed 8:30 pm/);

    // The filters count each status; the search narrows by name.
    const filters = within(screen.getByRole('group', { name: 'Show parties' }));
    expect(filters.getByRole('button', { name: 'All 2' })).toBeTruthy();
    await user.click(filters.getByRole('button', { name: 'Late 1' }));
    expect(screen.queryByText('Sam Soon', { selector: '.stand-party__name', exact: false })).toBeNull();
    await user.click(filters.getByRole('button', { name: 'All 2' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search parties' }), 'sam');
    expect(screen.queryByText('Lee Late', { selector: '.stand-party__name', exact: false })).toBeNull();
    await user.clear(screen.getByRole('searchbox', { name: 'Search parties' }));

    // A table's sheet: the party, the table's state, the visit's actions and the menu's moves.
    await user.click(mapTable(leeTable));
    const sheet = within(await screen.findByRole('dialog', { name: 'Lee Late' }));
    expect(sheet.getByText(new RegExp(`^Table ${leeTable}: Late`))).toBeTruthy();
    expect(sheet.getByRole('button', { name: 'Seat: Lee Late' })).toBeTruthy();
    await user.selectOptions(sheet.getByLabelText('Table'), sheet.getByRole('option', { name: 'D12 (10)' }));
    await user.click(sheet.getByRole('button', { name: 'Seat there' }));
    await screen.findByText('Lee Late at D12.', {}, SLOW);
    await waitFor(() => expect(mapTable('D12').getAttribute('data-state')).toBe('seated'), SLOW);
    expect(mapTable(leeTable).getAttribute('data-state')).toBe('free');
    expect(row('Lee Late').textContent).toContain('Seated 0′');
  });

  it("writes the minutes seated and the next party's time on the table, and what protects each booking on the list and the sheet", async () => {
    api().clock.set('2026-12-04T10:00:00+08:00');
    const logIn = async () => (await api().request('POST', '/admin/authentication/login', { body: { email: 'host@example.com', password: 'host-pass-1' } })).body.data.token as string;
    const host = await logIn();
    const sat = await book('Sat', 'Here', 1080);
    const called = await book('Cal', 'Led', 1230);
    const unanswered = await book('Una', 'Nswered', 1230);
    const call = (id: string, outcome: string) => api().request('POST', `/admin/reservation/${id}/reconfirmation-call`, { token: host, body: { outcome } });
    expect((await call(called, 'CONFIRMED')).status).toBe(200);
    expect((await call(unanswered, 'NO_ANSWER')).status).toBe(200);
    // Sat Here is seated at the table Cal Led has booked for 8:30 pm.
    const stand = (await api().request('GET', `/admin/venue/${LECLOS}/host-stand/${DATE}`, { token: host })).body.data;
    const calTableId = stand.parties.find((p: { booking: { id: string } }) => p.booking.id === called).tableIds[0];
    api().clock.set('2026-12-04T18:05:00+08:00');
    const seated = await api().request('POST', `/admin/reservation/${sat}/seat-at`, { token: await logIn(), body: { tableIds: [calTableId] } });
    expect(seated.status, JSON.stringify(seated.body)).toBe(200);
    api().clock.set('2026-12-04T19:20:00+08:00');
    const user = await openAsStaff(`/pages/staff/host-stand?venue=leclos&date=${DATE}`, ['host@example.com', 'host-pass-1'], 'Host stand');
    await screen.findByText('Sat Here', { selector: '.stand-party__name', exact: false }, SLOW);

    // Seated at 6:05 pm, an 8:30 pm party booked on the same table next: 75 of its 90 minutes, and when it is needed.
    const satTable = row('Sat Here').querySelector('.stand-party__table')!.textContent!;
    expect(row('Cal Led').querySelector('.stand-party__table')!.textContent).toBe(satTable);
    expect(mapTable(satTable).getAttribute('data-state')).toBe('seated');
    expect(mapTable(satTable).querySelector('.stand-table__detail')!.textContent).toBe('Seated 75 of 90 min');
    expect(mapTable(satTable).querySelector('.stand-table__next')!.textContent).toBe('Needed 8:30 pm');

    // Reconfirmed by phone, and a call that found nobody: a sign on the line, named; the words on the sheet.
    expect(within(row('Cal Led')).getByRole('img', { name: 'Reconfirmed. Reconfirmed by phone at 10:00 am. Last call at 10:00 am: Confirmed by phone' })).toBeTruthy();
    expect(within(row('Una Nswered')).getByRole('img', { name: /^Not reconfirmed\. Not reconfirmed yet\. Last call at 10:00 am: No answer$/ })).toBeTruthy();
    expect(within(row('Sat Here')).queryByRole('img')).toBeNull();
    await user.click(screen.getByText('Cal Led', { selector: '.stand-party__name', exact: false }));
    const sheet = within(await screen.findByRole('dialog', { name: 'Cal Led' }));
    expect(sheet.getByText('Reconfirmed by phone at 10:00 am')).toBeTruthy();
  });

  it('shows a banner and refuses the drag while the connection is lost', async () => {
    api().clock.set('2026-12-04T10:00:00+08:00');
    await book('Off', 'Line', 1170);
    api().clock.set('2026-12-04T19:40:00+08:00');
    await openAsStaff(`/pages/staff/host-stand?venue=leclos&date=${DATE}`, ['host@example.com', 'host-pass-1'], 'Host stand');
    await screen.findByText('Off Line', { selector: '.stand-party__name', exact: false }, SLOW);
    window.dispatchEvent(new Event('offline'));
    expect(await screen.findByText(/^Connection lost:/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Drag Off Line to a table' }).hasAttribute('disabled')).toBe(true);
    window.dispatchEvent(new Event('online'));
    await waitFor(() => expect(screen.queryByText(/^Connection lost:/)).toBeNull(), SLOW);
  });

  it('seats a walk-in from the queue at the table chosen from its menu, and marks a party partly arrived from its sheet', async () => {
    api().clock.set('2026-12-04T10:00:00+08:00');
    await book('Fay', 'Four', 1200, 4);
    api().clock.set('2026-12-04T19:45:00+08:00');
    const host = await api().request('POST', '/admin/authentication/login', { body: { email: 'host@example.com', password: 'host-pass-1' } });
    const queued = await api().request('POST', `/admin/venue/${LECLOS}/walk-in-queue`, { token: host.body.data.token, body: { name: 'Wendy Walk', numberOfGuests: 2, quotedMinutes: 10 } });
    expect(queued.status, JSON.stringify(queued.body)).toBe(201);
    const user = await openAsStaff(`/pages/staff/host-stand?venue=leclos&date=${DATE}`, ['host@example.com', 'host-pass-1'], 'Host stand');
    await screen.findByText('Fay Four', { selector: '.stand-party__name', exact: false }, SLOW);

    // The queue is on the stand of the service day running, each party with a handle to drag and a menu of free tables.
    const entry = within(await screen.findByRole('listitem', { name: 'Wendy Walk, 2 guests' }, SLOW));
    expect(entry.getByRole('button', { name: 'Drag Wendy Walk to a table' })).toBeTruthy();
    // A two-top the menu offers (which ones are free depends on where the day's earlier holds were spread).
    const twoTop = entry.getAllByRole('option', { name: /^\S+ \(2\)$/ })[0]!;
    const twoTopName = twoTop.textContent!.split(' ')[0]!;
    await user.selectOptions(entry.getByLabelText('Table'), twoTop);
    await user.click(entry.getByRole('button', { name: 'Seat there' }));
    await screen.findByText(/^Wendy Walk seated: /, {}, SLOW);
    await waitFor(() => expect(mapTable(twoTopName).getAttribute('data-state')).toBe('seated'), SLOW);

    // Two of four here: partly arrived on the list and on its table, in words and a sign beside the colour.
    await user.click(screen.getByText('Fay Four', { selector: '.stand-party__name', exact: false }));
    const sheet = within(await screen.findByRole('dialog', { name: 'Fay Four' }));
    await user.selectOptions(sheet.getByLabelText('Here now'), sheet.getByRole('option', { name: '2 of 4' }));
    await user.click(sheet.getByRole('button', { name: 'Mark partly arrived' }));
    await screen.findByText('Fay Four: 2 of 4 here.', {}, SLOW);
    await waitFor(() => expect(row('Fay Four').textContent).toContain('◐ Partly arrived 2/4'), SLOW);
    const fayTable = row('Fay Four').querySelector('.stand-party__table')!.textContent!;
    expect(mapTable(fayTable).getAttribute('data-state')).toBe('arrived');
    expect(mapTable(fayTable).textContent).toContain('Partly arrived 2/4');
  });
});
