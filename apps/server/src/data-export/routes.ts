import { ZDataExport, ZDataExportIdParams, ZDataExportsResponse } from '@faxline/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../accounts/require-actor';
import type { RouteDeps } from '../route-deps';
import { listDataExports } from './data-exports';
import { downloadDataExport } from './download-data-export';
import { requestDataExport } from './request-data-export';

/** The account's data exports (decision 110), its owner's alone: asked for, listed, downloaded. */
export const dataExportRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db, files, queue, requireActor }) => {
  app.get(
    '/account/data-exports',
    { schema: { response: { 200: ZDataExportsResponse } }, preHandler: requireActor('exportAccountData') },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { exports: await listDataExports(db, actorOf(request).member.accountId) };
    },
  );

  app.post(
    '/account/data-exports',
    { schema: { response: { 202: ZDataExport } }, preHandler: requireActor('exportAccountData') },
    async (request, reply) => reply.status(202).send(await requestDataExport({ db, queue }, actorOf(request))),
  );

  app.get(
    '/account/data-exports/:exportId/download',
    { schema: { params: ZDataExportIdParams }, config: { changesData: true }, preHandler: requireActor('exportAccountData') },
    async (request, reply) => {
      const download = await downloadDataExport({ db, files }, actorOf(request), request.params.exportId);
      if (download.size !== null) reply.header('content-length', download.size);
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="${download.name}"`)
        .header('cache-control', 'private, no-store')
        .send(download.stream);
    },
  );
};
