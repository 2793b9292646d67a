/** The test kit makes what it says, the way the product makes it (tests/support/server/kit.ts). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, hongKongToday } from '../../../common/time';
import { BATARD, OBE } from './fixtures';
import { createTestApi, type TestApi } from './harness';
import { testKit, type TestKit } from './kit';

describe('the test kit', () => {
  let api: TestApi;
  let kit: TestKit;
  const day = (days: number) => addDays(hongKongToday(api.clock.now()), days);
  beforeAll(async () => {
    api = await createTestApi();
    kit = testKit(api);
  });
  afterAll(() => api?.close());

  it('makes a guest unverified until they follow the mailed link, and a verified guest who has', async () => {
    const guest = await kit.guest();
    const verified = await kit.verifiedGuest({ firstName: 'Vera' });
    expect((await kit.row(guest)).emailVerifiedAt).toBeNull();
    expect((await kit.row(verified)).emailVerifiedAt).toEqual(api.clock.now());
    expect((await api.request('GET', '/user/user/me', { token: verified.token() })).body.data).toMatchObject({ firstName: 'Vera', email: verified.email });
  });

  it('makes a member with the wallet given, and staff who see only their venue', async () => {
    const member = await kit.member({ wallet: 50_000 });
    expect((await api.request('GET', '/user/wallet', { token: member.token() })).body.data.balance).toBe(50_000);
    const staff = await kit.staff(OBE);
    const admin = await kit.staff(null);
    expect(admin.role).toBe('admin');
    const sheet = (user: typeof staff, venueId: string) => api.request('GET', `/admin/venue/${venueId}/day-sheet/${day(1)}`, { token: user.token() });
    expect([(await sheet(staff, OBE)).status, (await sheet(staff, BATARD)).status, (await sheet(admin, BATARD)).status]).toEqual([200, 403, 200]);
  });

  it('books held, confirmed and paid', async () => {
    const guest = await kit.guest();
    const status = async (id: string) => (await api.request('GET', `/user/reservation/${id}`, { token: guest.token() })).body.data.status;
    const held = await kit.booking(guest, 'held', { date: day(3) });
    const confirmed = await kit.booking(guest, 'confirmed', { date: day(4) });
    expect([await status(held.id), await status(confirmed.id)]).toEqual(['PENDING', 'CONFIRMED']);
    const member = await kit.member();
    const paid = await kit.booking(member, 'paid', { date: day(5) });
    expect(paid.amountDue).toBeGreaterThan(0);
    expect(paid.paymentId).toBeDefined();
    expect((await api.request('GET', `/user/reservation/${paid.id}`, { token: member.token() })).body.data.status).toBe('CONFIRMED');
  });
});
