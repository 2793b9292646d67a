// @vitest-environment jsdom
/**
 * The pages after the visit and of personal data (README.md) in the whole app against the real API: the
 * feedback page from the mail's one-tap rating, the reminder's allergy page, the guest's My data page
 * (downloads, erasure request), the staff's Privacy page carrying a request out, the reports' feedback
 * averages and the guest-book feedback component with its stop switch; axe finds nothing wrong on each.
 */
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { addDays, hongKongToday } from '../../../common/time';
import { weekOf } from '../../../common/report-range';
import { reservations, users, visitFeedback } from '../../../server/db/schema';
import { signFeedbackToken } from '../../../server/services/feedback/feedback-link';
import { manageTokenFor } from '../../../server/services/reservations/manage-link';
import { staffSessionActor } from '../../../src/staff/staff-session';
import { GuestFeedback } from '../../../src/staff/guests/guest-feedback';
import { FeedbackAverages } from '../../../src/staff/reports/feedback-averages';
import { experienceIdByName, LECLOS } from '../../support/server/fixtures';
import { findHeading, openApp, openAs, openAsStaff, useAppHarness } from '../../support/ui/app-harness';
import { captureDownloads, downloadText, type SavedDownload } from '../../support/ui/download-capture';
import { SLOW } from '../../support/ui/page-queries';
import { axeViolations } from '../../support/ui/axe';

const api = useAppHarness({ afterEach: () => staffSessionActor().send({ type: 'logout' }) });
const GUEST = ['guest@example.com', 'guest-pass-1'] as const;
const ADMIN = ['admin@example.com', 'admin-pass-1'] as const;

let saved: SavedDownload[];
beforeEach(() => {
  saved = captureDownloads();
});

let daysAhead = 2;
/** A confirmed Le Clos lunch for the demo guest on its own day; the row. */
async function bookLeClos() {
  const a = api();
  const token = (await a.request('POST', '/user/authentication/login', { body: { email: GUEST[0], password: GUEST[1] } })).body.data.token;
  const date = addDays(hongKongToday(a.clock.now()), daysAhead++);
  const experienceId = await experienceIdByName(a.deps.db, LECLOS, 'À la Carte');
  const held = await a.request('POST', '/user/reservation/v1.1', { token, body: { venueId: LECLOS, experienceId, date, startTime: 780, numberOfGuests: 2 } });
  expect(held.status, JSON.stringify(held.body)).toBe(201);
  const done = await a.request('PUT', `/user/reservation/v1.1/complete/${held.body.data._id}`, {
    token,
    body: { firstName: 'Grace', lastName: 'Chan', mobileCountryCode: '+852', mobileNumber: '9123 4567', email: GUEST[0], agreements: { cancellationPolicy: true, noShowPolicy: true } },
  });
  expect(done.status, JSON.stringify(done.body)).toBe(200);
  return (await a.deps.db.select().from(reservations).where(eq(reservations.id, held.body.data._id)))[0]!;
}

/** A finished visit (as staff would have recorded it) and the token of its feedback link. */
async function finishedVisit() {
  const row = await bookLeClos();
  const a = api();
  await a.deps.db.update(reservations).set({ visitStatus: 'FINISHED', tableFreedAt: row.endsAt }).where(eq(reservations.id, row.id));
  const token = signFeedbackToken(a.deps.config.jwtSecret, { reservationId: row.id, expiresAt: new Date(a.clock.now().getTime() + 30 * 86_400_000) });
  return { row, token };
}

describe('after the visit', () => {
  it("records the mail's one-tap rating on opening, then the comment", async () => {
    const { row, token } = await finishedVisit();
    await openApp(`/pages/feedback?token=${encodeURIComponent(token)}&rating=4`);
    await findHeading('Your feedback');
    await screen.findByText('Thank you: your rating is saved. You may change it or tell us more below.', {}, SLOW);
    expect((screen.getByRole('radio', { name: /4 – Very good/ }) as HTMLInputElement).checked).toBe(true);
    const user = userEvent.setup();
    await user.click(screen.getByRole('radio', { name: /5 – Excellent/ }));
    await user.type(screen.getByLabelText('Your comment (optional)'), 'A lovely lunch.');
    await user.click(screen.getByRole('button', { name: 'Send feedback' }));
    await screen.findByText('Thank you for your feedback.');
    const [saved] = await api().deps.db.select().from(visitFeedback).where(eq(visitFeedback.reservationId, row.id));
    expect(saved).toMatchObject({ rating: 5, comment: 'A lovely lunch.' });
    expect(await axeViolations()).toEqual([]);
  });

  it('says so when the link has been altered', async () => {
    const { token } = await finishedVisit();
    await openApp(`/pages/feedback?token=${encodeURIComponent(`${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`)}`);
    expect((await screen.findByRole('alert', {}, SLOW)).textContent).toMatch(/not valid/);
  });

  it("records the reminder's allergy answer, asking for it when 'yes' is left empty", async () => {
    const row = await bookLeClos();
    await openApp(`/pages/allergies?token=${encodeURIComponent(manageTokenFor(api().deps.config, row))}`);
    await findHeading('Allergies and dietary needs');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('radio', { name: 'Yes, as follows' }, SLOW));
    await user.click(screen.getByRole('button', { name: 'Confirm for the kitchen' }));
    expect(await screen.findByText('Tell us your allergies or dietary needs, or choose "No allergies"')).toBeTruthy();
    await user.type(screen.getByLabelText(/^Allergies and dietary needs/), 'Shellfish allergy');
    await user.click(screen.getByRole('button', { name: 'Confirm for the kitchen' }));
    await screen.findByText('Thank you: our kitchen has your answer.');
    const [after] = await api().deps.db.select().from(reservations).where(eq(reservations.id, row.id));
    expect(after!.allergiesAnswer).toBe('Shellfish allergy');
    expect(await axeViolations()).toEqual([]);
  });
});

describe('the guest’s personal data', () => {
  it('downloads the data as JSON and CSV and asks for erasure', async () => {
    await openAs(api(), GUEST, '/pages/my-data', 'Your personal data');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Download as CSV' }));
    await expect.poll(() => saved.length, SLOW).toBe(1);
    expect(saved[0]!.download).toMatch(/^my-data-.*\.csv$/);
    expect(await downloadText(saved[0]!.blob)).toContain('guest@example.com');
    await user.click(screen.getByRole('button', { name: 'Download as JSON' }));
    await expect.poll(() => saved.length, SLOW).toBe(2);
    expect(JSON.parse((await downloadText(saved[1]!.blob)).replace(/^\uFEFF/, '')).account.email).toBe('guest@example.com');

    await user.click(await screen.findByRole('button', { name: 'Ask us to erase my data' }, SLOW));
    expect(await axeViolations()).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Yes, erase my data' }));
    await screen.findByText('We have your request. Our staff will erase your personal data and let you know.');
    expect(await screen.findByText(/You asked us to erase your data on/)).toBeTruthy();
  });

  it('lets an admin carry out an erasure request, and shows the feedback averages and a guest’s feedback', async () => {
    const a = api();
    const { row } = await finishedVisit();
    await a.deps.db.insert(visitFeedback).values({ reservationId: row.id, userId: row.userId, venueId: LECLOS, visitDate: row.date, rating: 4, comment: 'Great service', createdAt: a.clock.now(), updatedAt: a.clock.now() });
    const [someone] = await a.deps.db.insert(users).values({ id: 'abcdef0123456789abcdef01', role: 'guest', email: 'wing@example.com', passwordHash: 'x', firstName: 'Wing', lastName: 'Lee', erasureRequestedAt: a.clock.now() }).returning();

    const user = await openAsStaff('/pages/staff/privacy', ADMIN, 'Privacy');
    const item = (await screen.findByText('Wing Lee', {}, SLOW)).closest('li')!;
    await user.click(within(item).getByRole('button', { name: 'Erase personal data' }));
    expect(await axeViolations()).toEqual([]);
    await user.click(within(item).getByRole('button', { name: 'Yes, erase' }));
    await screen.findByText("Wing Lee's personal data has been erased. Their bookings and payments are kept without it.");
    const [erased] = await a.deps.db.select().from(users).where(eq(users.id, someone!.id));
    expect(erased).toMatchObject({ firstName: '', lastName: '' });
    expect(erased!.anonymisedAt).not.toBeNull();

    // The reports' feedback: the week's average at Le Clos.
    const week = weekOf(row.date);
    render(
      <I18nProvider i18n={i18n}>
        <FeedbackAverages params={{ venueId: LECLOS, from: week.from, to: week.to }} />
      </I18nProvider>,
    );
    const feedback = await screen.findByRole('region', { name: 'Guest feedback' }, SLOW);
    // Every Le Clos rating of that week (this file's other visits may fall in it too).
    const ratings = (await a.deps.db.select().from(visitFeedback).where(eq(visitFeedback.venueId, LECLOS))).filter((f) => weekOf(f.visitDate).from === week.from);
    const average = (ratings.reduce((sum, f) => sum + f.rating, 0) / ratings.length).toFixed(1);
    await expect.poll(() => feedback.textContent, SLOW).toContain(`${ratings.length}${average} of 5`);

    // The guest book's feedback component, with its stop switch.
    render(
      <I18nProvider i18n={i18n}>
        <GuestFeedback userId={row.userId} />
      </I18nProvider>,
    );
    expect(await screen.findByText('Great service', {}, SLOW)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Stop feedback mails' }));
    await screen.findByText('Feedback mails stopped for this guest.', {}, SLOW);
    const [guest] = await a.deps.db.select().from(users).where(eq(users.id, row.userId));
    expect(guest!.feedbackMailsStoppedAt).not.toBeNull();
    expect(await axeViolations()).toEqual([]);
  });
});
