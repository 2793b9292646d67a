/**
 * Staff accounts, made by an admin: admins (every venue, settings, staff accounts) and venue staff (their
 * venue's book). The admin never chooses a password: the new account gets the admin area's reset link,
 * the existing reset flow, and the person sets their own.
 */
import { asc, eq, inArray } from 'drizzle-orm';
import type { AppDeps, AuthUser } from '../context';
import { STAFF_ROLES, users, venues } from '../db/schema';
import type { Schema } from '../lib/api-types';
import { badRequest, conflict } from '../lib/errors';
import { newId, newSecretToken } from '../lib/ids';
import { hashPassword } from '../lib/password';
import { normalizeEmail } from '../../src/domain/email';
import { STAFF_MESSAGES, type NewStaffInput } from '../../src/domain/staff-validation';
import { createOneTimeToken, mailPasswordReset, resetLink } from './auth-links';
import { recordAudit } from './audit-log';

export type StaffMemberDto = Schema<'StaffMember'>;
type UserRow = typeof users.$inferSelect;

const toStaffMember = (u: UserRow): StaffMemberDto => ({
  _id: u.id,
  email: u.email,
  firstName: u.firstName,
  lastName: u.lastName,
  role: u.role as StaffMemberDto['role'],
  venueId: u.venueId,
  createdAt: u.createdAt.toISOString(),
});

/** What the audit log keeps of an account: never its password hash. */
const auditView = (u: UserRow) => ({ email: u.email, firstName: u.firstName, lastName: u.lastName, role: u.role, venueId: u.venueId });

/** Creates the account and mails it a reset link, with its audit entry, in one transaction; 409 when the e-mail is taken. */
export async function createStaffAccount(deps: AppDeps, actor: AuthUser, input: NewStaffInput): Promise<StaffMemberDto> {
  const { db, clock, config } = deps;
  const now = clock.now();
  const email = normalizeEmail(input.email);
  // A password nobody knows, until the person sets theirs from the link.
  const passwordHash = await hashPassword(newSecretToken());
  return db.transaction(async (tx) => {
    if (input.venueId) {
      const [venue] = await tx.select({ id: venues.id }).from(venues).where(eq(venues.id, input.venueId));
      if (!venue) throw badRequest(STAFF_MESSAGES.venueRequired, 'venueId');
    }
    const [created] = await tx
      .insert(users)
      .values({
        id: newId(),
        role: input.role,
        email,
        passwordHash,
        firstName: input.firstName,
        lastName: input.lastName,
        venueId: input.role === 'staff' ? input.venueId! : null,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing({ target: users.email })
      .returning();
    if (!created) throw conflict(/*i18n*/ 'An account with this e-mail address already exists');
    const raw = await createOneTimeToken(tx, created.id, 'password-reset', now);
    await mailPasswordReset(tx, created, resetLink(config, raw, 'admin'));
    await recordAudit(tx, {
      actorId: actor.id,
      venueId: created.venueId,
      action: 'staff.create',
      entityType: 'user',
      entityId: created.id,
      before: null,
      after: auditView(created),
      at: now,
    });
    return toStaffMember(created);
  });
}

/** Every admin and member of staff, by name. */
export async function listStaff(deps: Pick<AppDeps, 'db'>): Promise<StaffMemberDto[]> {
  const rows = await deps.db
    .select()
    .from(users)
    .where(inArray(users.role, [...STAFF_ROLES]))
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id));
  return rows.map(toStaffMember);
}
