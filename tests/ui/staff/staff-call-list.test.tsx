// @vitest-environment jsdom
/**
 * What staff see of reconfirmation and no-shows, in the whole app against the real API: the call list
 * (empty before its hour, then the guest who has not reconfirmed, each call's outcome kept, the booking's
 * texts with a reply box), and the report's no-show rates with their definitions on the page.
 */
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { addDays, hongKongToday, serviceDateTime } from '../../../common/time';
import { runReconfirmations } from '../../../server/services/reconfirmation/reconfirmation-requests';
import { invalidate } from '../../../src/api/use-api-query';
import { staffSessionActor } from '../../../src/staff/staff-session';
import { experienceIdByName, LECLOS } from '../../support/server/fixtures';
import { findHeading, openApp, useAppHarness } from '../../support/ui/app-harness';
import { axeViolations } from '../../support/ui/axe';
import { SLOW } from '../../support/ui/page-queries';

const api = useAppHarness({ afterEach: () => staffSessionActor().send({ type: 'logout' }) });

/** A confirmed Le Clos dinner for the demo guest on `date`, with a mobile number of its own. */
async function bookDinner(date: string, firstName: string, mobileNumber: string): Promise<string> {
  const token = await api().login('guest@example.com', 'guest-pass-1');
  const experienceId = await experienceIdByName(api().deps.db, LECLOS, 'À la Carte');
  const held = await api().request('POST', '/user/reservation/v1.1', { token, body: { venueId: LECLOS, experienceId, date, startTime: 1140, numberOfGuests: 3 } });
  expect(held.status, JSON.stringify(held.body)).toBe(201);
  const done = await api().request('PUT', `/user/reservation/v1.1/complete/${held.body.data._id}`, {
    token,
    body: { firstName, lastName: 'Unanswered', email: 'guest@example.com', mobileCountryCode: '+852', mobileNumber, agreements: { cancellationPolicy: true, noShowPolicy: true } },
  });
  expect(done.status, JSON.stringify(done.body)).toBe(200);
  return held.body.data._id;
}

async function openAsHost(address: string, heading: string) {
  await openApp(`/pages/staff/login?redirect=${encodeURIComponent(address)}`);
  await findHeading('Staff log in');
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('E-mail'), 'host@example.com');
  await user.type(screen.getByLabelText('Password'), 'host-pass-1');
  await user.keyboard('{Enter}');
  await findHeading(heading);
  return user;
}

describe('the call list', () => {
  it('lists the guest who has not reconfirmed from 17:00 the day before, keeps each call, and shows the texts with a reply box', async () => {
    const date = addDays(hongKongToday(api().clock.now()), 3);
    const dayBefore = addDays(date, -1);
    await bookDinner(date, 'Ivy', '6111 2222');
    api().clock.set(serviceDateTime(dayBefore, 720));
    await runReconfirmations(api().deps);

    api().clock.set(serviceDateTime(dayBefore, 1000));
    const user = await openAsHost(`/pages/staff/call-list?venue=leclos&date=${date}`, 'Call list');
    expect(await screen.findByText('Nobody to call.', {}, SLOW)).toBeTruthy();
    expect(screen.getByText(/The list opens at .*5:00/)).toBeTruthy();

    // The hour has come: the page opened again (the staff session kept) lists the guest.
    api().clock.set(serviceDateTime(dayBefore, 1030));
    cleanup();
    invalidate();
    await openApp(`/pages/staff/call-list?venue=leclos&date=${date}`);
    await findHeading('Call list');
    const entry = (await screen.findByText(/Ivy Unanswered/, {}, SLOW)).closest('li')!;
    expect(within(entry).getByText('+85261112222')).toBeTruthy();
    expect(within(entry).getByText(/3 guests/)).toBeTruthy();
    const outcomes = within(entry).getByRole('group', { name: 'What the call to Ivy Unanswered came to' });
    expect(within(outcomes).getAllByRole('button').map((b) => b.textContent)).toEqual(['No answer', 'Voicemail left', 'Wrong number', 'Confirmed by phone', 'Cancelled by phone']);
    await user.click(within(outcomes).getByRole('button', { name: 'No answer' }));
    const calls = await screen.findByRole('list', { name: 'Calls made' }, SLOW);
    expect(calls.textContent).toMatch(/No answer/);

    // The reconfirmation text is on the booking; staff reply from it.
    const again = (await screen.findByText(/Ivy Unanswered/)).closest('li')!;
    await user.click(within(again).getByRole('button', { name: 'Messages' }));
    const texts = await screen.findByRole('list', { name: 'Text messages' }, SLOW);
    expect(texts.textContent).toMatch(/Reply 1 to confirm or 9 to cancel/);
    expect(texts.textContent).toMatch(/Waiting to be sent/);
    await user.type(screen.getByLabelText('Reply to the guest'), 'See you tomorrow!');
    await user.click(screen.getByRole('button', { name: 'Send reply' }));
    await waitFor(() => expect(screen.getByRole('list', { name: 'Text messages' }).textContent).toMatch(/See you tomorrow!/), SLOW);
    expect((screen.getByLabelText('Reply to the guest') as HTMLTextAreaElement).value).toBe('');
    expect(await axeViolations()).toEqual([]);

    await user.click(within(screen.getByRole('group', { name: 'What the call to Ivy Unanswered came to' })).getByRole('button', { name: 'Confirmed by phone' }));
    expect(await screen.findByText('Nobody to call.', {}, SLOW)).toBeTruthy();
  });
});

describe('the no-show rates', () => {
  it('shows each figure with its definition, by policy, channel and member or guest', async () => {
    const date = addDays(hongKongToday(api().clock.now()), 4);
    await bookDinner(date, 'Rae', '6333 4444');
    await openAsHost(`/pages/staff/reports?venue=leclos&from=${date}&to=${date}`, 'Reports');
    await screen.findByRole('heading', { name: 'No-show and late-cancellation rates' }, SLOW);
    expect(screen.getByText('The bookings marked no-show, divided by the bookings.')).toBeTruthy();
    expect(screen.getByText(/cancelled inside the policy's cancellation window/)).toBeTruthy();
    expect(screen.getByText(/^What the booking asked of the guest when it was made/)).toBeTruthy();
    expect(screen.getByText(/^Members: bookings made by club members/)).toBeTruthy();
    const byChannel = await screen.findByRole('table', { name: 'By channel' }, SLOW);
    const online = within(byChannel).getByRole('row', { name: /Online/ });
    expect([...online.children].map((cell) => cell.textContent)).toEqual(['Online', '1', '0', '0%', '0', '0%']);
    const byPolicy = screen.getByRole('table', { name: 'By policy' });
    expect(within(byPolicy).getByRole('row', { name: /Card guarantee/ }).textContent).toContain('—');
    expect(screen.getByRole('table', { name: 'Members and guests' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Download rates as CSV' })).toBeTruthy();
  });
});
