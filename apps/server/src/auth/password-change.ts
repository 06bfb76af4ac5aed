import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { recordAuditEvent } from '../audit/record-audit-event';
import type { Database } from '../platform/db/client';
import { passwordMeetsRules } from './password-rules';
import { users } from './schema';

/** The shortest password a person's account allows now (accounts/security-policy.ts, given through RouteDeps). */
export type PasswordPolicyOf = (db: Database, userId: string) => Promise<{ minLength: number }>;

/**
 * After a password sign-in that was right: a password weaker than the person's account now asks (an older, shorter one,
 * or one found in the leaked list since) is not refused, which would lock the person out, nor let pass; the person is
 * asked to choose another before anything else (decision 109). The flag is on the person, so a two-factor step still
 * to come opens a session that has it; the database clears it when a password is set.
 */
export async function requireChangeOfWeakPassword(
  deps: { db: Database; passwordPolicyOf: PasswordPolicyOf },
  request: FastifyRequest,
  userId: string,
  password: string,
): Promise<boolean> {
  const { minLength } = await deps.passwordPolicyOf(deps.db, userId);
  if (passwordMeetsRules(password, minLength)) return false;
  await deps.db.update(users).set({ passwordChangeRequired: true }).where(eq(users.id, userId));
  await recordAuditEvent(deps.db, {
    actorUserId: userId,
    accountId: null,
    ip: request.ip,
    action: 'auth.password_change_required',
    objectType: 'user',
    objectId: userId,
    outcome: 'success',
    details: { minLength },
  });
  return true;
}
