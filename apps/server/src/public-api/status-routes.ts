import type { TDeliveryFigures, TDurationPercentiles } from '@faxline/shared';
import { ZV1Status, type TV1Status } from '@faxline/shared/api-v1';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { readPublicStatus } from '../delivery-record/read-delivery-record';
import type { RouteDeps } from '../route-deps';

/** GET /v1/status: the public delivery record (decision 122), the /status page's figures in the API's words. No key. */
export const v1StatusRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db }) => {
  app.get('/status', { schema: { response: { 200: ZV1Status } } }, async (request): Promise<TV1Status> => {
    const status = await readPublicStatus(db, request.language);
    return {
      computed_at: status.computedAt,
      attempts_anchor: status.attemptsAnchor,
      windows: status.windows.map((w) => ({
        window: w.window,
        overall: v1Figures(w.overall),
        lines: w.lines.map((l) => ({ line: l.line, ...v1Figures(l) })),
      })),
      incidents: status.incidents.map((i) => ({
        id: i.id,
        kind: i.kind,
        title: i.title,
        body: i.body,
        language: i.language,
        started_at: i.startedAt,
        ends_at: i.endsAt,
        state: i.state,
      })),
    };
  });
};

const v1Percentiles = (p: TDurationPercentiles | null) => (p ? { p50_ms: p.p50Ms, p95_ms: p.p95Ms } : null);

function v1Figures(f: TDeliveryFigures) {
  return {
    faxes: f.faxes,
    delivered_first_try: f.deliveredFirstTry,
    first_try_share: f.firstTryShare,
    delivered: f.delivered,
    delivered_attempts: f.deliveredAttempts,
    attempts_per_delivered: f.attemptsPerDelivered,
    accepted_to_dialling: v1Percentiles(f.acceptedToDialling),
    accepted_to_delivered: v1Percentiles(f.acceptedToDelivered),
  };
}
