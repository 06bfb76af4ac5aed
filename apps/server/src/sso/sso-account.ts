import { and, eq, isNotNull } from 'drizzle-orm';
import type { Database } from '../platform/db/client';
import type { SystemSettings } from '../system-settings/system-settings';
import { domainOfEmail } from './domains';
import { ssoConnections, ssoDomains } from './schema';
import { ssoOnPlatform } from './service-provider';

export type SsoConnectionRow = typeof ssoConnections.$inferSelect;

/**
 * The account whose identity provider signs in the people of an address's domain: the domain proven by that account,
 * which has a connection, on a platform where single sign-on is on. Null otherwise.
 */
export async function ssoAccountOfEmail(
  deps: { db: Database; systemSettings: Pick<SystemSettings, 'current'> },
  email: string,
): Promise<{ domain: string; connection: SsoConnectionRow } | null> {
  const domain = domainOfEmail(email);
  if (!domain || !(await ssoOnPlatform(deps.systemSettings))) return null;
  const [row] = await deps.db
    .select({ connection: ssoConnections })
    .from(ssoDomains)
    .innerJoin(ssoConnections, eq(ssoConnections.accountId, ssoDomains.accountId))
    .where(and(eq(ssoDomains.domain, domain), isNotNull(ssoDomains.verifiedAt)));
  return row ? { domain, connection: row.connection } : null;
}
