/**
 * Every vitest file hashes passwords at a low scrypt cost (the seed's demo accounts, sign-ups, log-ins):
 * at production's cost they took seconds of the suite's CPU. tests/server/auth/password.test.ts checks that
 * production refuses such a cost.
 */
import { setPasswordHashCost } from '../../server/lib/password';

/** log2 of scrypt's N in tests: 1,024 instead of production's 32,768. */
export const TEST_PASSWORD_HASH_COST = 10;

setPasswordHashCost(TEST_PASSWORD_HASH_COST);
