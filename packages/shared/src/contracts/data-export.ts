import { z } from 'zod';

/** How long a finished data export can be downloaded (decision 110). */
export const DATA_EXPORT_DAYS = 7;

/** One data export of the account, as the owner's settings list it. */
export const ZDataExport = z.object({
  id: z.uuid(),
  status: z.enum(['building', 'ready', 'failed', 'expired']),
  requestedAt: z.iso.datetime(),
  finishedAt: z.iso.datetime().nullable(),
  expiresAt: z.iso.datetime().nullable(),
  sizeBytes: z.number().int().nullable(),
  faxCount: z.number().int().nullable(),
});
export type TDataExport = z.infer<typeof ZDataExport>;

/** GET /api/account/data-exports: the account's recent exports, newest first. */
export const ZDataExportsResponse = z.object({ exports: z.array(ZDataExport) });
export type TDataExportsResponse = z.infer<typeof ZDataExportsResponse>;

export const ZDataExportIdParams = z.object({ exportId: z.uuid() });
