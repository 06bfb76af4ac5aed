import { findMembership } from '../accounts/membership';
import { personSigningIn } from '../auth/people';
import type { PasswordSignInPolicy } from '../auth/sign-in-policy';
import type { Database } from '../platform/db/client';
import { AppError } from '../platform/http/app-error';
import type { SystemSettings } from '../system-settings/system-settings';
import { auditSso } from './audit';
import { ssoAccountOfEmail } from './sso-account';

/**
 * Single sign-on required (decision 106): a password sign-in, or a sign-in link, of an address of the domain is refused
 * with words that point to SSO, whether or not the person exists. The account's owners keep their password as a
 * break-glass way in (the identity provider may be down, or misconfigured), and each such sign-in is audited.
 */
export function ssoPasswordPolicy(deps: { db: Database; systemSettings: Pick<SystemSettings, 'current'> }): PasswordSignInPolicy {
  return {
    async check(request, identifier) {
      const person = await personSigningIn(deps.db, identifier);
      const email = identifier.includes('@') ? identifier.trim().toLowerCase() : person?.email;
      if (!email) return null;
      const sso = await ssoAccountOfEmail(deps, email);
      if (!sso?.connection.required) return null;
      const { accountId } = sso.connection;
      const member = person ? await findMembership(deps.db, person.id) : null;
      if (person && member?.accountId === accountId && member.role === 'owner') {
        return () =>
          auditSso(deps.db, {
            actorUserId: person.id,
            accountId,
            ip: request.ip,
            action: 'sso.break_glass_sign_in',
            objectType: 'user',
            objectId: person.id,
            outcome: 'success',
          });
      }
      throw new AppError('permission_denied', 'sso.useSso', { domain: sso.domain });
    },
  };
}
