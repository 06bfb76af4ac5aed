import { ZUsageCsvQuery, type TLanguage, type TUsageCsvQuery } from '@faxline/shared';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../accounts/require-actor';
import type { Database } from '../platform/db/client';
import { translator } from '../platform/i18n/i18n';
import type { RouteDeps } from '../route-deps';
import { writeUsageCsv, type UsageCsvWords } from './usage-csv';
import { ledgerLinesOfDays } from './usage-ledger';

/** The usage ledger as a CSV file for any period, for the owner and Billing members (decision 086). */
export const billingUsageRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db, requireActor }) => {
  app.get(
    '/billing/usage.csv',
    { schema: { querystring: ZUsageCsvQuery }, preHandler: requireActor('manageBilling') },
    async (request, reply) => sendUsageCsv(db, reply, request.language, actorOf(request).member.accountId, request.query),
  );
};

/** The ledger's lines of those days as a CSV download, in the reader's language: for the customer and the back office. */
export async function sendUsageCsv(
  db: Database,
  reply: FastifyReply,
  language: TLanguage,
  accountId: string,
  { from, to }: TUsageCsvQuery,
): Promise<FastifyReply> {
  const lines = await ledgerLinesOfDays(db, accountId, { from, to });
  const t = translator(language);
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
}
