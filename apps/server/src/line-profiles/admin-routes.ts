import { ZLineProfileQuery, ZLineProfileResponse, ZResetLineProfileRequest, ZResetLineProfileResponse } from '@faxline/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { recordAuditEvent } from '../audit/record-audit-event';
import type { RouteDeps } from '../route-deps';
import { inTransaction } from '../platform/db/transaction';
import { findLineProfile, resetLineProfile } from './manage-profiles';

/**
 * /api/admin/line-profiles (decision 120): a destination's learned line settings, and their reset. In the back office's
 * guarded scope (app.ts): platform admins only. A reset is audited with what was forgotten.
 */
export const adminLineProfileRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db }) => {
  app.get('/line-profiles', { schema: { querystring: ZLineProfileQuery, response: { 200: ZLineProfileResponse } } }, async (request) => ({
    profile: await findLineProfile(db, request.query.number),
  }));

  app.post(
    '/line-profiles/reset',
    { schema: { body: ZResetLineProfileRequest, response: { 200: ZResetLineProfileResponse } } },
    async (request) => {
      await inTransaction(db, async (tx) => {
        const forgotten = await resetLineProfile(tx, request.body.number);
        await recordAuditEvent(tx, {
          actorUserId: request.adminAccess!.session.user.id,
          accountId: null,
          ip: request.ip,
          action: 'line_profile.reset',
          objectType: 'line_profile',
          objectId: forgotten.toNumber,
          outcome: 'success',
          details: { profile: forgotten },
        });
      });
      return { reset: true as const };
    },
  );
};
