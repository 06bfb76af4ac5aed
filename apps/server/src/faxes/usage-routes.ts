import { ZUsage } from '@faxline/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../accounts/require-actor';
import type { RouteDeps } from '../route-deps';
import { monthlyUsage } from './quota';

/** The account's pages this period against its plan: the usage ledger's and those reserved by faxes on their way (quota.ts). */
export const usageRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db, requireActor }) => {
  app.get('/usage', { schema: { response: { 200: ZUsage } }, preHandler: requireActor('anyRole') }, async (request) => {
    const { member } = actorOf(request);
    const { used, plan, period } = await monthlyUsage(db, member.accountId);
    return {
      plan,
      pagesUsed: used,
      periodStart: period.start.toISOString(),
      periodEnd: period.end.toISOString(),
    };
  });
};
