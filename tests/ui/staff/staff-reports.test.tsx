// @vitest-environment jsdom
/**
 * The staff console's report page in the whole app against the real API: this week by default on the
 * server's clock, the covers chart with its text alternative and the table of the same figures, by day
 * and by week, venue staff kept to their venue, the CSV download, and axe finding nothing wrong.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { addDays, hongKongToday } from '../../../common/time';
import { weekOf } from '../../../common/report-range';
import { staffSessionActor } from '../../../src/staff/staff-session';
import { experienceIdByName, LECLOS } from '../../support/server/fixtures';
import { findHeading, openApp, useAppHarness } from '../../support/ui/app-harness';
import { address, SLOW } from '../../support/ui/page-queries';
import { captureDownloads, downloadText, type SavedDownload } from '../../support/ui/download-capture';
import { axeViolations } from '../../support/ui/axe';

const api = useAppHarness({ afterEach: () => staffSessionActor().send({ type: 'logout' }) });

async function logInAsStaff(email: string, password: string) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('E-mail', {}, SLOW), email);
  await user.type(screen.getByLabelText('Password'), password);
  await user.keyboard('{Enter}');
}

/** A confirmed Le Clos lunch for the demo guest, `daysAhead` of the server's today. */
async function bookLeClos(daysAhead: number, numberOfGuests: number) {
  const a = api();
  const token = (await a.request('POST', '/user/authentication/login', { body: { email: 'guest@example.com', password: 'guest-pass-1' } })).body.data.token;
  const date = addDays(hongKongToday(a.clock.now()), daysAhead);
  const experienceId = await experienceIdByName(a.deps.db, LECLOS, 'À la Carte');
  const held = await a.request('POST', '/user/reservation/v1.1', { token, body: { venueId: LECLOS, experienceId, date, startTime: 780, numberOfGuests } });
  expect(held.status, JSON.stringify(held.body)).toBe(201);
  const done = await a.request('PUT', `/user/reservation/v1.1/complete/${held.body.data._id}`, {
    token,
    body: { firstName: 'Grace', lastName: 'Chan', mobileCountryCode: '+852', mobileNumber: '9123 4567', email: 'guest@example.com', agreements: { cancellationPolicy: true, noShowPolicy: true } },
  });
  expect(done.status, JSON.stringify(done.body)).toBe(200);
  return date;
}

let saved: SavedDownload[];
beforeEach(() => {
  saved = captureDownloads();
});

const table = (caption: string) => screen.getByRole('table', { name: caption });
const bodyRows = (caption: string) =>
  within(table(caption))
    .getAllByRole('row')
    .filter((row) => row.parentElement?.tagName === 'TBODY')
    .map((row) => [...row.children].map((cell) => cell.textContent));

describe('the staff report', () => {
  it("shows an admin this week's covers at every venue as a chart and a table, by day and by week, and downloads the CSV", async () => {
    const bookedDay = await bookLeClos(2, 3);
    const week = weekOf(hongKongToday(api().clock.now()));
    await openApp('/pages/staff/reports');
    await findHeading('Staff log in');
    await logInAsStaff('admin@example.com', 'admin-pass-1');
    await findHeading('Reports');

    // This week on the server's clock, every venue.
    expect((screen.getByLabelText('First day') as HTMLInputElement).value).toBe(week.from);
    expect((screen.getByLabelText('Last day') as HTMLInputElement).value).toBe(week.to);
    expect((screen.getByLabelText('Venue') as HTMLSelectElement).value).toBe('all');
    await screen.findByRole('table', { name: 'Covers and bookings' }, SLOW);
    const rows = bodyRows('Covers and bookings');
    expect(rows).toHaveLength(4 * 7);
    // Period, venue, covers, seated, bookings.
    const booked = rows.filter((r) => r[1] === 'Le Clos' && Number(r[2]) > 0);
    expect(booked.map((r) => r.slice(2))).toEqual([['3', '0', '1']]);
    expect(booked[0]![0]).toContain(String(Number(bookedDay.slice(8))));
    const chart = screen.getByRole('img', { name: /Covers by day/ });
    expect(chart.querySelector('desc')!.textContent).toMatch(/^3 covers in all; the most, 3, in .+\. The table gives every figure\.$/);
    expect(chart.querySelectorAll('rect')).toHaveLength(1);
    expect(within(table('Money taken and refunded')).getAllByRole('row').at(-1)!.textContent).toContain('HK$0');
    expect(await axeViolations()).toEqual([]);

    // By week: a row per venue.
    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('Figures by'), 'week');
    await user.click(screen.getByRole('button', { name: 'Show report' }));
    await waitFor(() => expect(address()).toContain('by=week'));
    await waitFor(() => expect(bodyRows('Covers and bookings')).toHaveLength(4), SLOW);
    expect(screen.getByRole('img', { name: /Covers by week/ })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(saved).toHaveLength(1), SLOW);
    expect(saved[0]!.download).toBe(`report-all-${week.from}-${week.to}-week.csv`);
    const csv = await downloadText(saved[0]!.blob);
    expect(csv.split('\r\n')[0]).toMatch(/^(\uFEFF)?Venue,Period,From,To,Bookings,Covers,/);
    expect(await axeViolations()).toEqual([]);
  });

  it('keeps venue staff to their venue and refuses a range that runs backwards', async () => {
    await openApp('/pages/staff/reports?venue=batard');
    await findHeading('Staff log in');
    await logInAsStaff('host@example.com', 'host-pass-1');
    await findHeading('Reports');
    const venue = screen.getByLabelText('Venue') as HTMLSelectElement;
    expect([...venue.options].map((o) => o.textContent)).toEqual(['Le Clos']);
    await screen.findByRole('table', { name: 'Covers and bookings' }, SLOW);
    expect(bodyRows('Covers and bookings').every((r) => r.length === 4)).toBe(true); // no venue column

    const user = userEvent.setup();
    const first = screen.getByLabelText('First day') as HTMLInputElement;
    const last = (screen.getByLabelText('Last day') as HTMLInputElement).value;
    await user.clear(first);
    await user.type(first, addDays(last, 1));
    await user.click(screen.getByRole('button', { name: 'Show report' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The last day must be on or after the first day.');
  });
});

