import { lt } from 'drizzle-orm';
import type { Database } from '../platform/db/client';
import { verifications } from './schema';

/** Deletes single-use tokens whose time is up; they can never be used again, and keeping them only leaks. */
export async function deleteExpiredVerifications(db: Database, now: Date = new Date()): Promise<number> {
  const deleted = await db.delete(verifications).where(lt(verifications.expiresAt, now)).returning({ id: verifications.id });
  return deleted.length;
}
