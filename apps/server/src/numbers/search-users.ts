import { USER_SEARCH_LIMIT, type TUserSearchResult } from '@faxline/shared';
import { asc, sql } from 'drizzle-orm';
import { users } from '../auth/schema';
import type { Database } from '../platform/db/client';

/** `%`, `_` and `\` typed by a person are letters to look for, not LIKE wildcards. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * People whose e-mail contains the text, for the assign dialog (spec 001 §7: at most 10). E-mails are stored in
 * lower case, so the search ignores case.
 */
export async function searchUsersByEmail(db: Database, text: string): Promise<TUserSearchResult[]> {
  return db
    .select({ id: users.id, email: users.email, name: users.name })
    .from(users)
    .where(sql`lower(${users.email}) LIKE ${`%${escapeLike(text.toLowerCase())}%`}`)
    .orderBy(asc(users.email))
    .limit(USER_SEARCH_LIMIT);
}
