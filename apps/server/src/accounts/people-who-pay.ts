import { LANGUAGES, DEFAULT_LANGUAGE, roleMay, type TLanguage, type TMemberRole } from '@faxline/shared';
import { asc, eq } from 'drizzle-orm';
import { users } from '../auth/schema';
import type { Database } from '../platform/db/client';
import { accountMembers } from './schema';

export type PersonWhoPays = { role: TMemberRole; email: string; name: string; language: TLanguage; timeZone: string };

/**
 * The people of an account who can pay for its plan (the owner and the Billing members, `manageBilling`), each with
 * the language and time zone their e-mails are written in: whom a billing problem is told to.
 */
export async function peopleWhoPay(db: Database, accountId: string): Promise<PersonWhoPays[]> {
  const rows = await db
    .select({ role: accountMembers.role, email: users.email, name: users.name, language: users.language, timeZone: users.timeZone })
    .from(accountMembers)
    .innerJoin(users, eq(users.id, accountMembers.userId))
    .where(eq(accountMembers.organizationId, accountId))
    .orderBy(asc(accountMembers.createdAt));
  return rows
    .filter((row) => roleMay(row.role, 'manageBilling'))
    .map((row) => ({
      role: row.role,
      email: row.email,
      name: row.name,
      language: (LANGUAGES as readonly string[]).includes(row.language) ? (row.language as TLanguage) : DEFAULT_LANGUAGE,
      timeZone: row.timeZone ?? 'UTC',
    }));
}
