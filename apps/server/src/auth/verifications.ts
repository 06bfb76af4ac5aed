import { randomUUID } from 'node:crypto';
import { and, eq, gt, lt } from 'drizzle-orm';
import type { Database } from '../platform/db/client';
import { verifications } from './schema';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** Keeps a single-use token's value until it expires (the hourly purge deletes it then). */
export async function storeVerification(
  db: Database | Tx,
  verification: { identifier: string; value: string; expiresAt: Date },
): Promise<void> {
  await db.insert(verifications).values({ id: randomUUID(), ...verification });
}

/** The token kept under this identifier, while it has not expired. */
export async function findVerification(db: Database, identifier: string, now: Date): Promise<{ id: string; value: string } | null> {
  const [row] = await db
    .select({ id: verifications.id, value: verifications.value })
    .from(verifications)
    .where(and(eq(verifications.identifier, identifier), gt(verifications.expiresAt, now)));
  return row ?? null;
}

/** A token used up. */
export async function deleteVerification(db: Database, id: string): Promise<void> {
  await db.delete(verifications).where(eq(verifications.id, id));
}

/** Deletes single-use tokens whose time is up; they can never be used again, and keeping them only leaks. */
export async function deleteExpiredVerifications(db: Database, now: Date = new Date()): Promise<number> {
  const deleted = await db.delete(verifications).where(lt(verifications.expiresAt, now)).returning({ id: verifications.id });
  return deleted.length;
}
