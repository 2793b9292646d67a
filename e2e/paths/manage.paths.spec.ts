/**
 * Generated browser paths of the manage chart (machines/manage.machine.ts): changing and cancelling a
 * reservation through the manage link of its mail, logged out. The paths are tests/support/machines/manage-model.ts's
 * covering set (every guarded branch the app can take); each books its own reservation through the API,
 * opens the mailed link, and replays the path: a guest's clicks and choices, and the calls the state makes
 * held (`gates.ts`) while the page shows the loading state, then let go to the server or answered with the
 * path's refusal. Every state is checked as the guest sees it and against the server's record.
 */
import type { Locator, Page } from '@playwright/test';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import type { ManageContext } from '../../machines/manage.machine';
import { callAfter, callIn, CALLS, label, MANAGE_PATHS, MODEL_OTHER_DAY, outcomeOf, startsCall } from '../../tests/support/machines/manage-model';
import { expectHeading } from '../support/app';
import { bookingDay } from '../support/booking';
import { expect, test } from '../support/fixtures';
import type { NewUser, TestServer } from '../support/server-api';
import { Gates } from './gates';

/** Booking days of these paths: 50 days ahead and on, one per path; a change of date moves to day 79. */
const FIRST_DAY = 50;
const MOVE_TO_DAY = 79;
const TIME_OF: Record<number, string> = { 720: '12:00 pm', 750: '12:30 pm' };

test.describe('manage chart paths in the browser', () => {
  MANAGE_PATHS.forEach((path, index) => {
    test(`${index + 1}. ${label(path)}`, async ({ page, server }) => {
      const day = await bookingDay(server, FIRST_DAY + index);
      const otherDay = await bookingDay(server, MOVE_TO_DAY);
      const realDay = (modelDay: string) => (modelDay === MODEL_OTHER_DAY ? otherDay : day);
      const gates = await Gates.install(page, CALLS);
      const guest = await server.signUp();
      let reservationId = '';
      let saved: ManageContext['draft'] = null;
      try {
        for (let i = 1; i < path.steps.length; i++) {
          const { event, state } = path.steps[i]!;
          const before = path.steps[i - 1]!.state;
          const call = callIn(state);
          const starts = call && startsCall(before, state) ? call : undefined;
          expect(starts, `the call after ${event.type}`).toBe(callAfter(event as EventObject & Record<string, unknown>));
          if (starts) gates.arm(starts);
          if (event.type === 'change.confirm') saved = (before.context as ManageContext).draft;
          const action = event as EventObject & Record<string, unknown>;
          const outcome = outcomeOf(event);
          if (outcome) {
            const error = (event as { error?: { status: number } }).error;
            if (outcome.done) await gates.release(outcome.call);
            else await gates.answer(outcome.call, error!.status, error);
          } else if (event.type === 'reservation.open') {
            reservationId = await openLink(page, server, guest, day, action.intent === 'cancel', path.steps[i + 1]?.event);
          } else await act(page, action, realDay);
          if (starts) await gates.waitForCall(starts);
          await check(page, state, { server, guest, reservationId, saved, realDay });
        }
      } finally {
        await gates.releaseAll();
      }
    });
  });
});

/** Books the path's reservation (cancelled first when the path reads it so) and opens its mail's link. */
async function openLink(page: Page, server: TestServer, guest: NewUser, day: string, cancel: boolean, next: EventObject | undefined) {
  const booked = await server.book(guest, { domain: 'leclos', experience: 'À la Carte', date: day, time: '12:00 pm', guests: 2 });
  const canceled = (next as { output?: { reservation: { status: string } } } | undefined)?.output?.reservation.status === 'CANCELED';
  let link = await server.mailedLink(guest.email, /confirmed/);
  if (canceled) {
    await server.call('PUT', `/user/reservation/v1.1/cancel/${booked._id}`, { token: guest.token });
    link = await server.mailedLink(guest.email, /is cancelled/);
  }
  await page.goto(cancel ? `${link}&action=cancel` : link);
  return booked._id;
}

async function act(page: Page, event: EventObject & Record<string, unknown>, realDay: (day: string) => string) {
  const form = page.getByRole('form', { name: 'Change reservation' });
  switch (event.type) {
    case 'reservation.retry':
      return page.getByRole('button', { name: 'Retry' }).click();
    case 'change.start':
      return page.getByRole('button', { name: 'Change', exact: true }).click();
    case 'cancel.start':
      return page.getByRole('button', { name: 'Cancel', exact: true }).click();
    case 'change.edit':
      return form.getByLabel('Date').selectOption(realDay(event.date as string));
    case 'change.pick':
      return form.getByRole('group', { name: 'Time' }).getByRole('button', { name: TIME_OF[event.startTime as number]!, exact: true }).click();
    case 'change.seat':
      return form.getByRole('button', { name: /^No preference/ }).click();
    case 'change.submit':
      return form.getByRole('button', { name: 'Continue' }).click();
    case 'change.confirm':
      return page.getByRole('button', { name: 'Save changes' }).click();
    case 'change.back':
      return page.getByRole('region', { name: 'Check your change' }).getByRole('button', { name: 'Back' }).click();
    case 'change.discard':
      return form.getByRole('button', { name: 'Keep it as it is' }).click();
    case 'cancel.confirm':
      return page.getByRole('button', { name: 'Cancel reservation' }).click();
    case 'cancel.retry':
      return page.getByRole('button', { name: 'Try again' }).click();
    case 'cancel.back':
      return page.getByRole('button', { name: 'Keep my reservation' }).click();
    default:
      throw new Error(`No way to bring about ${event.type} in the browser`);
  }
}

interface Facts {
  server: TestServer;
  guest: NewUser;
  reservationId: string;
  saved: ManageContext['draft'];
  realDay: (day: string) => string;
}

/** The state as the guest sees it, and the server's record it stands for. */
async function check(page: Page, state: AnyMachineSnapshot, { server, guest, reservationId, saved, realDay }: Facts) {
  const context = state.context as ManageContext;
  await expectHeading(page, 'Your reservation');
  if (state.matches('loading')) return expect(page.getByText('Loading your reservation…')).toBeVisible();
  if (state.matches('failed')) return expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();
  const readRecord = async () =>
    (await server.call<{ data: { status: string; date: string; startTime: number } }>('GET', `/user/reservation/${reservationId}`, { token: guest.token })).body.data;
  const record = await readRecord();
  const form = page.getByRole('form', { name: 'Change reservation' });
  if (state.matches('viewing')) {
    await expect(form).toHaveCount(0);
    expect(record.status).toBe(context.reservation?.status === 'CONFIRMED' ? 'CONFIRMED' : 'CANCELED');
    await expect(page.getByRole('button', { name: 'Change', exact: true })).toHaveCount(context.reservation?.status === 'CONFIRMED' ? 1 : 0);
    const note = page.getByText('Your reservation has been changed.');
    if (!state.matches({ viewing: 'changed' })) return expect(note).toHaveCount(0);
    await expect(note).toBeVisible();
    // Read again once the page says so: the read above may have gone before the change was answered.
    const { body: after } = await server.call<{ data: { date: string; startTime: number } }>('GET', `/user/reservation/${reservationId}`, {
      token: guest.token,
    });
    expect({ date: after.data.date, startTime: after.data.startTime }).toEqual({ date: realDay(saved!.date), startTime: saved!.startTime });
    return;
  }
  if (state.matches('changing')) {
    expect(record.status).toBe('CONFIRMED');
    // Reviewed, and while saving: what the change costs, before anything is saved.
    if (state.matches({ changing: 'reviewing' }) || state.matches({ changing: 'submitting' })) {
      await expect(form).toHaveCount(0);
      const review = page.getByRole('region', { name: 'Check your change' });
      if (state.matches({ changing: 'submitting' })) return expect(review.getByRole('button', { name: 'Saving…' })).toBeVisible();
      return expectEnabled(review.getByRole('button', { name: 'Save changes' }));
    }
    if (state.matches({ changing: 'quoting' })) return expect(form.getByRole('button', { name: 'Checking…' })).toBeVisible();
    await expect(form.getByText('Checking availability…')).toHaveCount(state.matches({ changing: 'loadingSlots' }) ? 1 : 0);
    if (state.matches({ changing: 'editing' })) {
      if (context.problem) await expect(form.getByText(context.problem.message)).toBeVisible();
      const save = form.getByRole('button', { name: 'Continue' });
      await (context.draft?.startTime == null ? expect(save).toBeDisabled() : expect(save).toBeEnabled());
    }
    return;
  }
  if (state.matches('cancelling')) {
    expect(record.status).toBe('CONFIRMED');
    if (state.matches({ cancelling: 'submitting' })) return expect(page.getByRole('button', { name: 'Canceling…' })).toBeVisible();
    const failed = page.getByText('Cancellation failed');
    if (state.matches({ cancelling: 'failed' })) {
      await expect(failed).toBeVisible();
      return expectEnabled(page.getByRole('button', { name: 'Try again' }));
    }
    await expect(failed).toHaveCount(0);
    return expectEnabled(page.getByRole('button', { name: 'Cancel reservation' }));
  }
  if (state.matches('canceled')) {
    await expect(page.getByText('Your reservation has been canceled.')).toBeVisible();
    // Read once the page says so: the record read above may have been taken while the cancel was on its way.
    expect(['CANCELED', 'LATE_CANCELED']).toContain((await readRecord()).status);
    return;
  }
  throw new Error(`No view known for ${JSON.stringify(state.value)}`);
}

const expectEnabled = (button: Locator) => expect(button).toBeEnabled();

