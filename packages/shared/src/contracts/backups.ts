import { z } from 'zod';

/** GET /api/admin/backups/last: the last backup taken (decision 110), for the back office's backup section. */
export const ZLastBackupResponse = z.object({
  last: z
    .object({
      kind: z.enum(['manual', 'automatic']),
      status: z.enum(['running', 'succeeded', 'failed']),
      startedAt: z.iso.datetime(),
      finishedAt: z.iso.datetime().nullable(),
      sizeBytes: z.number().int().nullable(),
      fileCount: z.number().int().nullable(),
      location: z.string().nullable(),
      error: z.string().nullable(),
    })
    .nullable(),
});
export type TLastBackupResponse = z.infer<typeof ZLastBackupResponse>;
