import type { FastifyReply, FastifyRequest } from 'fastify';
import { and, eq, isNotNull } from 'drizzle-orm';
import type { Auth } from '../auth/auth';
import { rememberDevice } from '../auth/known-device';
import { openSessionFor } from '../auth/sign-in-link';
import type { TConfig } from '../platform/config';
import type { Database } from '../platform/db/client';
import { auditSso } from './audit';
import { domainOfEmail } from './domains';
import { joinPerson, SsoRefusal } from './join-person';
import { ssoDomains } from './schema';
import type { SsoConnectionRow } from './sso-account';

export type SignInDeps = { auth: Auth; db: Database; config: TConfig };

/**
 * The end of every single sign-on, once the identity provider's answer was checked: the address must be of a domain
 * this account proved (an account's provider vouches for its own domains only), then the person joins just in time
 * and gets a session as a sign-in link gives one. The identity provider did the proving, its own second factor
 * included, so Faxline asks for no other.
 */
export async function finishSsoSignIn(
  deps: SignInDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  connection: SsoConnectionRow,
  who: { email: string | undefined; name: string | undefined },
): Promise<void> {
  const email = who.email?.trim().toLowerCase();
  if (!email || !email.includes('@')) throw new SsoRefusal('invalid_response', 'no e-mail address in the answer');
  const [proven] = await deps.db
    .select({ domain: ssoDomains.domain })
    .from(ssoDomains)
    .where(
      and(eq(ssoDomains.accountId, connection.accountId), eq(ssoDomains.domain, domainOfEmail(email)), isNotNull(ssoDomains.verifiedAt)),
    );
  if (!proven) throw new SsoRefusal('wrong_domain', email);
  const userId = await joinPerson(deps, connection, { email, name: who.name?.trim() || email.split('@')[0]!, ip: request.ip });
  const { secret } = await deps.auth.$context;
  rememberDevice(request, reply, { secret, secure: deps.config.secureTransport, userId });
  await openSessionFor(deps.auth, request, reply, userId);
  await auditSso(deps.db, {
    actorUserId: userId,
    accountId: connection.accountId,
    ip: request.ip,
    action: 'sso.sign_in',
    objectType: 'user',
    objectId: userId,
    outcome: 'success',
    details: { protocol: connection.protocol },
  });
}

/** A refused single sign-on, in the audit trail with its reason. */
export const auditRefusal = (db: Database, request: FastifyRequest, refusal: SsoRefusal) =>
  auditSso(db, {
    actorUserId: null,
    accountId: refusal.accountId,
    ip: request.ip,
    action: 'sso.sign_in',
    outcome: 'denied',
    details: { reason: refusal.reason, ...(refusal.detail ? { detail: refusal.detail.slice(0, 500) } : {}) },
  });
