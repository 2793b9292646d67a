/**
 * The first admin of a production database, which seeds none: made by `npm run create-admin` or, at
 * start, from ADMIN_EMAIL and ADMIN_PASSWORD while no admin exists. An existing account is never changed
 * here, so running either twice cannot silently reset a password.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users, type UserRole } from '../../db/schema';
import { newId } from '../../lib/ids';
import { hashPassword } from '../../lib/password';
import { StartupRefusal } from '../../lib/startup-refusal';
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN, normalizeEmail } from '../../../common/validation/email';

/** An admin reaches every guest's data: longer than the 7 characters guests must use. */
export const MIN_ADMIN_PASSWORD_LENGTH = 12;
const MAX_PASSWORD_LENGTH = 200;

export interface NewAdmin {
  email: string;
  password: string;
  firstName?: string;
  lastName?: string;
}

export type CreateAdminResult = { outcome: 'created'; email: string } | { outcome: 'exists'; email: string; role: UserRole };

/** Creates the admin, or reports the account the e-mail already has (which it leaves as it is). */
export async function createAdmin(db: Db, admin: NewAdmin, now: Date): Promise<CreateAdminResult> {
  const email = checkNewAdmin(admin.email, admin.password);
  const passwordHash = await hashPassword(admin.password);
  const inserted = await db
    .insert(users)
    .values({
      id: newId(),
      role: 'admin',
      email,
      passwordHash,
      firstName: admin.firstName?.trim() || 'Club',
      lastName: admin.lastName?.trim() || 'Admin',
      emailVerifiedAt: now,
    })
    .onConflictDoNothing({ target: users.email })
    .returning({ id: users.id });
  if (inserted.length) return { outcome: 'created', email };
  const [existing] = await db.select({ role: users.role }).from(users).where(eq(users.email, email));
  return { outcome: 'exists', email, role: existing!.role };
}

/** The e-mail as stored; refuses a bad address or a short password before anything is opened. */
export function checkNewAdmin(email: string, password: string): string {
  const normalized = normalizeEmail(email);
  if (!EMAIL_PATTERN.test(normalized) || normalized.length > EMAIL_MAX_LENGTH) {
    throw new StartupRefusal(`${normalized || '(empty)'} is not a valid e-mail address: nothing was changed.`);
  }
  if (password.length < MIN_ADMIN_PASSWORD_LENGTH) {
    throw new StartupRefusal(`The password is too short: an admin's must have at least ${MIN_ADMIN_PASSWORD_LENGTH} characters. Nothing was changed.`);
  }
  if (password.length > MAX_PASSWORD_LENGTH) throw new StartupRefusal(`The password is too long: at most ${MAX_PASSWORD_LENGTH} characters.`);
  return normalized;
}

type AdminSettings = { adminEmail: string | undefined; adminPassword: string | undefined };

/** ADMIN_EMAIL and ADMIN_PASSWORD, checked before the database is opened: the admin to make, or null. */
export function adminFromSettings(settings: AdminSettings): NewAdmin | null {
  const { adminEmail, adminPassword } = settings;
  if (!adminEmail && !adminPassword) return null;
  if (!adminEmail || !adminPassword) throw new StartupRefusal('Set both ADMIN_EMAIL and ADMIN_PASSWORD to make the first admin, or neither.');
  checkNewAdmin(adminEmail, adminPassword);
  return { email: adminEmail, password: adminPassword };
}

/**
 * At start, the admin of the settings is made while the database has no admin. Returns a line for the
 * log (never the password).
 */
export async function ensureFirstAdmin(db: Db, admin: NewAdmin, now: Date): Promise<string> {
  const [anyAdmin] = await db.select({ id: users.id }).from(users).where(eq(users.role, 'admin')).limit(1);
  if (anyAdmin) return 'ADMIN_EMAIL and ADMIN_PASSWORD ignored: an admin exists already (you may remove them from the settings).';
  const result = await createAdmin(db, admin, now);
  if (result.outcome === 'exists') {
    throw new StartupRefusal(
      `ADMIN_EMAIL ${result.email} belongs to an existing ${result.role} account, which is left as it is. Choose another e-mail for the first admin.`,
    );
  }
  return `First admin ${result.email} created from ADMIN_EMAIL and ADMIN_PASSWORD (you may remove them from the settings now).`;
}
