// @vitest-environment jsdom
/**
 * The development statechart page: the chart model (active states, what they accept) and the live page
 * following a booking actor through the same BroadcastChannel the app's tabs post on.
 */
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { createActor, fromPromise } from 'xstate';
import { afterEach, describe, expect, it } from 'vitest';
import { bookingMachine, type SlotSearch, type VenueDetail } from '../../machines/booking/booking.machine';
import { activePaths, offeredTransitions } from '../../src/dev/chart-model';
import { devInspect, inspectRequested, INSPECT_KEY, plain, setInspectSwitch } from '../../src/dev/dev-inspect';
import StatechartPage from '../../src/dev/statechart-page';
import { ROUTES } from '../../src/navigation/routes';

afterEach(() => {
  cleanup();
  localStorage.clear();
  location.hash = '';
});

describe('chart model', () => {
  it('reads every active state of a parallel value', () => {
    const active = activePaths({ holding: { hold: 'running', step: { created: 'details' } } });
    expect([...active].sort()).toEqual([
      'holding',
      'holding.hold',
      'holding.hold.running',
      'holding.step',
      'holding.step.created',
      'holding.step.created.details',
    ]);
  });

  it('lists what the active states accept, deepest first, with guards and targets', () => {
    const offered = offeredTransitions(bookingMachine, activePaths({ holding: { hold: 'running', step: { created: 'details' } } }));
    expect(offered[0]).toEqual({
      from: 'holding.step.created.details',
      event: 'details.submit',
      guard: 'mustVerifyMobile',
      targets: ['holding.step.created.verify'],
    });
    expect(offered).toContainEqual({ from: 'holding.hold.running', event: 'after holdExpiry', guard: '', targets: ['expired'] });
    expect(offered).toContainEqual({ from: 'holding', event: 'route.visit', guard: 'visitsDraft', targets: ['releasing'] });
    expect(offered).toContainEqual({ from: '', event: 'session.changed', guard: '', targets: [] });
  });
});

describe('the inspect switch and what leaves the app', () => {
  it('is on with ?inspect, off with ?inspect=off, else as stored', () => {
    expect(inspectRequested()).toBe(false);
    setInspectSwitch(true);
    expect(localStorage.getItem(INSPECT_KEY)).toBe('on');
    expect(inspectRequested()).toBe(true);
    location.hash = '#/pages/book?inspect=off';
    expect(inspectRequested()).toBe(false);
    setInspectSwitch(false);
    location.hash = '#/pages/book?inspect';
    expect(inspectRequested()).toBe(true);
  });

  it('never posts card details', () => {
    const event = { type: 'card.submit', card: { cardNumber: '4242424242424242', cvc: '123' } };
    expect(JSON.stringify(plain(event))).not.toContain('4242');
  });
});

describe('the live page', () => {
  it('is a development-only route', () => {
    expect(ROUTES.find((r) => r.path === '/dev/statechart')?.name).toBe('dev-statechart');
  });

  it('highlights the booking actor’s active states as it moves', async () => {
    const venue = { _id: 'v1', onlineMaxGuests: 8, onlineMinGuests: 1, experiences: [{ _id: 'e1', name: 'Dinner' }] };
    const logic = bookingMachine.provide({
      actors: {
        loadVenue: fromPromise(async () => venue as unknown as VenueDetail),
        loadTimeslots: fromPromise(async () => ({ open: true, timeslots: [{ startTime: 1200, seatingOptions: [] }] }) as unknown as SlotSearch),
      },
    });
    render(<StatechartPage query={{}} />);
    expect(await screen.findByText(/No booking chart is running yet/)).toBeTruthy();

    const actor = createActor(logic, { input: { loggedIn: true }, inspect: devInspect('booking') }).start();
    actor.send({ type: 'booking.start', domain: 'leclos' });
    const chart = () => screen.getByRole('region', { name: 'Booking chart' });
    const current = () =>
      [...chart().querySelectorAll('[aria-current="step"]')].map((box) => box.getAttribute('data-path')).sort();
    await waitFor(() => expect(current()).toEqual(['draft', 'draft.experience']));
    // Both of the step's picks: a members-only experience refused to a guest, and any other on to the date.
    expect(within(chart()).getAllByText('experience.pick')).toHaveLength(2);

    act(() => actor.send({ type: 'experience.pick', experienceId: 'e1' }));
    act(() => actor.send({ type: 'search.submit', date: '2030-01-01', numberOfGuests: 2 }));
    await waitFor(() => expect(current()).toEqual(['draft', 'draft.timeslot']));
    expect(screen.getByRole('status').textContent).toContain('loadTimeslots');
    actor.stop();
  });
});
