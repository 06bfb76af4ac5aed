import type { TFaxFailureReason, TFaxStatus } from '@faxline/shared';
import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../platform/db/client';
import { faxes } from './schema';

/**
 * Moves a fax from one of `from` to `to`; returns false when it was no longer in one of them (canceled meanwhile, or
 * already moved on by a job run twice), so that every step reads the state before it acts.
 */
export async function moveFax(
  db: Database,
  faxId: string,
  from: readonly TFaxStatus[],
  to: TFaxStatus,
  set: Partial<typeof faxes.$inferInsert> = {},
): Promise<boolean> {
  const moved = await db
    .update(faxes)
    .set({ ...set, status: to, updatedAt: new Date() })
    .where(and(eq(faxes.id, faxId), inArray(faxes.status, [...from])))
    .returning({ id: faxes.id });
  return moved.length === 1;
}

export async function failFax(
  db: Database,
  faxId: string,
  from: readonly TFaxStatus[],
  reason: TFaxFailureReason,
  message: string,
  /** Anything else the failure keeps on the fax (the station id its last call announced). */
  also: Partial<typeof faxes.$inferInsert> = {},
): Promise<boolean> {
  return moveFax(db, faxId, from, 'failed', {
    ...also,
    failureReason: reason,
    failureMessage: message,
    completedAt: new Date(),
    nextTryAt: null,
    retryReason: null,
  });
}

export async function loadFax(db: Database, faxId: string) {
  const [fax] = await db.select().from(faxes).where(eq(faxes.id, faxId));
  return fax;
}
