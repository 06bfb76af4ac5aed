import { landingInboxOf } from '../inboxes/inboxes';
import { hasEnabledRules } from '../inboxes/routing-rules';
import type { Database } from '../platform/db/client';

/**
 * Where a received fax lands (decision 103): in the inbox of the number it called; filed at once, or, when the account
 * has routing rules turned on, left unfiled until they have looked at it (decision 104): until then only the owner and
 * sub-admins see it, so that nobody of another inbox glimpses a fax a rule places away from them.
 */
export async function landingOf(db: Database, accountId: string, toNumber: string) {
  const [inboxId, waits] = await Promise.all([landingInboxOf(db, accountId, toNumber), hasEnabledRules(db, accountId)]);
  return { inboxId, filedAt: waits ? null : new Date() };
}
