/**
 * The one kit that makes the people and bookings a server test needs, each the way the product makes it,
 * at the harness's clock: a guest signs up (`signUp`) and a verified one follows the link the sign-up
 * mails (`verifyEmail`); an admin is made as `npm run create-admin` makes one (`createAdmin`) and staff as
 * an admin adds them (`createStaffAccount`); a member is the club's own record, which no call of the
 * product makes, so it is written as the seed writes its member, the wallet credited through the ledger
 * (`creditWallet`, decision 0033); a booking is held, completed and paid through the API.
 */
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { users, type UserRole } from '../../../server/db/schema';
import { newId } from '../../../server/lib/ids';
import { hashPassword } from '../../../server/lib/password';
import { createAdmin } from '../../../server/services/auth/admin-account';
import { createOneTimeToken } from '../../../server/services/auth/auth-links';
import { findUserByEmail } from '../../../server/services/auth/auth-session';
import { signUp, verifyEmail } from '../../../server/services/auth/auth-sign-up';
import { deliverPendingWebhooks } from '../../../server/services/payments/payment-worker';
import { TEST_CARDS } from '../../../server/services/payments/processor/test-processor';
import { createStaffAccount } from '../../../server/services/staff/staff-accounts';
import { creditWallet } from '../../../server/services/wallet/wallet-ledger';
import { experienceIdByName, OBE } from './fixtures';
import type { TestApi } from './harness';

/** A user a test acts as: its token is signed at the clock's now each time it is asked for. */
export interface TestUser {
  id: string;
  email: string;
  role: UserRole;
  /** A fresh access token at the clock's current time. */
  token(): Promise<string>;
}

/** What a guest types when completing a booking. */
export const GUEST_DETAILS = {
  firstName: 'Grace',
  lastName: 'Chan',
  mobileCountryCode: '+852',
  mobileNumber: '9123 4567',
  agreements: { cancellationPolicy: true, noShowPolicy: true },
};

/** A card that passes every check, with the number of one of the test cards. */
export const card = (clientSecret: string, cardNumber: string = TEST_CARDS.visa, change: Record<string, unknown> = {}) => ({
  clientSecret,
  cardholderName: 'Grace Chan',
  cardNumber,
  expMonth: 12,
  expYear: 2030,
  cvc: '123',
  ...change,
});

export interface PersonDetails {
  firstName?: string;
  lastName?: string;
  /** A fresh address of its own when not given, so tests do not see each other's bookings and mails. */
  email?: string;
  mobileCountryCode?: string;
  mobileNumber?: string;
  locale?: string;
  /** For a test that logs in by typing it; a member's is hashed as the seed hashes its member's. */
  password?: string;
}

export interface MemberDetails extends PersonDetails {
  /** The opening balance in minor units, credited a day before the clock's now. */
  wallet?: number;
  /** The club's limits on the member's bookings. */
  activeReservationLimit?: number | null;
  annualReservationLimit?: number | null;
}

export type BookingState = 'held' | 'confirmed' | 'paid';

export interface BookingRequest {
  venueId: string;
  experienceId: string;
  date: string;
  startTime: number;
  numberOfGuests: number;
}

const DAY_MS = 86_400_000;
const TEST_PASSWORD = 'kit-password-1';
const freshEmail = () => `${newId()}@example.com`;

const kits = new WeakMap<TestApi, ReturnType<typeof makeKit>>();

/** The kit bound to one test API (one per API, so its own admin is made once). */
export function testKit(api: TestApi) {
  let kit = kits.get(api);
  if (!kit) kits.set(api, (kit = makeKit(api)));
  return kit;
}

function makeKit(api: TestApi) {
  const { deps } = api;
  const asUser = (row: { id: string; email: string; role: UserRole }): TestUser => ({
    id: row.id,
    email: row.email,
    role: row.role,
    token: () => api.tokenFor({ id: row.id, role: row.role }),
  });
  let firstAdmin: Promise<TestUser> | undefined;

  const kit = {
    /** A guest who signed up and has not yet confirmed their e-mail address. */
    async guest(details: PersonDetails = {}): Promise<TestUser> {
      const email = details.email ?? freshEmail();
      await signUp(deps, { firstName: 'Test', lastName: 'User', password: TEST_PASSWORD, ...details, email });
      return asUser((await findUserByEmail(deps.db, email))!);
    },

    /** A guest who signed up and followed the link of the verification mail. */
    async verifiedGuest(details: PersonDetails = {}): Promise<TestUser> {
      const guest = await kit.guest(details);
      const link = await createOneTimeToken(deps.db, guest.id, 'email-verify', api.clock.now());
      await verifyEmail(deps, link);
      return guest;
    },

    /** A member of the club, with a wallet holding `wallet` when given. */
    async member(details: MemberDetails = {}): Promise<TestUser> {
      const { wallet, activeReservationLimit = null, annualReservationLimit = null, ...person } = details;
      const id = newId();
      const email = person.email ?? freshEmail();
      const now = api.clock.now();
      await deps.db.insert(users).values({
        id,
        role: 'member',
        email,
        passwordHash: person.password ? await hashPassword(person.password) : 'not-used',
        firstName: person.firstName ?? 'Test',
        lastName: person.lastName ?? 'User',
        customId: `M-${id.slice(0, 5)}`,
        mobileCountryCode: person.mobileCountryCode ?? null,
        mobileNumber: person.mobileNumber ?? null,
        locale: person.locale ?? 'en',
        activeReservationLimit,
        annualReservationLimit,
        emailVerifiedAt: now,
      });
      const member = asUser({ id, email, role: 'member' });
      if (wallet) await kit.credit(member, wallet);
      return member;
    },

    /** Credits `amount` to the user's wallet through the ledger, a day before the clock's now. */
    async credit(user: TestUser, amount: number): Promise<void> {
      const at = new Date(api.clock.now().getTime() - DAY_MS);
      await deps.db.transaction((tx) => creditWallet(tx, 'ADJUSTMENT', { userId: user.id, amount, description: 'Opening credit', now: at }));
    },

    /** An admin, made as `npm run create-admin` makes the first one. */
    async admin(details: PersonDetails = {}): Promise<TestUser> {
      const email = details.email ?? `${newId()}@club.example.com`;
      const made = await createAdmin(deps.db, { email, password: `${TEST_PASSWORD}-admin`, firstName: details.firstName, lastName: details.lastName }, api.clock.now());
      expect(made.outcome).toBe('created');
      return asUser((await findUserByEmail(deps.db, email))!);
    },

    /**
     * A member of staff of `venueId` (or an admin when `role` is 'admin'), added by an admin of the kit's
     * own, as the staff console adds one (an audit entry and a mail with the link to set a password).
     */
    async staff(venueId: string | null, role: 'staff' | 'admin' = venueId ? 'staff' : 'admin', details: PersonDetails = {}): Promise<TestUser> {
      const actor = await (firstAdmin ??= kit.admin());
      const made = await createStaffAccount(deps, actor, {
        role,
        email: details.email ?? `${newId()}@club.example.com`,
        firstName: details.firstName ?? 'Host',
        lastName: details.lastName ?? 'Stand',
        ...(role === 'staff' ? { venueId: venueId! } : {}),
      });
      return asUser({ id: made._id, email: made.email, role });
    },

    /**
     * A booking of `user`'s: held, confirmed (completed with GUEST_DETAILS) or paid (by card, the webhook
     * delivered, then completed). Obe's bar seating for two by default; a paid one needs an experience
     * with money due (Obe's Whisky Flight by default).
     */
    async booking(user: TestUser, state: BookingState, request: Partial<BookingRequest> & { date: string }): Promise<{ id: string; amountDue: number; paymentId?: string }> {
      const experience = state === 'paid' ? 'Whisky Flight' : 'Bar Seating';
      const body: BookingRequest = {
        venueId: OBE,
        experienceId: request.experienceId ?? (await experienceIdByName(deps.db, request.venueId ?? OBE, experience)),
        startTime: 1080,
        numberOfGuests: 2,
        ...request,
      };
      const held = await api.request('POST', '/user/reservation/v1.1', { token: user.token(), body });
      expect(held.status, JSON.stringify(held.body)).toBe(201);
      const booking: { id: string; amountDue: number; paymentId?: string } = { id: held.body.data._id, amountDue: held.body.data.payment.amountDue };
      if (state === 'held') return booking;
      if (state === 'paid') {
        const started = await api.request('POST', `/user/reservation/${booking.id}/payment`, { token: user.token(), body: { method: 'CARD', idempotencyKey: `key-${newId()}` } });
        expect(started.status, JSON.stringify(started.body)).toBe(201);
        const { _id, intentId, clientSecret } = started.body.data;
        const paid = await api.request('POST', `/payments/test-processor/intents/${intentId}/confirm`, { body: card(clientSecret) });
        expect(paid.status, JSON.stringify(paid.body)).toBe(200);
        await deliverPendingWebhooks(deps);
        booking.paymentId = _id;
      }
      const done = await api.request('PUT', `/user/reservation/v1.1/complete/${booking.id}`, { token: user.token(), body: { ...GUEST_DETAILS, email: user.email } });
      expect(done.status, JSON.stringify(done.body)).toBe(200);
      return booking;
    },

    /** The user's stored row, to check what the kit made. */
    row: async (user: TestUser) => (await deps.db.select().from(users).where(eq(users.id, user.id)))[0]!,
  };
  return kit;
}

export type TestKit = ReturnType<typeof testKit>;
