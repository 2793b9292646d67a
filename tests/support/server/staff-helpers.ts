/** The set-up every staff console test file shares: the payment test API, an admin and the staff of two venues. */
import { beforeAll } from 'vitest';
import type { UserRole } from '../../../server/db/schema';
import { LECLOS, OBE } from './fixtures';
import type { Driver, TestApi } from './harness';
import { insertStaff, paymentHelpers, usePaymentTestApi, type TestUser } from './payment-helpers';

export interface StaffAccounts {
  api: TestApi;
  h: ReturnType<typeof paymentHelpers>;
  admin: TestUser;
  leclosStaff: TestUser;
  obeStaff: TestUser;
  /** Another account of the admin area, inserted directly (no password). */
  newStaff(role: Extract<UserRole, 'admin' | 'staff'>, venueId: string | null): Promise<TestUser>;
}

/**
 * `usePaymentTestApi` plus an admin, Le Clos's staff and Obe's staff, handed to `use` before the file's
 * own `beforeAll` runs (hooks run in the order they are registered).
 */
export function useStaffAccounts(driver: Driver, use: (accounts: StaffAccounts) => void): void {
  let api: TestApi;
  let h: ReturnType<typeof paymentHelpers>;
  usePaymentTestApi(driver, (a, helpers) => {
    api = a;
    h = helpers;
  });
  beforeAll(async () => {
    const newStaff: StaffAccounts['newStaff'] = (role, venueId) => insertStaff(api, role, venueId);
    use({
      api,
      h,
      admin: await newStaff('admin', null),
      leclosStaff: await newStaff('staff', LECLOS),
      obeStaff: await newStaff('staff', OBE),
      newStaff,
    });
  });
}
