import {
  PORTING_CARRIERS,
  ZAdminPortingQuery,
  ZAdminPortingResponse,
  ZApprovePortingRequest,
  ZPortingRequest,
  ZPortingRequestParams,
  ZRejectPortingRequest,
  ZReviewPortingRequest,
} from '@faxline/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { linesInForce } from '../lines/lines-in-force';
import type { RouteDeps } from '../route-deps';
import { portingQueue, portingRequestOf, portingViewOf } from './porting-requests';
import {
  approvePortingRequest,
  completePortingRequest,
  rejectPortingRequest,
  reviewPortingRequest,
  syncPortingRequest,
  type WorkDeps,
} from './work-porting-request';

/**
 * /api/admin/porting (decision 113): the queue of porting requests, their documents, and the moves that work them:
 * in review (by hand or through a carrier's port order), approved with a date, completed, rejected with a reason, and
 * following the carrier's order.
 */
export const adminPortingRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db, files, queue, config, systemSettings }) => {
  const params = ZPortingRequestParams;
  const workDeps = async (): Promise<WorkDeps> => ({
    db,
    files,
    queue,
    publicUrl: config.publicUrl,
    sellerName: (await systemSettings.current()).siteName,
    // Read at each request: an admin may have just given a carrier its keys (decision 058).
    carrierNamed: async (name) => (await linesInForce({ config, systemSettings })).carrierNamed(name),
  });
  const worker = (request: FastifyRequest) => ({ userId: request.adminAccess!.session.user.id, ip: request.ip });
  const answer = { response: { 200: ZPortingRequest } };

  app.get('/porting', { schema: { querystring: ZAdminPortingQuery, response: { 200: ZAdminPortingResponse } } }, async (request) => {
    const carriers = (await linesInForce({ config, systemSettings })).configuredCarriers;
    return {
      requests: await portingQueue(db, request.query.status),
      carriers: PORTING_CARRIERS.filter((name) => carriers.some((carrier) => carrier.name === name && carrier.portOrders)),
    };
  });

  for (const kind of ['letter-of-authorisation', 'bill'] as const)
    app.get(`/porting/:id/${kind}`, { schema: { params } }, async (request, reply) => {
      const row = await portingRequestOf(db, null, request.params.id);
      const isLoa = kind === 'letter-of-authorisation';
      return reply
        .header('content-type', isLoa ? 'application/pdf' : row.billContentType)
        .header('content-disposition', `attachment; filename="${isLoa ? `letter-of-authorisation-${row.id}.pdf` : `bill-${row.id}`}"`)
        .header('cache-control', 'no-store')
        .send(Buffer.from(await files.get(isLoa ? row.loaFileKey : row.billFileKey)));
    });

  app.post('/porting/:id/review', { schema: { params, body: ZReviewPortingRequest, ...answer } }, async (request) =>
    portingViewOf(await reviewPortingRequest(await workDeps(), worker(request), request.params.id, request.body.carrier)),
  );
  app.post('/porting/:id/approve', { schema: { params, body: ZApprovePortingRequest, ...answer } }, async (request) =>
    portingViewOf(await approvePortingRequest(await workDeps(), worker(request), request.params.id, request.body.portDate)),
  );
  app.post('/porting/:id/complete', { schema: { params, ...answer } }, async (request) =>
    portingViewOf(await completePortingRequest(await workDeps(), worker(request), request.params.id)),
  );
  app.post('/porting/:id/reject', { schema: { params, body: ZRejectPortingRequest, ...answer } }, async (request) =>
    portingViewOf(await rejectPortingRequest(await workDeps(), worker(request), request.params.id, request.body.reason)),
  );
  app.post('/porting/:id/sync', { schema: { params, ...answer } }, async (request) =>
    portingViewOf(await syncPortingRequest(await workDeps(), worker(request), request.params.id)),
  );
};
