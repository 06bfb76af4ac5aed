import { ZOk } from '@faxline/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../accounts/require-actor';
import type { RouteDeps } from '../route-deps';
import { rememberAnnouncedStation } from './remember-station';

const ZFaxParams = z.object({ id: z.uuid({ error: 'errors.faxNotFound' }) });

/** Wrong-number protection on a fax (decision 121): remembering the station id a first delivery announced. */
export const faxStationRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db, requireActor }) => {
  app.post(
    '/faxes/:id/remember-station',
    { schema: { params: ZFaxParams, response: { 200: ZOk } }, preHandler: requireActor('useFaxes') },
    async (request) => {
      await rememberAnnouncedStation(db, actorOf(request), request.params.id);
      return { ok: true as const };
    },
  );
};
