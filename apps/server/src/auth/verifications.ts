import { lt } from 'drizzle-orm';
import type { Database } from '../platform/db/client';
import { verification } from './schema';

/** Deletes single-use tokens whose time is up; they can never be used again, and keeping them only leaks. */
export async function deleteExpiredVerifications(db: Database, now: Date = new Date()): Promise<number> {
  const deleted = await db.delete(verification).where(lt(verification.expiresAt, now)).returning({ id: verification.id });
  return deleted.length;
}
