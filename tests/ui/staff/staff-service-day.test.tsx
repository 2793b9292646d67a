// @vitest-environment jsdom
/**
 * The staff console's today is the service day running on the server's clock: after midnight, the night's
 * service (Le Clos's supper runs until 01:00 Tuesday to Saturday) until 06:00. A walk-in seated at 00:01
 * shows seated on the table plan staff have open, and on the day sheet of that day; at 04:43, with every
 * venue closed, the walk-in is refused with the reason. In the whole app against the real API.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { staffSessionActor } from '../../../src/staff/staff-session';
import { findHeading, openAsStaff, useAppHarness } from '../../support/ui/app-harness';
import { SLOW } from '../../support/ui/page-queries';

const api = useAppHarness({ afterEach: () => staffSessionActor().send({ type: 'logout' }) });

const openAsHost = (address: string, heading = 'Table plan') => openAsStaff(address, ['host@example.com', 'host-pass-1'], heading);

const dayField = () => within(screen.getByRole('group', { name: 'Venue and day' })).getByLabelText<HTMLInputElement>('Date');
const timeField = () => within(screen.getByRole('group', { name: 'Time and actions' })).getByLabelText<HTMLInputElement>('Time');

async function seatWalkIn(user: ReturnType<typeof userEvent.setup>, firstName: string) {
  await user.click(screen.getByRole('button', { name: 'Walk-in' }));
  const dialog = within(await screen.findByRole('dialog', { name: 'Walk-in' }));
  await user.type(dialog.getByLabelText('First name (optional)'), firstName);
  await user.click(dialog.getByRole('button', { name: 'Seat now' }));
  return dialog;
}

describe("the staff console's today after midnight", () => {
  it("opens Wednesday's service at 00:01 on Thursday: a walk-in shows seated on the plan now and on Wednesday's sheet under Supper", async () => {
    api().clock.set(new Date('2026-12-03T00:01:00+08:00'));
    const user = await openAsHost('/pages/staff/table-plan?venue=leclos');
    await waitFor(() => expect(dayField().value).toBe('2026-12-02'));
    expect(timeField().value).toBe('00:01');

    await seatWalkIn(user, 'Midnight');
    await screen.findByText(/^Walk-in seated: LEC-\w+\.$/, {}, SLOW);
    await waitFor(async () => expect((await screen.findByText(/Midnight/)).closest('li')!.textContent).toContain('Seated'), SLOW);

    await user.click(screen.getByRole('link', { name: 'Day sheet' }));
    await findHeading('Day sheet');
    const supper = await screen.findByRole('region', { name: 'Supper' }, SLOW);
    expect(within(supper).getByText(/Midnight/)).toBeTruthy();
    expect(dayField().value).toBe('2026-12-02');
  });

  it('refuses a walk-in at 04:43, every venue closed, with the reason in the dialog', async () => {
    api().clock.set(new Date('2026-12-03T04:43:00+08:00'));
    const user = await openAsHost('/pages/staff/table-plan?venue=leclos');
    await waitFor(() => expect(dayField().value).toBe('2026-12-02'));
    expect(timeField().value).toBe('04:43');
    const dialog = await seatWalkIn(user, 'Dawn');
    expect((await dialog.findByRole('alert', {}, SLOW)).textContent).toBe('The venue is closed at 4:43 am: walk-ins are seated only during its service hours.');
  });

  it("explains on another day's plan that a walk-in is seated on today's, and links to it", async () => {
    api().clock.set(new Date('2026-12-03T00:01:00+08:00'));
    const user = await openAsHost('/pages/staff/table-plan?venue=leclos&date=2026-12-03');
    await user.click(screen.getByRole('button', { name: 'Walk-in' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Walk-in' }));
    expect(dialog.queryByRole('button', { name: 'Seat now' })).toBeNull();
    expect(dialog.getByRole('link', { name: "Open today's plan" }).getAttribute('href')).toBe('#/pages/staff/table-plan?venue=leclos&date=2026-12-02');
  });

  it('says on the day sheet why Arrived and Seat are missing days before the booking', async () => {
    api().clock.set(new Date('2026-11-23T10:00:00+08:00'));
    const host = await api().request('POST', '/admin/authentication/login', { body: { email: 'host@example.com', password: 'host-pass-1' } });
    const experienceId = (await api().request('GET', '/public/venue/by-domain/leclos')).body.data.experiences.find((e: { name: string }) => e.name === 'À la Carte')._id;
    const booked = await api().request('POST', '/admin/reservation', {
      token: host.body.data.token,
      body: { venueId: '6650a1c0e4b0a1b2c3d40001', experienceId, date: '2026-12-04', startTime: 1140, numberOfGuests: 2, email: 'early-bird@example.com', firstName: 'Early', lastName: 'Bird' },
    });
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);

    await openAsHost('/pages/staff/day?venue=leclos&date=2026-12-04', 'Day sheet');
    const row = (await screen.findByText('Early Bird', {}, SLOW)).closest('tr')!;
    expect(within(row).getByText('Arrival and seating open at 4 Dec 2026, 5:00 pm, 2 hours before the booking.')).toBeTruthy();
    expect(within(row).queryByRole('button', { name: 'Arrived: Early Bird' })).toBeNull();
    expect(within(row).getByRole('button', { name: 'Cancel for guest: Early Bird' })).toBeTruthy();
  });
});
