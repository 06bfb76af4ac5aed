import type { TLineProfile } from '@faxline/shared';
import { eq } from 'drizzle-orm';
import type { Database } from '../platform/db/client';
import { AppError } from '../platform/http/app-error';
import { startOf } from './learn';
import { lineProfiles, type LineProfileRow } from './schema';

function toView(row: LineProfileRow): TLineProfile {
  return {
    toNumber: row.toNumber,
    startModem: row.startModem,
    startEcm: startOf(row).ecm,
    ecm: row.ecm,
    bestBitRate: row.bestBitRate,
    trainingFailures: row.trainingFailures,
    ecmFailures: row.ecmFailures,
    transport: row.transport,
    lastDeliveredLine: row.lastDeliveredLine,
    lastResult: row.lastResult,
    calls: row.calls,
    deliveries: row.deliveries,
    failures: row.failures,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** One destination's learned settings, or null when no call to it has ended yet (or since a reset). */
export async function findLineProfile(db: Pick<Database, 'select'>, toNumber: string): Promise<TLineProfile | null> {
  const [row] = await db.select().from(lineProfiles).where(eq(lineProfiles.toNumber, toNumber));
  return row ? toView(row) : null;
}

/** Forgets what was learned of a destination: the next call starts from the defaults (V.17, ECM). Returns it as it was. */
export async function resetLineProfile(db: Pick<Database, 'delete'>, toNumber: string): Promise<TLineProfile> {
  const [row] = await db.delete(lineProfiles).where(eq(lineProfiles.toNumber, toNumber)).returning();
  if (!row) throw new AppError('not_found', 'errors.lineProfileNotFound');
  return toView(row);
}
