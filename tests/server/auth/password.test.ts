/**
 * The password hash's cost: set once at start, full in production (which refuses a lower one), lower in
 * tests (tests/setup/password-hash-cost.ts); a stored hash keeps the cost it was made at.
 */
import { afterEach, describe, expect, it } from 'vitest';
import {
  choosePasswordHashCost,
  FULL_PASSWORD_HASH_COST,
  hashPassword,
  setPasswordHashCost,
  verifyPassword,
} from '../../../server/lib/password';
import { StartupRefusal } from '../../../server/lib/startup-refusal';
import { TEST_PASSWORD_HASH_COST } from '../../setup/password-hash-cost';

afterEach(() => setPasswordHashCost(TEST_PASSWORD_HASH_COST));

describe('the password hash cost', () => {
  it('production refuses a cost below full, and takes full when none is given', () => {
    expect(() => choosePasswordHashCost({ production: true, passwordHashCost: TEST_PASSWORD_HASH_COST })).toThrow(StartupRefusal);
    expect(() => choosePasswordHashCost({ production: true, passwordHashCost: 14 })).toThrow(/PASSWORD_HASH_COST=14 is below the 15 production needs/);
    expect(choosePasswordHashCost({ production: true, passwordHashCost: undefined })).toBe(FULL_PASSWORD_HASH_COST);
    expect(choosePasswordHashCost({ production: true, passwordHashCost: 16 })).toBe(16);
  });

  it('outside production a lower cost is taken; a cost that is not a whole number is refused', () => {
    expect(choosePasswordHashCost({ production: false, passwordHashCost: 10 })).toBe(10);
    expect(choosePasswordHashCost({ production: false, passwordHashCost: undefined })).toBe(FULL_PASSWORD_HASH_COST);
    expect(() => choosePasswordHashCost({ production: false, passwordHashCost: Number('cheap') })).toThrow(StartupRefusal);
  });

  it('hashes at the cost set, and checks a hash made at another cost by its own', async () => {
    const cheap = await hashPassword('a-password-1');
    expect(cheap.split('$')[1]).toBe(String(2 ** TEST_PASSWORD_HASH_COST));
    setPasswordHashCost(FULL_PASSWORD_HASH_COST);
    const full = await hashPassword('a-password-1');
    expect(full.split('$')[1]).toBe('32768');
    expect(await verifyPassword('a-password-1', cheap)).toBe(true);
    expect(await verifyPassword('a-password-1', full)).toBe(true);
    expect(await verifyPassword('a-password-2', full)).toBe(false);
  });
});
