import { ZUsageCsvQuery } from '@faxline/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../accounts/require-actor';
import { translator } from '../platform/i18n/i18n';
import type { RouteDeps } from '../route-deps';
import { writeUsageCsv, type UsageCsvWords } from './usage-csv';
import { ledgerLinesOfDays } from './usage-ledger';

/** The usage ledger as a CSV file for any period, for the owner and Billing members (decision 086). */
export const billingUsageRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db, requireActor }) => {
  app.get(
    '/billing/usage.csv',
    { schema: { querystring: ZUsageCsvQuery }, preHandler: requireActor('manageBilling') },
    async (request, reply) => {
      const { from, to } = request.query;
      const lines = await ledgerLinesOfDays(db, actorOf(request).member.accountId, { from, to });
      const t = translator(request.language);
      const words: UsageCsvWords = {
        columns: [
          t('usageCsv.date'),
          t('usageCsv.fax'),
          t('usageCsv.direction'),
          t('usageCsv.number'),
          t('usageCsv.pages'),
          t('usageCsv.kind'),
          t('usageCsv.rate'),
          t('usageCsv.amount'),
          t('usageCsv.currency'),
        ],
        directions: { outbound: t('usageCsv.outbound'), inbound: t('usageCsv.inbound') },
        kinds: { included: t('usageCsv.included'), overage: t('usageCsv.overage'), international: t('usageCsv.international') },
        total: t('usageCsv.total'),
      };
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="faxline-usage-${from}-to-${to}.csv"`)
        .header('cache-control', 'private, no-store')
        .send(writeUsageCsv(lines, words));
    },
  );
};
