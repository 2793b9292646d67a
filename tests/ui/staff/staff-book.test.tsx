// @vitest-environment jsdom
/**
 * Working the book in the staff console, in the whole app against the real API: the table plan at a
 * chosen time (states in words), a phone booking, moving that booking to another table, and a walk-in.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { staffSessionActor } from '../../../src/staff/staff-session';
import { findHeading, openApp, openAsStaff, useAppHarness } from '../../support/ui/app-harness';
import { SLOW } from '../../support/ui/page-queries';

const api = useAppHarness({ afterEach: () => staffSessionActor().send({ type: 'logout' }) });

const openAsHost = (address: string, heading = 'Table plan') => openAsStaff(address, ['host@example.com', 'host-pass-1'], heading);

/** The card of a table by its name, once the plan shows it. */
const tableCard = async (name: string) => (await screen.findByText(name, { selector: 'strong' }, SLOW)).closest('li')!;

async function setTime(user: ReturnType<typeof userEvent.setup>, time: string) {
  const input = within(screen.getByRole('group', { name: 'Time and actions' })).getByLabelText('Time');
  await user.clear(input);
  await user.type(input, time);
}

/** Books a party of two at Le Clos by the staff API, on `date` at 19:00; its reference. */
async function bookByPhone(api: ReturnType<typeof useAppHarness>, date: string, email: string, startTime = 1140): Promise<{ reference: string; token: string }> {
  const host = await api().request('POST', '/admin/authentication/login', { body: { email: 'host@example.com', password: 'host-pass-1' } });
  const experienceId = (await api().request('GET', '/public/venue/by-domain/leclos')).body.data.experiences.find((e: { name: string }) => e.name === 'À la Carte')._id;
  const booked = await api().request('POST', '/admin/reservation', {
    token: host.body.data.token,
    body: { venueId: '6650a1c0e4b0a1b2c3d40001', experienceId, date, startTime, numberOfGuests: 2, email, firstName: 'Row', lastName: 'Mover' },
  });
  expect(booked.status, JSON.stringify(booked.body)).toBe(201);
  return { reference: booked.body.data.uniqueId, token: host.body.data.token };
}

/** How many requests the page has made to addresses that contain `part`, from now on. */
function countReads(part: string) {
  const fetchCalls = vi.spyOn(globalThis, 'fetch');
  return () => fetchCalls.mock.calls.filter(([input]) => (input instanceof Request ? input.url : String(input)).includes(part)).length;
}

describe('working the book', () => {
  it('takes a phone booking, shows it on the plan, and moves it to another table', async () => {
    const user = await openAsHost('/pages/staff/table-plan?venue=leclos&date=2026-12-03');
    await setTime(user, '19:30');
    expect(within(await tableCard('D12')).getByText('Free')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Garden Terrace' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Phone booking' }));
    const dialog = await screen.findByRole('dialog', { name: 'Phone booking' });
    const form = within(dialog);
    await user.selectOptions(form.getByLabelText('Table'), form.getByRole('option', { name: /^D12 · / }));
    await user.clear(form.getByLabelText('Guests'));
    await user.type(form.getByLabelText('Guests'), '8');
    await user.type(form.getByLabelText('E-mail (optional)'), 'phone-caller@example.com');
    await user.type(form.getByLabelText('First name'), 'Mei');
    await user.type(form.getByLabelText('Last name'), 'Chan');
    await user.click(form.getByRole('button', { name: 'Book and confirm' }));

    const done = await screen.findByText(/^Booked and confirmed: LEC-\w+\./, {}, SLOW);
    const reference = /(LEC-\w+)/.exec(done.textContent ?? '')![1]!;
    expect(screen.queryByRole('dialog')).toBeNull();
    const booked = await tableCard('D12');
    await waitFor(() => expect(within(booked).getByText('Booked')).toBeTruthy(), SLOW);
    expect(booked.textContent).toContain('Mei Chan');
    const mails = await api().request('GET', '/dev/outbox?recipient=phone-caller@example.com&channel=EMAIL');
    expect(mails.body.data[0].subject).toContain(reference);

    await user.click(within(booked).getByRole('button', { name: `Move ${reference}` }));
    const move = within(await screen.findByRole('dialog', { name: `Move booking ${reference}` }));
    // The tables come with the plan's read (from the cache when the plan page has it, still a step later).
    await user.selectOptions(move.getByLabelText('Table'), await move.findByRole('option', { name: /^T6 · / }, SLOW));
    await user.click(move.getByRole('button', { name: 'Move booking' }));
    await screen.findByText(`Booking ${reference} moved.`, {}, SLOW);
    await waitFor(async () => expect(within(await tableCard('T6')).getByText('Booked')).toBeTruthy(), SLOW);
    expect(within(await tableCard('D12')).getByText('Free')).toBeTruthy();
  });

  it('moves a booking from its row on the day sheet', async () => {
    const { reference, token } = await bookByPhone(api, '2026-12-04', 'sheet-mover@example.com');

    const user = await openAsHost('/pages/staff/day?venue=leclos&date=2026-12-04', 'Day sheet');
    await user.click(await screen.findByRole('button', { name: `Move ${reference}` }, SLOW));
    const move = within(await screen.findByRole('dialog', { name: `Move booking ${reference}` }));
    await user.selectOptions(move.getByLabelText('Table'), await move.findByRole('option', { name: /^B1 · / }, SLOW));
    await user.click(move.getByRole('button', { name: 'Move booking' }));
    await screen.findByText(`Booking ${reference} moved.`, {}, SLOW);
    const row = (await api().request('GET', `/admin/venue/6650a1c0e4b0a1b2c3d40001/day-sheet/2026-12-04`, { token })).body.data;
    expect(JSON.stringify(row)).toContain('"name":"B1"');
  });

  it('states what a bigger party costs before the move is saved, and leaves the difference owed at the venue', async () => {
    const host = await api().request('POST', '/admin/authentication/login', { body: { email: 'host@example.com', password: 'host-pass-1' } });
    const experienceId = (await api().request('GET', '/public/venue/by-domain/leclos')).body.data.experiences.find((e: { name: string }) => e.name === 'Rotisserie Sharing Menu')._id;
    // A phone booking for 4: its HK$800 deposit (HK$200 a guest) owed at the venue.
    const booked = await api().request('POST', '/admin/reservation', {
      token: host.body.data.token,
      body: { venueId: '6650a1c0e4b0a1b2c3d40001', experienceId, date: '2026-12-07', startTime: 1140, numberOfGuests: 4, email: 'party-grows@example.com', firstName: 'Party', lastName: 'Grows' },
    });
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    const reference = booked.body.data.uniqueId;

    const user = await openAsHost('/pages/staff/day?venue=leclos&date=2026-12-07', 'Day sheet');
    await user.click(await screen.findByRole('button', { name: `Move ${reference}` }, SLOW));
    const move = within(await screen.findByRole('dialog', { name: `Move booking ${reference}` }));
    await user.selectOptions(move.getByLabelText('Guests'), '6');
    // Six guests: HK$300 a guest, HK$1,800; nothing was paid and HK$800 was owed: HK$1,000 more is owed.
    await waitFor(
      () => expect(move.getByRole('status').textContent).toBe('Amount due HK$1,800; paid HK$0. The guest will owe HK$1,000 more, payable at the venue.'),
      SLOW,
    );
    await user.click(move.getByRole('button', { name: 'Move booking' }));
    await screen.findByText(`Booking ${reference} moved.`, {}, SLOW);
    const reservation = (await api().request('GET', `/admin/venue/6650a1c0e4b0a1b2c3d40001/day-sheet/2026-12-07`, { token: host.body.data.token })).body.data;
    const row = reservation.services.flatMap((sv: any) => sv.seatings).flatMap((st: any) => st.bookings).find((b: any) => b.uniqueId === reference);
    expect(row).toMatchObject({ numberOfGuests: 6, payment: { amountDue: 180_000, paid: 0, owed: 180_000 } });
  });

  it('reads the plan and the venue through the app cache: the move dialog and the day sheet ask nothing more, and a move on the day sheet shows on the plan', async () => {
    const { reference } = await bookByPhone(api, '2026-12-05', 'cached-plan@example.com');
    const planReads = countReads('/table-plan');
    const venueReads = countReads('/public/venue/by-domain/leclos');
    // Another day than the server's today opens at 19:00, the booking's time.
    const user = await openAsHost('/pages/staff/table-plan?venue=leclos&date=2026-12-05');
    await user.click(await screen.findByRole('button', { name: `Move ${reference}` }, SLOW));
    const move = within(await screen.findByRole('dialog', { name: `Move booking ${reference}` }));
    await move.findByRole('option', { name: /^B1 · / }, SLOW);
    expect(planReads()).toBe(1);
    await user.keyboard('{Escape}');

    await user.click(screen.getByRole('link', { name: 'Day sheet' }));
    await user.click(await screen.findByRole('button', { name: `Move ${reference}` }, SLOW));
    // The sheet states a cancellation's terms from the venue the plan has read.
    expect(venueReads()).toBe(1);
    const fromSheet = within(await screen.findByRole('dialog', { name: `Move booking ${reference}` }));
    await user.selectOptions(fromSheet.getByLabelText('Table'), await fromSheet.findByRole('option', { name: /^B1 · / }, SLOW));
    await user.click(fromSheet.getByRole('button', { name: 'Move booking' }));
    await screen.findByText(`Booking ${reference} moved.`, {}, SLOW);

    // The plan kept from before is stale: the move made it so.
    await user.click(screen.getByRole('link', { name: 'Table plan' }));
    await waitFor(async () => expect(within(await tableCard('B1')).getByText('Booked')).toBeTruthy(), SLOW);
  });

  it('shows on the plan read before a booking cancelled on the day sheet', async () => {
    const { reference } = await bookByPhone(api, '2026-12-06', 'visit-change@example.com');
    const user = await openAsHost('/pages/staff/table-plan?venue=leclos&date=2026-12-06');
    const booked = (await screen.findByRole('button', { name: `Move ${reference}` }, SLOW)).closest('li')!;
    const table = booked.querySelector('strong')!.textContent!;

    await user.click(screen.getByRole('link', { name: 'Day sheet' }));
    await user.click(await screen.findByRole('button', { name: 'Cancel for guest: Row Mover' }, SLOW));
    await user.click(screen.getByRole('button', { name: 'Confirm cancellation' }));
    await screen.findByText(/^Cancelled for the guest\./, {}, SLOW);

    await user.click(screen.getByRole('link', { name: 'Table plan' }));
    await waitFor(async () => expect(within(await tableCard(table)).getByText('Free')).toBeTruthy(), SLOW);
  });

  it("starts a phone booking at the plan's time, and says in staff words which booking has the chosen table", async () => {
    const { reference } = await bookByPhone(api, '2026-12-07', 'lunch-taken@example.com', 780);
    const user = await openAsHost('/pages/staff/table-plan?venue=leclos&date=2026-12-07');
    await setTime(user, '13:00');
    const booked = (await screen.findByRole('button', { name: `Move ${reference}` }, SLOW)).closest('li')!;
    const table = booked.querySelector('strong')!.textContent!;

    await user.click(screen.getByRole('button', { name: 'Phone booking' }));
    const form = within(await screen.findByRole('dialog', { name: 'Phone booking' }));
    expect((form.getByLabelText('Time') as HTMLInputElement).value).toBe('13:00');
    await user.selectOptions(form.getByLabelText('Table'), form.getByRole('option', { name: new RegExp(`^${table} · `) }));
    await user.type(form.getByLabelText('E-mail (optional)'), 'second-caller@example.com');
    await user.type(form.getByLabelText('First name'), 'Siu');
    await user.type(form.getByLabelText('Last name'), 'Ming');
    await user.click(form.getByRole('button', { name: 'Book and confirm' }));
    expect((await form.findByRole('alert', {}, SLOW)).textContent).toBe(`Table ${table} is taken by ${reference} from 1:00 pm to 2:30 pm.`);
  });

  it('shows a phone booking in the audit log by its reference, with its day, time and table in words and the raw record behind a disclosure', async () => {
    const { reference } = await bookByPhone(api, '2026-12-08', 'audited-caller@example.com');
    await openApp('/pages/staff/login?redirect=%2Fpages%2Fstaff%2Faudit-log');
    await findHeading('Staff log in');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('E-mail'), 'admin@example.com');
    await user.type(screen.getByLabelText('Password'), 'admin-pass-1');
    await user.keyboard('{Enter}');
    await findHeading('Audit log');
    const entry = (await screen.findByText(reference, {}, SLOW)).closest('tr')!;
    expect(within(entry).getByText('reservation.phone-booking')).toBeTruthy();
    const lines = within(entry).getAllByRole('listitem').map((li) => li.textContent);
    expect(lines).toContain('Date: — → 8 Dec 2026');
    expect(lines).toContain('Time: — → 7:00 pm');
    expect(lines.find((line) => line?.startsWith('Table: '))).toMatch(/^Table: — → [A-Z]\d+$/);
    const raw = entry.querySelector('details')!;
    expect(within(raw).getByText('The record as stored')).toBeTruthy();
    expect(raw.open).toBe(false);
    expect(raw.querySelector('pre')!.textContent).toContain('"startTime": 1140');
  });

  it('seats a walk-in now and shows the table seated; says so when no table is free', async () => {
    const user = await openAsHost('/pages/staff/table-plan?venue=leclos&date=2026-11-23');
    await setTime(user, '10:30');
    await user.click(screen.getByRole('button', { name: 'Walk-in' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Walk-in' }));
    await user.clear(dialog.getByLabelText('Guests'));
    await user.type(dialog.getByLabelText('Guests'), '9');
    await user.type(dialog.getByLabelText('First name (optional)'), 'Walk');
    await user.click(dialog.getByRole('button', { name: 'Seat now' }));
    await screen.findByText(/^Walk-in seated: LEC-\w+\.$/, {}, SLOW);
    await waitFor(async () => expect(within(await tableCard('D12')).getByText('Seated')).toBeTruthy(), SLOW);

    // D12 was the one table for nine: a second party of nine is told no table is free.
    await user.click(screen.getByRole('button', { name: 'Walk-in' }));
    const again = within(await screen.findByRole('dialog', { name: 'Walk-in' }));
    await user.clear(again.getByLabelText('Guests'));
    await user.type(again.getByLabelText('Guests'), '9');
    await user.click(again.getByRole('button', { name: 'Seat now' }));
    expect((await again.findByRole('alert', {}, SLOW)).textContent).toBe('No table that seats this party is free now');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
