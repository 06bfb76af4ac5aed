import { DOWNLOADS_PATH, ZClientDownloads } from '@faxline/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RouteDeps } from '../route-deps';
import { listClientDownloads, readClientDownload } from './client-downloads';

const CONTENT_TYPES = { javascript: 'application/gzip', python: 'application/zip' } as const;

/**
 * The client libraries, for anyone, with no key (decision 127): `npm install <server>/downloads/faxline-client.tgz`,
 * `pip install <server>/downloads/faxline-<version>-py3-none-any.whl`, and the list of both with their SHA-256.
 */
export const clientDownloadRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { config }) => {
  app.get(`${DOWNLOADS_PATH}/index.json`, { schema: { response: { 200: ZClientDownloads } } }, async (_request, reply) => {
    reply.header('cache-control', 'no-cache');
    return listClientDownloads(config.clientDownloadsDir, config.publicUrl);
  });

  app.get(`${DOWNLOADS_PATH}/:file`, { schema: { params: z.object({ file: z.string() }) } }, async (request, reply) => {
    const { download, bytes } = await readClientDownload(config.clientDownloadsDir, request.params.file);
    // The tarball's name stays the same from one version to the next: a cache asks again each time.
    return reply
      .header('cache-control', 'no-cache')
      .header('content-disposition', `attachment; filename="${download.file}"`)
      .type(CONTENT_TYPES[download.language])
      .send(bytes);
  });
};
