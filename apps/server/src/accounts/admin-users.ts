import {
  ADMIN_USERS_PAGE_SIZE,
  type TAdminUser,
  type TAdminUserSortKey,
  type TLanguage,
  type ZAdminCreateUserRequest,
  type ZAdminUpdateUserRequest,
  type ZAdminUserListQuery,
} from '@faxline/shared';
import { asc, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { recordAuditEvent } from '../audit/record-audit-event';
import type { Auth } from '../auth/auth';
import { assertPasswordAllowed } from '../auth/password-rules';
import { passwordPolicyOfPerson } from './security-policy';
import { setPlatformRole } from '../auth/logins';
import { createPerson, type PersonDeps } from './create-person';
import { endSessionsOf, renamePerson, setPassword } from '../auth/people';
import { users } from '../auth/schema';
import type { Database } from '../platform/db/client';
import { AppError } from '../platform/http/app-error';
import { findMembership } from './membership';

type ListQuery = z.output<typeof ZAdminUserListQuery>;
type CreateRequest = z.output<typeof ZAdminCreateUserRequest>;
type UpdateRequest = z.output<typeof ZAdminUpdateUserRequest>;

/** Who acts in the back office, for the audit trail and the self-protection rules. */
export type AdminActor = { userId: string; ip: string | null };

const ROLE_IN_DB = { Admin: 'admin', User: 'user' } as const;
const roleOf = (stored: string): TAdminUser['role'] => (stored === 'admin' ? 'Admin' : 'User');

/**
 * Last sign-in: the start of the person's newest session. Better Auth keeps no sign-in time of its own and a
 * sign-out deletes its session, so after signing out this is the newest session still open, or none ('Never').
 */
// Written out in full: Drizzle leaves column names unqualified in a select list, which would compare sessions.id.
const lastSignIn = sql<string | null>`(select max("sessions"."created_at") from "sessions" where "sessions"."user_id" = "users"."id")`;

/** What a row of the people list is made of (`toAdminUser`). */
const adminUserColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  role: users.role,
  emailVerified: users.emailVerified,
  createdAt: users.createdAt,
  lastSignInAt: lastSignIn,
};

function sortOrder(key: TAdminUserSortKey, direction: 'asc' | 'desc'): SQL[] {
  const by = direction === 'asc' ? asc : desc;
  switch (key) {
    case 'name':
      return [by(sql`lower(${users.name})`)];
    case 'role':
      return [by(users.role)];
    case 'status':
      // Ascending reads as the labels do: Active before Pending Confirmation.
      return [direction === 'asc' ? desc(users.emailVerified) : asc(users.emailVerified)];
    case 'joined':
      return [by(users.createdAt)];
    case 'lastSignIn':
      // 'Never' sorts as the earliest.
      return [direction === 'asc' ? sql`${lastSignIn} asc nulls first` : sql`${lastSignIn} desc nulls last`];
    case 'email':
      return [];
  }
}

const searchCondition = (search: string): SQL | undefined => {
  if (!search) return undefined;
  const pattern = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return or(ilike(users.name, pattern), ilike(users.email, pattern));
};

/** One page of people (spec 001 §2.11, §9): searched by name or e-mail, sorted, 10 a page, with the total. */
export async function listPeople(db: Database, query: ListQuery): Promise<{ users: TAdminUser[]; total: number }> {
  const where = searchCondition(query.search);
  const rows = await db
    .select(adminUserColumns)
    .from(users)
    .where(where)
    // E-mail addresses are unique, so the order is total and pages never overlap.
    .orderBy(
      ...sortOrder(query.sort, query.direction),
      query.sort === 'email' && query.direction === 'desc' ? desc(users.email) : asc(users.email),
    )
    .limit(ADMIN_USERS_PAGE_SIZE)
    .offset((query.page - 1) * ADMIN_USERS_PAGE_SIZE);
  const [total] = await db.select({ n: count() }).from(users).where(where);
  return { users: rows.map(toAdminUser), total: total?.n ?? 0 };
}

function toAdminUser(row: {
  id: string;
  name: string;
  email: string;
  role: string;
  emailVerified: boolean;
  createdAt: Date;
  lastSignInAt: string | Date | null;
}): TAdminUser {
  return {
    id: row.id,
    name: row.name.trim(),
    email: row.email,
    role: roleOf(row.role),
    status: row.emailVerified ? 'active' : 'pending_confirmation',
    joinedAt: row.createdAt.toISOString(),
    // A raw SQL column comes back as the driver gives it: a Date or a string.
    lastSignInAt: row.lastSignInAt === null ? null : new Date(row.lastSignInAt).toISOString(),
  };
}

export async function findPerson(db: Database, id: string): Promise<TAdminUser> {
  const [row] = await db.select(adminUserColumns).from(users).where(eq(users.id, id));
  if (!row) throw new AppError('not_found', 'errors.adminUserNotFound');
  return toAdminUser(row);
}

/**
 * Add User: a person with their own customer account, as if they had signed up. An operator vouches for the address,
 * so it counts as confirmed ('Active') and no confirmation e-mail goes out.
 */
export async function addPerson(deps: PersonDeps, actor: AdminActor, request: CreateRequest, language: TLanguage): Promise<TAdminUser> {
  const { db } = deps;
  const [taken] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${request.email}`);
  if (taken) throw new AppError('conflict', 'errors.adminEmailTaken');
  const { id } = await createPerson(deps, {
    name: request.name,
    email: request.email,
    password: request.password,
    platformRole: ROLE_IN_DB[request.role],
    language,
    emailVerified: true,
    account: 'own',
  });
  const membership = await findMembership(db, id);
  await recordAuditEvent(db, {
    actorUserId: actor.userId,
    accountId: membership?.accountId ?? null,
    ip: actor.ip,
    action: 'user.create',
    objectType: 'user',
    objectId: id,
    outcome: 'success',
    details: { role: request.role },
  });
  return findPerson(db, id);
}

/**
 * Edit User: name, platform role and, when given, a new password. A demoted admin and a person whose password was
 * reset are signed out everywhere. An admin cannot demote themself (the back office would lock them out mid-task).
 */
export async function updatePerson(
  deps: { auth: Auth; db: Database },
  actor: AdminActor,
  id: string,
  request: UpdateRequest,
): Promise<TAdminUser> {
  const { db } = deps;
  const before = await findPerson(db, id);
  const membership = await findMembership(db, id);
  const audit = (action: `user.${string}`, outcome: 'success' | 'denied', details?: Record<string, unknown>) =>
    recordAuditEvent(db, {
      actorUserId: actor.userId,
      accountId: membership?.accountId ?? null,
      ip: actor.ip,
      action,
      objectType: 'user',
      objectId: id,
      outcome,
      details,
    });

  const roleChanges = before.role !== request.role;
  if (roleChanges && id === actor.userId) {
    await audit('user.role_change', 'denied', { from: before.role, to: request.role });
    throw new AppError('conflict', 'errors.adminCannotDemoteSelf');
  }
  // The same rules as everywhere a password is chosen: the platform's and the person's account's (decision 109).
  if (request.password !== null) assertPasswordAllowed(request.password, (await passwordPolicyOfPerson(db, id)).minLength);

  if (request.name !== before.name) {
    await renamePerson(db, id, request.name);
    await audit('user.rename', 'success', { from: before.name, to: request.name });
  }
  if (roleChanges) {
    await setPlatformRole(db, id, ROLE_IN_DB[request.role]);
    // Losing the back office ends the sessions that held it; a promotion needs none ended.
    if (request.role === 'User') await endSessionsOf(db, id);
    await audit('user.role_change', 'success', { from: before.role, to: request.role });
  }
  if (request.password !== null) {
    await setPassword(deps, id, request.password);
    // As with a password reset by e-mail (decision 005): every session of the person ends.
    await endSessionsOf(db, id);
    await audit('user.password_reset', 'success');
  }
  return findPerson(db, id);
}
