import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { recordAuditEvent } from '../audit/record-audit-event';
import { faxOfMediaToken, MEDIA_PATH } from '../lines/media-links';
import { AppError } from '../platform/http/app-error';
import { perAddressLimit } from '../platform/http/rate-limit';
import type { RouteDeps } from '../platform/http/route-deps';
import { faxes } from './schema';

/**
 * `GET /media/<token>` (issue 20, item 4): the document of the one fax a media link names, for the carrier that sends
 * it, while the link lasts. Every fetch is in the fax's audit trail. A forged, expired or unknown link, and a fax
 * deleted since, all answer the same 404: the answer says nothing about what exists.
 */
export const mediaRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db, files, config }) => {
  const limit = perAddressLimit(config.rateLimitFactor);
  app.get(
    `${MEDIA_PATH}/:token`,
    { schema: { params: z.object({ token: z.string().max(100) }) }, config: limit(600, 60_000) },
    async (request, reply) => {
      const faxId = await faxOfMediaToken(config, request.params.token);
      const [fax] = faxId
        ? await db.select({ accountId: faxes.accountId, documentKey: faxes.documentKey }).from(faxes).where(eq(faxes.id, faxId))
        : [];
      if (!faxId || !fax?.documentKey) throw new AppError('not_found', 'errors.mediaLinkNotFound');
      const document = await files.get(fax.documentKey);
      await recordAuditEvent(db, {
        actorUserId: null,
        accountId: fax.accountId,
        ip: request.ip,
        action: 'fax.media_fetched',
        objectType: 'fax',
        objectId: faxId,
        outcome: 'success',
        details: { userAgent: request.headers['user-agent']?.slice(0, 200) ?? null, bytes: document.byteLength },
      });
      return reply
        .header('cache-control', 'no-store')
        .header('x-robots-tag', 'noindex')
        .type('application/pdf')
        .send(Buffer.from(document));
    },
  );
};
