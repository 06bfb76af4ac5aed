import { ZAccountAuditFacets, ZAccountAuditQuery, ZAccountAuditResponse } from '@faxline/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountAuditCsv, readAccountAudit, readAccountAuditActions, type AccountAuditCsvWords } from '../audit/read-account-audit';
import type { Database } from '../platform/db/client';
import { translator } from '../platform/i18n/i18n';
import type { RouteDeps } from '../route-deps';
import type { Actor } from './actor';
import { listMembers } from './membership';
import { actorOf } from './require-actor';

/** The account and the people its trail names: its members as they are now. */
async function trailOf(db: Database, actor: Actor) {
  const people = (await listMembers(db, actor.member.accountId)).map(({ userId, email, name }) => ({ userId, email, name }));
  return { accountId: actor.member.accountId, people };
}

/**
 * The account's audit trail for its owner and sub-admins (decision 109): its sign-ins, fax views and downloads,
 * settings and member changes, filtered, paged, and as a CSV file. A User or Billing member gets 403.
 */
export const accountAuditRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db, requireActor }) => {
  const guard = { preHandler: requireActor('seeAccountAudit') };

  app.get(
    '/account/audit',
    { schema: { querystring: ZAccountAuditQuery, response: { 200: ZAccountAuditResponse } }, ...guard },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      const { accountId, people } = await trailOf(db, actorOf(request));
      return readAccountAudit(db, accountId, people, request.query);
    },
  );

  app.get('/account/audit/facets', { schema: { response: { 200: ZAccountAuditFacets } }, ...guard }, async (request) => {
    const { accountId, people } = await trailOf(db, actorOf(request));
    return { actions: await readAccountAuditActions(db, accountId, people) };
  });

  app.get('/account/audit.csv', { schema: { querystring: ZAccountAuditQuery }, ...guard }, async (request, reply) => {
    const { accountId, people } = await trailOf(db, actorOf(request));
    const t = translator(request.language);
    const words: AccountAuditCsvWords = [
      t('accountAuditCsv.time'),
      t('accountAuditCsv.email'),
      t('accountAuditCsv.name'),
      t('accountAuditCsv.action'),
      t('accountAuditCsv.object'),
      t('accountAuditCsv.objectId'),
      t('accountAuditCsv.outcome'),
      t('accountAuditCsv.address'),
      t('accountAuditCsv.details'),
    ];
    const { page: _page, ...filters } = request.query;
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="faxline-audit-trail.csv"')
      .header('cache-control', 'private, no-store')
      .send(await accountAuditCsv(db, accountId, people, filters, words));
  });
};
