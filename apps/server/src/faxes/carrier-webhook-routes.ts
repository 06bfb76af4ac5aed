import { CARRIERS, type TCarrier } from '@faxline/shared';
import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { CallOutcome } from '../lines/fax-line';
import { MalformedWebhook, tryOfRef, type Carrier, type CarrierReport } from '../lines/carriers/carrier';
import { carrierWebhookPath } from '../lines/carriers/carrier-line';
import { linesInForce } from '../lines/lines-in-force';
import { inTransaction } from '../platform/db/transaction';
import { AppError } from '../platform/http/app-error';
import type { RouteDeps } from '../route-deps';
import { loadFax } from './fax-state';
import { endAttempt } from './end-attempt';
import { receiveCarrierFaxJob } from './jobs/receive-carrier-fax';
import { answerInboundCall } from './receive-call';
import { carrierEvents, faxAttempts } from './schema';

/**
 * A webhook is a few kilobytes; this leaves room and refuses anything that is not one. Every Sinch callback carries
 * the fax's document in base64 (no documented way to leave it out): room for 50 MB of it.
 */
const WEBHOOK_BODY_LIMITS: Record<TCarrier, number> = { telnyx: 256 * 1024, signalwire: 256 * 1024, sinch: 72 * 1024 * 1024 };

type Report<Kind extends CarrierReport['kind']> = Extract<CarrierReport, { kind: Kind }>;

/**
 * POST /api/carriers/<carrier>/webhook (decision 056): a carrier's report of a fax it carries or received.
 * Signatures cover the exact bytes (and, for some carriers, the address) posted, so the body is read raw and checked
 * before it is parsed; a webhook that fails is refused with 401 and changes nothing. Each event is stored once (its
 * id): a repeat changes nothing. A final event ends its try (`endAttempt`) whichever order the events came in; a
 * received fax is queued with its event, to be fetched and stored by a worker (a 2xx is then a promise kept).
 */
export async function carrierWebhookRoutes(app: FastifyInstance, deps: RouteDeps): Promise<void> {
  // JSON (Telnyx, Sinch) and forms (SignalWire) alike: the bytes as they came, for the signature.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  // A route for every carrier Faxline knows; whether it is configured is asked at each webhook, so that the keys an
  // admin saves in the back office take effect at once (decision 058). One not configured: 404, as no route, said
  // before the body is read (Sinch's route takes 72 MB).
  const carrierOf = new WeakMap<FastifyRequest, Carrier>();
  for (const name of CARRIERS)
    app.post(
      carrierWebhookPath(name).replace(/^\/api/, ''),
      {
        bodyLimit: WEBHOOK_BODY_LIMITS[name],
        onRequest: async (request) => {
          const carrier = (await linesInForce(deps)).carrierNamed(name);
          if (!carrier) throw new AppError('not_found', 'errors.notFound');
          if (carrier.authenticatesByHeaders && !carrier.isAuthentic(webhookOf(deps, request, Buffer.alloc(0))))
            throw new AppError('authentication_error', 'errors.carrierSignatureInvalid');
          carrierOf.set(request, carrier);
        },
      },
      async (request, reply) => takeWebhook(deps, carrierOf.get(request)!, request, reply),
    );
}

/** A webhook as the carriers' checks read it: the address it was posted to, its headers and its bytes. */
const webhookOf = (deps: RouteDeps, request: FastifyRequest, rawBody: Buffer) => ({
  url: `${deps.config.publicUrl}${request.url}`,
  headers: request.headers,
  rawBody,
});

/** One webhook: checked, read, stored once, and acted on (a try ended, a received fax queued, an incoming call answered). */
async function takeWebhook(deps: RouteDeps, carrier: Carrier, request: FastifyRequest, reply: FastifyReply) {
  const webhook = webhookOf(deps, request, Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0));
  if (!carrier.isAuthentic(webhook)) throw new AppError('authentication_error', 'errors.carrierSignatureInvalid');
  const report = reportOf(carrier, webhook);
  if (!report) return reply.code(204).send();

  if (report.kind === 'incoming') {
    const answer = await answerInboundCall(deps.db, { toNumber: report.to, fromNumber: report.from });
    request.log.info({ carrier: carrier.name, carrierFaxId: report.carrierFaxId, ...answer }, 'a fax call coming in through a carrier');
    const laml = carrier.answerIncoming!(answer.answer, `${deps.config.publicUrl}${carrierWebhookPath(carrier.name)}`);
    return reply.code(200).type(laml.contentType).send(laml.body);
  }

  const stored = await inTransaction(deps.db, async (tx, client) => {
    const inserted = await tx
      .insert(carrierEvents)
      .values({ carrier: carrier.name, eventId: report.eventId, type: report.type, carrierFaxId: report.carrierFaxId, payload: report })
      .onConflictDoNothing()
      .returning({ eventId: carrierEvents.eventId });
    if (inserted.length > 0 && report.kind === 'received')
      await deps.queue.send(receiveCarrierFaxJob, { carrier: carrier.name, eventId: report.eventId }, { transaction: client });
    return inserted.length > 0;
  });
  if (stored && (report.kind === 'delivered' || report.kind === 'failed')) await endTry(deps, carrier, report, request.log);
  return reply.code(204).send();
}

function reportOf(carrier: Carrier, webhook: Parameters<Carrier['reportOf']>[0]): CarrierReport | null {
  try {
    return carrier.reportOf(webhook);
  } catch (error) {
    if (error instanceof MalformedWebhook)
      throw new AppError('invalid_request', 'errors.invalidField', { field: 'body', message: error.message });
    throw error;
  }
}

/**
 * A carrier's failure as the try's end (decision 119): its class and its own code; a call that failed after the
 * carrier confirmed some pages but not all is partial (the retry rules try again; carriers send every page again).
 */
function failedOutcome(report: Report<'failed'>, faxPages: number | null, durationMs: number | null, firstPage: number): CallOutcome {
  // The carrier counts the pages it got through of the document it was handed: the pages from the try's first on.
  const confirmed = report.pages ?? 0;
  const handed = faxPages === null ? null : faxPages - firstPage + 1;
  const partial = confirmed > 0 && handed !== null && confirmed < handed && report.reason !== 'canceled';
  return {
    result: partial ? 'partially_delivered' : report.reason,
    pagesSent: confirmed,
    firstPage,
    durationMs,
    lineCode: report.lineCode,
    detail: report.detail,
  };
}

/** The try a final event ends: named by its reference, or found by the carrier's id of the fax; only its carrier's. */
async function endTry(deps: RouteDeps, carrier: Carrier, report: Report<'delivered' | 'failed'>, log: FastifyBaseLogger): Promise<void> {
  const named = tryOfRef(report.tryRef);
  const [attempt] = await deps.db
    .select({ faxId: faxAttempts.faxId, number: faxAttempts.number, firstPage: faxAttempts.firstPage })
    .from(faxAttempts)
    .where(
      named
        ? and(eq(faxAttempts.faxId, named.faxId), eq(faxAttempts.number, named.attempt), eq(faxAttempts.line, carrier.name))
        : and(eq(faxAttempts.carrierFaxId, report.carrierFaxId), eq(faxAttempts.line, carrier.name)),
    );
  const fax = attempt ? await loadFax(deps.db, attempt.faxId) : null;
  if (!attempt || !fax) {
    log.warn({ carrier: carrier.name, carrierFaxId: report.carrierFaxId, type: report.type }, 'a carrier event for no try of ours');
    return;
  }
  const durationMs = report.durationMs;
  // The carrier was handed the pages from the try's first on (a retry's are those not confirmed before), and counts
  // the pages it got through of that document: a failed fax's too, which the next try then does not send again.
  const { firstPage } = attempt;
  // What the carrier learned of the far machine, for the wrong-number check after the fact (decision 121).
  const call = report.remoteIdent ? { call: carrierCallOf(report.remoteIdent) } : {};
  const outcome: CallOutcome =
    report.kind === 'delivered'
      ? {
          result: 'delivered',
          pagesSent: report.pages ?? (fax.pages === null ? 0 : fax.pages - firstPage + 1),
          firstPage,
          durationMs,
          detail: `${carrier.name} fax ${report.carrierFaxId}`,
          ...call,
        }
      : { ...failedOutcome(report, fax.pages, durationMs, firstPage), ...call };
  await endAttempt(deps, { faxId: attempt.faxId, attempt: attempt.number, language: fax.language }, outcome);
}

/** A carrier's call as far as it tells it: the far machine's station id, nothing of the T.30 session it keeps to itself. */
const carrierCallOf = (remoteIdent: string) => ({
  bitRate: null,
  ecm: null,
  resolution: null,
  compression: null,
  remoteIdent,
  ecmRetransmissions: null,
  completionCode: null,
  completionText: null,
});
