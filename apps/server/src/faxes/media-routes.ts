import { FAX_RESOLUTIONS } from '@faxline/shared';
import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { recordAuditEvent } from '../audit/record-audit-event';
import { faxImagePdf } from '../documents/fax-image/fax-image-pdf';
import { MEDIA_PATH, tryOfMediaToken } from '../lines/media-links';
import { AppError } from '../platform/http/app-error';
import { perAddressLimit } from '../platform/http/rate-limit';
import type { RouteDeps } from '../route-deps';
import { faxAttempts, faxes } from './schema';

/**
 * `GET /media/<token>`: the pages of the one try a media link names, for the carrier that sends
 * them, while the link lasts: the fax image the try kept (header lines included), as a PDF of its very pixels. Every
 * fetch is in the fax's audit trail. A forged, expired or unknown link, and a fax deleted since, all answer the same
 * 404: the answer says nothing about what exists.
 */
export const mediaRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db, files, config }) => {
  const limit = perAddressLimit(config.rateLimitFactor);
  app.get(
    `${MEDIA_PATH}/:token`,
    { schema: { params: z.object({ token: z.string().max(100) }) }, config: limit(600, 60_000) },
    async (request, reply) => {
      const target = await tryOfMediaToken(config, request.params.token);
      const [fax] = target
        ? await db
            .select({ accountId: faxes.accountId, quality: faxes.quality, imageKey: faxAttempts.imageKey })
            .from(faxAttempts)
            .innerJoin(faxes, eq(faxes.id, faxAttempts.faxId))
            .where(and(eq(faxAttempts.faxId, target.faxId), eq(faxAttempts.number, target.attempt)))
        : [];
      if (!target || !fax?.imageKey) throw new AppError('not_found', 'errors.mediaLinkNotFound');
      const { xDpi, yDpi } = FAX_RESOLUTIONS[fax.quality];
      const document = await faxImagePdf({ tiff: await files.get(fax.imageKey), xDpi, yDpi });
      await recordAuditEvent(db, {
        actorUserId: null,
        accountId: fax.accountId,
        ip: request.ip,
        action: 'fax.media_fetched',
        objectType: 'fax',
        objectId: target.faxId,
        outcome: 'success',
        details: { attempt: target.attempt, userAgent: request.headers['user-agent']?.slice(0, 200) ?? null, bytes: document.byteLength },
      });
      return reply
        .header('cache-control', 'no-store')
        .header('x-robots-tag', 'noindex')
        .type('application/pdf')
        .send(Buffer.from(document));
    },
  );
};
