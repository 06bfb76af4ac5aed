import { ZUsage } from '@faxline/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../accounts/require-actor';
import { clock } from '../platform/clock';
import type { RouteDeps } from '../route-deps';
import { monthlyUsage } from './quota';

/** The account's pages this month against its plan, read from the usage its faxes keep (quota.ts). */
export const usageRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db, requireActor }) => {
  app.get('/usage', { schema: { response: { 200: ZUsage } }, preHandler: requireActor('anyRole') }, async (request) => {
    const { member } = actorOf(request);
    const now = clock.now();
    const { used, plan } = await monthlyUsage(db, member.accountId, { now });
    return {
      plan,
      pagesUsed: used,
      periodStart: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)).toISOString(),
      periodEnd: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString(),
    };
  });
};
