import {
  CARRIER_NUMBER_SEARCH_LIMIT,
  NUMBER_SEARCH_LIMIT,
  ZAddNumbersRequest,
  ZAddNumbersResponse,
  ZAdminNumber,
  ZAdminNumberParams,
  ZAdminNumbersQuery,
  ZAdminNumbersResponse,
  ZAssignNumberRequest,
  ZCarrierNumberSearchQuery,
  ZCarrierNumberSearchResponse,
  ZCarrierNumbersInfo,
  ZOrderCarrierNumberRequest,
  ZEditNumberRequest,
  ZNumberSearchQuery,
  ZNumberSearchResponse,
  ZUserSearchQuery,
  ZUserSearchResponse,
  type TAdminNumber,
  type TCarrier,
} from '@faxline/shared';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AccountLifecycle } from '../accounts/account-lifecycle';
import { membershipOf } from '../accounts/membership';
import type { RouteDeps } from '../route-deps';
import { recordAuditEvent } from '../audit/record-audit-event';
import { users } from '../auth/schema';
import type { Database } from '../platform/db/client';
import { AppError } from '../platform/http/app-error';
import { addNumbers, assignNumber, editNumber, findNumber, listNumbers, releaseNumber, searchNumbers } from './manage-numbers';
import { searchUsersByEmail } from './search-users';
import { orderCarrierNumber, returnNumberToCarrier, searchCarrierNumbers } from './carrier-numbers';
import { linesInForce } from '../lines/lines-in-force';
import { CARRIER_NAMES } from '../lines/carriers/carrier';
import { carrierWebhookPath } from '../lines/carriers/carrier-line';

function auditNumber(
  db: Database,
  request: FastifyRequest,
  action: `number.${string}`,
  number: Pick<TAdminNumber, 'id' | 'phoneNumber'>,
  accountId: string | null,
  details: Record<string, unknown> = {},
) {
  return recordAuditEvent(db, {
    actorUserId: request.adminAccess!.session.user.id,
    accountId,
    ip: request.ip,
    action,
    objectType: 'fax_number',
    objectId: number.id,
    outcome: 'success',
    details: { phoneNumber: number.phoneNumber, ...details },
  });
}

/** The account a person acts for: a number assigned "to a user" goes to their account (DESIGN.md). */
async function accountOfUser(deps: { db: Database; lifecycle: Pick<AccountLifecycle, 'opened'> }, userId: string): Promise<string> {
  const { db } = deps;
  const [user] = await db.select({ id: users.id, name: users.name, email: users.email }).from(users).where(eq(users.id, userId));
  if (!user) throw new AppError('not_found', 'errors.userNotFound');
  return (await membershipOf(deps, user)).accountId;
}

/**
 * /api/admin/numbers (spec 001 §2.11, §4, §5, §7): the fax number inventory, adding and editing numbers, assigning
 * them to a person's account and releasing them, searching it; and the user search of the assign dialog.
 */
export const adminNumberRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db, config, systemSettings, accountLifecycle }) => {
  const params = ZAdminNumberParams;
  // Read at each request: an admin may have just given a carrier its keys (decision 058).
  const carriersNow = async () => (await linesInForce({ config, systemSettings })).configuredCarriers;
  const carrierOf = async (name: TCarrier) => {
    const carrier = (await linesInForce({ config, systemSettings })).carrierNamed(name);
    if (!carrier) throw new AppError('invalid_request', 'errors.carrierNotConfigured', { carrier: CARRIER_NAMES[name] });
    return carrier;
  };

  app.get('/numbers', { schema: { querystring: ZAdminNumbersQuery, response: { 200: ZAdminNumbersResponse } } }, async (request) =>
    listNumbers(db, request.query.status, request.query.page),
  );

  app.get('/numbers/search', { schema: { querystring: ZNumberSearchQuery, response: { 200: ZNumberSearchResponse } } }, async (request) =>
    searchNumbers(db, request.query.q, NUMBER_SEARCH_LIMIT),
  );

  app.post('/numbers', { schema: { body: ZAddNumbersRequest, response: { 201: ZAddNumbersResponse } } }, async (request, reply) => {
    const numbers = await addNumbers(db, request.body);
    const first = numbers[0]!;
    await auditNumber(db, request, 'number.add', first, null, {
      to: numbers.at(-1)!.phoneNumber,
      count: numbers.length,
      numberType: first.numberType,
      provider: first.provider,
    });
    return reply.status(201).send({ added: numbers.length, numbers });
  });

  app.patch('/numbers/:id', { schema: { params, body: ZEditNumberRequest, response: { 200: ZAdminNumber } } }, async (request) => {
    const { before, after } = await editNumber(db, request.params.id, request.body);
    const keys = ['numberType', 'provider', 'countryCode'] as const;
    const changes = Object.fromEntries(keys.filter((k) => before[k] !== after[k]).map((k) => [k, { from: before[k], to: after[k] }]));
    await auditNumber(db, request, 'number.edit', after, after.accountId, { changes });
    return after;
  });

  app.post('/numbers/:id/assign', { schema: { params, body: ZAssignNumberRequest, response: { 200: ZAdminNumber } } }, async (request) => {
    // The number first: a missing number is reported as such, whoever the user is.
    await findNumber(db, request.params.id);
    const accountId = await accountOfUser({ db, lifecycle: accountLifecycle }, request.body.userId);
    const number = await assignNumber(db, request.params.id, accountId);
    await auditNumber(db, request, 'number.assign', number, accountId, { userId: request.body.userId });
    return number;
  });

  app.post('/numbers/:id/release', { schema: { params, response: { 200: ZAdminNumber } } }, async (request) => {
    const { released, fromAccountId } = await releaseNumber(db, request.params.id);
    await auditNumber(db, request, 'number.release', released, fromAccountId);
    return released;
  });

  // Numbers from carriers.
  app.get('/carrier-numbers', { schema: { response: { 200: ZCarrierNumbersInfo } } }, async () => ({
    carriers: (await carriersNow()).map((carrier) => carrier.name),
  }));

  app.get(
    '/carrier-numbers/search',
    { schema: { querystring: ZCarrierNumberSearchQuery, response: { 200: ZCarrierNumberSearchResponse } } },
    async (request) => ({
      numbers: await searchCarrierNumbers(db, await carrierOf(request.query.carrier), {
        ...request.query,
        limit: CARRIER_NUMBER_SEARCH_LIMIT,
      }),
    }),
  );

  app.post(
    '/carrier-numbers',
    { schema: { body: ZOrderCarrierNumberRequest, response: { 201: ZAdminNumber } } },
    async (request, reply) => {
      const carrier = await carrierOf(request.body.carrier);
      const webhookUrl = `${config.publicUrl}${carrierWebhookPath(carrier.name)}`;
      const number = await orderCarrierNumber(db, carrier, request.body.phoneNumber, webhookUrl);
      await auditNumber(db, request, 'number.order', number, null, { carrier: carrier.name });
      return reply.status(201).send(number);
    },
  );

  app.post('/numbers/:id/return', { schema: { params, response: { 200: ZAdminNumber } } }, async (request) => {
    const number = await returnNumberToCarrier(db, await carriersNow(), request.params.id);
    await auditNumber(db, request, 'number.return', number, null, { carrier: number.provider });
    return number;
  });

  app.get('/user-search', { schema: { querystring: ZUserSearchQuery, response: { 200: ZUserSearchResponse } } }, async (request) => ({
    users: await searchUsersByEmail(db, request.query.email),
  }));
};
