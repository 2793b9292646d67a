// @vitest-environment jsdom
/**
 * Staff notes stay with staff (docs/decisions/0034-staff-notes.md), in the whole app against the real API:
 * the phone booking form has the guest's requests and the staff notes as two labelled fields; the day sheet
 * shows each under its label and edits both; the guest's confirmation carries the request only.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { staffSessionActor } from '../../../src/staff/staff-session';
import { openAsStaff, useAppHarness } from '../../support/ui/app-harness';
import { SLOW } from '../../support/ui/page-queries';

const api = useAppHarness({ afterEach: () => staffSessionActor().send({ type: 'logout' }) });

const openAsHost = (address: string, heading: string) => openAsStaff(address, ['host@example.com', 'host-pass-1'], heading);

/** The day sheet's row of a booking, by its reference. */
const rowOf = async (reference: string) => {
  await screen.findByRole('button', { name: `Edit notes of ${reference}` }, SLOW);
  return document.querySelector<HTMLElement>(`tr[data-booking="${reference}"]`)!;
};

describe('guest requests and staff notes', () => {
  it('takes both in the phone booking form, each labelled, and mails the guest only their request', async () => {
    const user = await openAsHost('/pages/staff/table-plan?venue=leclos&date=2026-12-05', 'Table plan');
    // The form opens once the plan has its tables.
    await screen.findByText('D12', { selector: 'strong' }, SLOW);
    await user.click(screen.getByRole('button', { name: 'Phone booking' }));
    const form = within(await screen.findByRole('dialog', { name: 'Phone booking' }));
    expect(form.getByLabelText('Guest requests').getAttribute('aria-describedby')).toBeTruthy();
    expect(form.getByText("In the guest's words: shown to the guest in their mails and on their booking.")).toBeTruthy();
    expect(form.getByText('For the team only: never shown to the guest.')).toBeTruthy();
    await user.type(form.getByLabelText('E-mail (optional)'), 'notes-caller@example.com');
    await user.type(form.getByLabelText('First name'), 'Mei');
    await user.type(form.getByLabelText('Last name'), 'Chan');
    await user.type(form.getByLabelText('Guest requests'), 'A quiet table');
    await user.type(form.getByLabelText('Staff notes'), 'Birthday, cake at 9pm');
    await user.click(form.getByRole('button', { name: 'Book and confirm' }));
    const done = await screen.findByText(/^Booked and confirmed: LEC-\w+\./, {}, SLOW);
    const reference = /(LEC-\w+)/.exec(done.textContent ?? '')![1]!;

    const mails = await api().request('GET', '/dev/outbox?recipient=notes-caller@example.com&channel=EMAIL');
    expect(mails.body.data[0].subject).toContain(reference);
    expect(mails.body.data[0].body).toContain('A quiet table');
    expect(JSON.stringify(mails.body.data)).not.toContain('Birthday');

    // Already logged in: the day sheet is one address away.
    window.location.hash = '#/pages/staff/day?venue=leclos&date=2026-12-05';
    const row = await rowOf(reference);
    expect(row.textContent).toContain('Guest requests: A quiet table');
    expect(row.textContent).toContain('Staff notes: Birthday, cake at 9pm');
  });

  it('edits both notes from the day sheet, each labelled, and shows them as saved', async () => {
    const host = await api().request('POST', '/admin/authentication/login', { body: { email: 'host@example.com', password: 'host-pass-1' } });
    const experienceId = (await api().request('GET', '/public/venue/by-domain/leclos')).body.data.experiences.find((e: { name: string }) => e.name === 'À la Carte')._id;
    const booked = await api().request('POST', '/admin/reservation', {
      token: host.body.data.token,
      body: { venueId: '6650a1c0e4b0a1b2c3d40001', experienceId, date: '2026-12-06', startTime: 1140, numberOfGuests: 2, email: 'notes-edit@example.com', firstName: 'Kit', lastName: 'Ho', notes: 'Near the window' },
    });
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    const reference: string = booked.body.data.uniqueId;

    const user = await openAsHost('/pages/staff/day?venue=leclos&date=2026-12-06', 'Day sheet');
    expect((await rowOf(reference)).textContent).toContain('Guest requests: Near the window');
    await user.click(screen.getByRole('button', { name: `Edit notes of ${reference}` }));
    const dialog = within(await screen.findByRole('dialog', { name: `Notes of ${reference}` }));
    expect((dialog.getByLabelText('Guest requests') as HTMLTextAreaElement).value).toBe('Near the window');
    expect((dialog.getByLabelText('Staff notes') as HTMLTextAreaElement).value).toBe('');
    await user.type(dialog.getByLabelText('Staff notes'), 'Regular of the chef');
    await user.click(dialog.getByRole('button', { name: 'Save notes' }));
    await screen.findByText(`Notes of ${reference} saved.`, {}, SLOW);
    await waitFor(async () => expect((await rowOf(reference)).textContent).toContain('Staff notes: Regular of the chef'), SLOW);
    expect((await rowOf(reference)).textContent).toContain('Guest requests: Near the window');
  });
});
