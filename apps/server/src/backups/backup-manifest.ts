import { z } from 'zod';

/**
 * What a backup holds, written last as manifest.json (decision 110): every piece's SHA-256 and size as stored in the
 * backup, so that a restore checks all of it before it changes anything, and says which piece is damaged.
 */
export const BACKUP_FORMAT = 'faxline-backup/1';
export const MANIFEST_FILE = 'manifest.json';

const ZPiece = z.object({
  /** Where the piece is inside the backup, as a relative path with forward slashes. */
  path: z.string().regex(/^(database|files|keys)\/[A-Za-z0-9._-]+$/),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  size: z.number().int().min(0),
});
export type TBackupPiece = z.infer<typeof ZPiece>;

const ZTableDump = ZPiece.extend({
  schema: z.string(),
  table: z.string(),
  /** The columns in the order of the dump's lines (generated columns are left out: PostgreSQL computes them again). */
  columns: z.array(z.string()).min(1),
  rows: z.number().int().min(0),
});
export type TTableDump = z.infer<typeof ZTableDump>;

export const ZBackupManifest = z.object({
  format: z.literal(BACKUP_FORMAT),
  /** Faxline's version (the server package's) and the last migration: a restore needs the same code. */
  faxlineVersion: z.string(),
  migration: z.string(),
  takenAt: z.iso.datetime(),
  /** Who asked: `npm run backup` or the daily job (which deletes only its own past the retention). */
  kind: z.enum(['manual', 'automatic']),
  database: z.object({
    postgresVersion: z.string(),
    tables: z.array(ZTableDump),
    sequences: z.array(z.object({ schema: z.string(), name: z.string(), lastValue: z.string().nullable() })),
    /** pg-boss's queues, made again through pg-boss at restore (each has a table of its own, a partition). */
    queues: z.array(z.object({ name: z.string(), options: z.record(z.string(), z.unknown()) })),
  }),
  /** The fax files exactly as the store keeps them (encrypted), by their key. */
  files: z.array(ZPiece.extend({ key: z.string() })),
  /**
   * The secrets that open the files and the sealed settings, when they live in the data folder; `environment` when
   * FILES_MASTER_KEY or AUTH_SECRET came from the environment, which the restored installation must be given again.
   */
  keys: z.object({
    filesMasterKey: z.union([ZPiece, z.literal('environment')]),
    installationSecret: z.union([ZPiece, z.literal('environment')]),
  }),
});
export type TBackupManifest = z.infer<typeof ZBackupManifest>;

/** Every piece the manifest names, for the checks that come before a restore. */
export function piecesOf(manifest: TBackupManifest): TBackupPiece[] {
  const keys = [manifest.keys.filesMasterKey, manifest.keys.installationSecret].filter((key) => key !== 'environment');
  return [...manifest.database.tables, ...manifest.files, ...keys];
}
