import { roleMay, type TLanguage, type TMemberRole } from '@faxline/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { Actor } from '../accounts/actor';
import { accountMembers } from '../accounts/schema';
import { users } from '../auth/schema';
import type { TConfig } from '../platform/config';
import type { Database } from '../platform/db/client';
import { languageOf } from '../auth/auth';
import { emailToFaxSenders } from './schema';
import { emailToFaxRulesOf } from './settings';

/** Who a message's envelope sender is to Faxline: the person who sends (or the owner, for an allowed address). */
export type EmailSender = {
  address: string;
  /** A person of the account with their own verified address, or an address the account allowed. */
  via: 'person' | 'allowed';
  /** The actor of the faxes (an allowed address acts in the owner's name) and the language of its replies. */
  actor: Omit<Actor, 'ip'>;
  language: TLanguage;
  rules: Awaited<ReturnType<typeof emailToFaxRulesOf>>;
};

const personColumns = {
  id: users.id,
  name: users.name,
  emailVerified: users.emailVerified,
  language: users.language,
  accountId: accountMembers.organizationId,
  role: accountMembers.role,
};

/**
 * The sender an envelope address names: a person whose verified address it is and whose role sends
 * faxes; otherwise the one account for which the address is active (its owner confirmed it: decision 064), acting
 * through the account's owner. Null for anyone else, a banned owner, or an address still waiting for its confirmation.
 */
export async function senderOf(
  db: Database,
  address: string,
  defaults: Pick<TConfig['emailToFax'], 'domain' | 'defaultAuthPolicy'>,
): Promise<EmailSender | null> {
  const lower = address.toLowerCase();
  const [person] = await db
    .select(personColumns)
    .from(users)
    .innerJoin(accountMembers, eq(accountMembers.userId, users.id))
    .where(and(sql`lower(${users.email}) = ${lower}`, eq(users.emailVerified, true), sql`not coalesce(${users.banned}, false)`));
  if (person) {
    if (!roleMay(person.role as TMemberRole, 'useFaxes')) return null;
    return senderFrom(db, lower, 'person', person, defaults);
  }
  // At most one account has the address active (a unique index says so).
  const [allowing] = await db
    .select(personColumns)
    .from(emailToFaxSenders)
    .innerJoin(accountMembers, eq(accountMembers.organizationId, emailToFaxSenders.accountId))
    .innerJoin(users, eq(users.id, accountMembers.userId))
    .where(
      and(
        eq(emailToFaxSenders.address, lower),
        eq(emailToFaxSenders.status, 'active'),
        eq(accountMembers.role, 'owner'),
        sql`not coalesce(${users.banned}, false)`,
      ),
    )
    .limit(1);
  if (!allowing) return null;
  return senderFrom(db, lower, 'allowed', allowing, defaults);
}

async function senderFrom(
  db: Database,
  address: string,
  via: EmailSender['via'],
  row: { id: string; name: string; emailVerified: boolean; language: string | null; accountId: string; role: string },
  defaults: Pick<TConfig['emailToFax'], 'domain' | 'defaultAuthPolicy'>,
): Promise<EmailSender> {
  const { accountId, role, ...user } = row;
  return {
    address,
    via,
    actor: { user, member: { accountId, role: role as TMemberRole } },
    language: languageOf(user.language),
    rules: await emailToFaxRulesOf(db, accountId, defaults),
  };
}
