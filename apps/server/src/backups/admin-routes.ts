import { ZLastBackupResponse } from '@faxline/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RouteDeps } from '../route-deps';
import { lastBackupRun } from './run-backup';

/** GET /api/admin/backups/last: when the last backup was taken, its size and how it ended (the settings' backup section). */
export const adminBackupRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db }) => {
  app.get('/backups/last', { schema: { response: { 200: ZLastBackupResponse } } }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    const run = await lastBackupRun(db);
    return {
      last: run && {
        kind: run.kind,
        status: run.status,
        startedAt: run.startedAt.toISOString(),
        finishedAt: run.finishedAt?.toISOString() ?? null,
        sizeBytes: run.sizeBytes,
        fileCount: run.fileCount,
        location: run.location,
        error: run.error,
      },
    };
  });
};
