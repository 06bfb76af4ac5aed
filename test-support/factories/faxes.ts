import { isInFlightFaxStatus } from '@faxline/shared';
import type { FileStore } from '../../apps/server/src/platform/files/encrypted-file-store';
import { faxFiles, faxes } from '../../apps/server/src/faxes/schema';
import type { Database } from '../../apps/server/src/platform/db/client';

export type FaxRow = typeof faxes.$inferInsert;
export type FaxFile = { name: string; bytes: Uint8Array; type?: string };

/** A fax's columns: its account and, where a test cares, anything else. */
export type NewFax = Partial<FaxRow> & { accountId: string };

/**
 * The row of a fax in `status` as the product leaves it: a received fax is inbound, from a number, unread; a failed
 * one has a reason (busy unless given, null included); a canceled one says so; a fax in a final state has ended.
 * Outbound, delivered, to +12025550143, fine quality and one page unless given.
 */
export function faxRow(fields: NewFax): FaxRow {
  const status = fields.status ?? 'delivered';
  const received = status === 'received';
  return {
    direction: received ? 'inbound' : 'outbound',
    toNumber: '+12025550143',
    quality: 'fine',
    pages: 1,
    ...(received ? { fromNumber: '+12025550100' } : {}),
    ...(status === 'failed' ? { failureReason: 'busy' as const } : {}),
    ...(status === 'canceled' ? { failureReason: 'canceled' as const } : {}),
    ...(!isInFlightFaxStatus(status) ? { completedAt: fields.createdAt ?? new Date() } : {}),
    ...fields,
    status,
  };
}

/**
 * One fax, inserted as the services insert it (the history's counts follow through the
 * trigger, as for every writer). With `files` (a queued or scheduled fax, as uploaded), they are stored encrypted and
 * get their rows, as `sendFax` stores them.
 */
export async function createFax(deps: { db: Database; files?: FileStore }, fields: NewFax & { files?: FaxFile[] }) {
  const { files = [], ...columns } = fields;
  if (files.length > 0 && !deps.files) throw new Error('createFax: files need the file store (deps.files)');
  const stored = await Promise.all(files.map((f) => deps.files!.put(f.bytes)));
  const [fax] = await deps.db.insert(faxes).values(faxRow(columns)).returning();
  if (files.length > 0)
    await deps.db.insert(faxFiles).values(
      files.map((f, position) => ({
        faxId: fax!.id,
        position,
        name: f.name,
        type: f.type ?? 'application/pdf',
        size: f.bytes.length,
        storageKey: stored[position]!.key,
        sha256: stored[position]!.sha256,
      })),
    );
  return fax!;
}

/** Many faxes in one insert (a history of hundreds), each row made by `faxRow`. */
export async function createFaxes(db: Database, rows: NewFax[]) {
  return db.insert(faxes).values(rows.map(faxRow)).returning();
}
