/**
 * Bookings whose guest gave a mobile number of their own (the kit's all share GUEST_DETAILS' number), so a
 * test's text replies find its booking only; and the reconfirmation round a test runs on the harness's clock.
 */
import { expect } from 'vitest';
import type { TestApi } from './harness';
import { GUEST_DETAILS, testKit, type TestUser } from './kit';

let counter = 0;

/** A fresh Hong Kong mobile number, as the guest types it and in E.164. */
export function freshMobile(): { typed: string; e164: string } {
  counter += 1;
  const digits = `6${String(Date.UTC(2026, 0, 1) / 1000 + counter).slice(-7)}`;
  return { typed: digits, e164: `+852${digits}` };
}

/** A confirmed Obe booking for two at 18:00 on `date`, completed with the guest's own mobile number. */
export async function bookWithMobile(api: TestApi, date: string, mobile = freshMobile()): Promise<{ id: string; guest: TestUser; mobile: { typed: string; e164: string } }> {
  const kit = testKit(api);
  const guest = await kit.verifiedGuest();
  const { id } = await kit.booking(guest, 'held', { date });
  const done = await api.request('PUT', `/user/reservation/v1.1/complete/${id}`, {
    token: guest.token(),
    body: { ...GUEST_DETAILS, mobileNumber: mobile.typed, email: guest.email },
  });
  expect(done.status, JSON.stringify(done.body)).toBe(200);
  return { id, guest, mobile };
}
