import {
  ZAccountNumberParams,
  ZAccountNumbers,
  ZAddAccountNumberRequest,
  ZAvailableNumbersQuery,
  ZAvailableNumbersResponse,
  ZReleasedAccountNumber,
  ZUpdateAccountNumberRequest,
  type TCarrier,
} from '@faxline/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../accounts/require-actor';
import { CARRIER_NAMES } from '../lines/carriers/carrier';
import { carrierWebhookPath } from '../lines/carriers/carrier-line';
import { linesInForce } from '../lines/lines-in-force';
import { clock } from '../platform/clock';
import { AppError } from '../platform/http/app-error';
import type { RouteDeps } from '../route-deps';
import { addAccountNumber } from './add-account-number';
import { listAccountNumbers } from './list-account-numbers';
import { releaseAccountNumber } from './release-account-number';
import { searchAvailableNumbers } from './search-available-numbers';
import { updateAccountNumber } from './update-account-number';

/** /api/account-numbers: the numbers the account's owner chooses, names and gives back (decision 112). Owner only. */
export const accountNumberRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db, queue, config, systemSettings, requireActor }) => {
  const owner = requireActor('manageNumbers');
  // Read at each request: an admin may have just given a carrier its keys (decision 058).
  const lines = () => linesInForce({ config, systemSettings });
  const carrierNamed = async (name: TCarrier) => {
    const carrier = (await lines()).carrierNamed(name);
    if (!carrier) throw new AppError('invalid_request', 'errors.carrierNotConfigured', { carrier: CARRIER_NAMES[name] });
    return carrier;
  };

  app.get('/account-numbers', { schema: { response: { 200: ZAccountNumbers } }, preHandler: owner }, async (request) =>
    listAccountNumbers(db, actorOf(request).member.accountId),
  );

  app.get(
    '/account-numbers/available',
    { schema: { querystring: ZAvailableNumbersQuery, response: { 200: ZAvailableNumbersResponse } }, preHandler: owner },
    async (request) => searchAvailableNumbers(db, (await lines()).configuredCarriers, { ...request.query, now: clock.now() }),
  );

  app.post(
    '/account-numbers',
    { schema: { body: ZAddAccountNumberRequest, response: { 201: ZAccountNumbers } }, preHandler: owner },
    async (request, reply) => {
      const numbers = await addAccountNumber(
        { db, queue, carrierNamed, webhookUrlOf: (carrier) => `${config.publicUrl}${carrierWebhookPath(carrier.name)}` },
        actorOf(request),
        request.body,
      );
      return reply.status(201).send(numbers);
    },
  );

  app.patch(
    '/account-numbers/:id',
    { schema: { params: ZAccountNumberParams, body: ZUpdateAccountNumberRequest, response: { 200: ZAccountNumbers } }, preHandler: owner },
    async (request) => updateAccountNumber(db, actorOf(request), request.params.id, request.body),
  );

  app.post(
    '/account-numbers/:id/release',
    { schema: { params: ZAccountNumberParams, response: { 200: ZReleasedAccountNumber } }, preHandler: owner },
    async (request) => releaseAccountNumber(db, actorOf(request), request.params.id),
  );
};
