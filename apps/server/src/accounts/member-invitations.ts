import { createHash, randomBytes, randomUUID } from 'node:crypto';
import {
  MEMBER_INVITATION_DAYS,
  storedRoleOf,
  type TGivenRole,
  type TLanguage,
  type TMemberInvitation,
  type ZAddMemberRequest,
} from '@faxline/shared';
import { and, desc, eq, gt, sql } from 'drizzle-orm';
import { z } from 'zod';
import { recordAuditEvent } from '../audit/record-audit-event';
import { languageOf, type Auth } from '../auth/auth';
import { assertPasswordAllowed } from '../auth/password-rules';
import { passwordMinLengthOf } from './security-policy';
import { hashPassword, usernameTaken } from '../auth/logins';
import { createPersonWithHash, type PersonDeps } from './create-person';
import { users } from '../auth/schema';
import { deleteVerification, findVerification, storeVerification } from '../auth/verifications';
import { findUserByEmail } from '../auth/verify-password';
import { renderMemberInvitationEmail, renderMemberInvitationRegisteredEmail } from '../email/render-member-invitation-email';
import { sendEmailJob } from '../email/send-email-job';
import type { Database } from '../platform/db/client';
import { inTransaction } from '../platform/db/transaction';
import { AppError } from '../platform/http/app-error';
import type { Queue } from '../platform/queue/queue';
import type { Membership } from './membership';
import { assertRoomForUser } from './plan-features';
import { accountInvitations, accounts } from './schema';

/** The path of the link an invitation e-mails: a page of the API's own (invitation-routes.ts). */
export const INVITATION_ACCEPT_PATH = '/api/account/invitations/accept';

/** An invitation's secret is kept only as its hash, under this prefix among the other single-use tokens. */
const identifierOf = (token: string) => `member-invitation:${createHash('sha256').update(token).digest('hex')}`;

/**
 * What the inviter decided for the new login, kept with the link's hash until it is accepted or expires (the hourly
 * purge of verifications deletes it then): the password only as Better Auth's hash.
 */
const ZInvitedLogin = z.object({
  invitationId: z.string(),
  name: z.string(),
  username: z.string(),
  passwordHash: z.string(),
  twoFactorSetupRequired: z.boolean(),
  language: z.string(),
});

type InvitationDeps = { auth: Auth; db: Database; queue: Queue; publicUrl: string };
type Inviter = { user: { id: string; name: string }; member: Membership; ip: string; language: TLanguage };

const PENDING = 'pending';
const DAY_MS = 86_400_000;

function toPublicInvitation(row: typeof accountInvitations.$inferSelect): TMemberInvitation {
  return {
    id: row.id,
    email: row.email,
    role: (row.role ?? 'user') as TGivenRole,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
  };
}

/**
 * Invites a person to the inviter's account (decision 068). Whether the address already has a Faxline account changes
 * only the e-mail sent to it: the inviter gets the same answer, after the same work (the password is hashed either
 * way), so that adding a member cannot tell anyone which addresses have accounts. A new address joins when its owner
 * accepts from the e-mail; an address that has an account is told that someone wanted to add it, and nothing changes.
 */
export async function inviteMember(
  deps: InvitationDeps,
  inviter: Inviter,
  request: z.output<typeof ZAddMemberRequest>,
  now = new Date(),
): Promise<TMemberInvitation> {
  // The inviter's account may ask for a longer password than the platform (decision 109).
  assertPasswordAllowed(request.password, await passwordMinLengthOf(deps.db, inviter.member.accountId));
  // Usernames are chosen by the inviter in one namespace, as at sign-up; an address is a person's own.
  if (await usernameTaken(deps.db, request.username)) throw new AppError('conflict', 'errors.usernameTaken');
  const email = request.email.trim().toLowerCase();
  const role = storedRoleOf(request.role);
  const passwordHash = await hashPassword(deps.auth, request.password);
  const registered = await findUserByEmail(deps.db, email);
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + MEMBER_INVITATION_DAYS * DAY_MS);

  return inTransaction(deps.db, async (tx, client) => {
    // Counted under the account's lock, so that two invitations at once cannot pass the plan's number of users together.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${'account_users:' + inviter.member.accountId}))`);
    await assertRoomForUser(tx, inviter.member.accountId, email, now);
    const [account] = await tx.select({ name: accounts.name }).from(accounts).where(eq(accounts.id, inviter.member.accountId));
    // A second invitation to the same address replaces the first, whose link stops working.
    await tx
      .update(accountInvitations)
      .set({ status: 'replaced' })
      .where(
        and(
          eq(accountInvitations.organizationId, inviter.member.accountId),
          eq(accountInvitations.email, email),
          eq(accountInvitations.status, PENDING),
        ),
      );
    const [invitation] = await tx
      .insert(accountInvitations)
      .values({
        id: randomUUID(),
        organizationId: inviter.member.accountId,
        email,
        role,
        status: PENDING,
        expiresAt,
        inviterId: inviter.user.id,
        createdAt: now,
      })
      .returning();
    const login: z.input<typeof ZInvitedLogin> = {
      invitationId: invitation!.id,
      name: request.name,
      username: request.username,
      passwordHash,
      twoFactorSetupRequired: request.enable2fa,
      language: inviter.language,
    };
    await storeVerification(tx, { identifier: identifierOf(token), value: JSON.stringify(login), expiresAt });
    const about = { to: email, inviter: inviter.user.name, accountName: account?.name ?? '', role };
    const message = registered
      ? renderMemberInvitationRegisteredEmail({ ...about, name: registered.name, language: languageOf(registered.language) })
      : renderMemberInvitationEmail({
          ...about,
          name: request.name,
          language: inviter.language,
          username: request.username,
          url: `${deps.publicUrl}${INVITATION_ACCEPT_PATH}?token=${token}`,
          days: MEMBER_INVITATION_DAYS,
        });
    await deps.queue.send(sendEmailJob, message, { transaction: client });
    // The audit trail says who was invited, never whether the address had an account.
    await recordAuditEvent(tx, {
      actorUserId: inviter.user.id,
      accountId: inviter.member.accountId,
      ip: inviter.ip,
      action: 'member.invite',
      objectType: 'invitation',
      objectId: invitation!.id,
      outcome: 'success',
      details: { role },
    });
    return toPublicInvitation(invitation!);
  });
}

/** The account's invitations still waiting, newest first. */
export async function listInvitations(db: Database, accountId: string, now = new Date()): Promise<TMemberInvitation[]> {
  const rows = await db
    .select()
    .from(accountInvitations)
    .where(
      and(eq(accountInvitations.organizationId, accountId), eq(accountInvitations.status, PENDING), gt(accountInvitations.expiresAt, now)),
    )
    .orderBy(desc(accountInvitations.createdAt));
  return rows.map(toPublicInvitation);
}

/** An invitation a link opens, as its page tells it; null when the link is unknown, used, replaced or expired. */
export type OpenInvitation = {
  invitationId: string;
  verificationId: string;
  login: z.output<typeof ZInvitedLogin>;
  email: string;
  role: TGivenRole;
  accountId: string;
  accountName: string;
  inviter: string;
  language: TLanguage;
};

export async function openInvitation(db: Database, token: string, now = new Date()): Promise<OpenInvitation | null> {
  const verification = await findVerification(db, identifierOf(token), now);
  const login = verification ? ZInvitedLogin.safeParse(JSON.parse(verification.value)) : null;
  if (!verification || !login?.success) return null;
  const [row] = await db
    .select({ invitation: accountInvitations, accountName: accounts.name, inviter: users.name })
    .from(accountInvitations)
    .innerJoin(accounts, eq(accounts.id, accountInvitations.organizationId))
    .innerJoin(users, eq(users.id, accountInvitations.inviterId))
    .where(
      and(
        eq(accountInvitations.id, login.data.invitationId),
        eq(accountInvitations.status, PENDING),
        gt(accountInvitations.expiresAt, now),
      ),
    );
  if (!row) return null;
  return {
    invitationId: row.invitation.id,
    verificationId: verification.id,
    login: login.data,
    email: row.invitation.email,
    role: (row.invitation.role ?? 'user') as TGivenRole,
    accountId: row.invitation.organizationId,
    accountName: row.accountName,
    inviter: row.inviter,
    language: languageOf(login.data.language),
  };
}

/**
 * Accepts an invitation: the login the inviter decided is created in their account, its address confirmed by the link.
 * The invitation is claimed first, so that two clicks make one login; when the login cannot be made (the address or
 * the username was taken meanwhile) the claim is given back and the refusal says why.
 */
export async function acceptInvitation(deps: PersonDeps, open: OpenInvitation, ip: string): Promise<void> {
  const [claimed] = await deps.db
    .update(accountInvitations)
    .set({ status: 'accepted' })
    .where(and(eq(accountInvitations.id, open.invitationId), eq(accountInvitations.status, PENDING)))
    .returning({ id: accountInvitations.id });
  if (!claimed) throw new AppError('not_found', 'errors.memberInvitationInvalid');
  let created: { id: string };
  try {
    created = await createPersonWithHash(deps, {
      name: open.login.name,
      email: open.email,
      username: open.login.username,
      passwordHash: open.login.passwordHash,
      language: open.language,
      emailVerified: true,
      account: { join: open.accountId, role: open.role },
      twoFactorSetupRequired: open.login.twoFactorSetupRequired,
    });
  } catch (error) {
    await deps.db.update(accountInvitations).set({ status: PENDING }).where(eq(accountInvitations.id, open.invitationId));
    throw error;
  }
  await deleteVerification(deps.db, open.verificationId);
  await recordAuditEvent(deps.db, {
    actorUserId: created.id,
    accountId: open.accountId,
    ip,
    action: 'member.add',
    objectType: 'user',
    objectId: created.id,
    outcome: 'success',
    details: { role: open.role, invitationId: open.invitationId },
  });
}
