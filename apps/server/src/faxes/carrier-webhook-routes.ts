import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { CallOutcome } from '../lines/fax-line';
import { TELNYX_WEBHOOK_PATH, tryOfClientState } from '../lines/carriers/telnyx-line';
import { failureClassOf, isTelnyxSignatureValid, TELNYX_FINAL_EVENTS, ZTelnyxEvent, type TTelnyxEvent } from '../lines/carriers/telnyx';
import { AppError } from '../platform/http/app-error';
import type { RouteDeps } from '../platform/http/route-deps';
import { loadFax } from './fax-state';
import { endAttempt } from './jobs/transmit-fax';
import { carrierEvents, faxAttempts } from './schema';

/** A webhook is a few kilobytes; this leaves room and refuses anything that is not one. */
const BODY_LIMIT_BYTES = 256 * 1024;

/**
 * POST /api/carriers/telnyx/webhook (issue 20; decision 056): Telnyx's report of a fax it carries. The signature
 * covers the exact bytes posted, so the body is read raw and checked (Ed25519, 5 minutes) before it is parsed; a
 * webhook that fails is refused with 401 and changes nothing. Each event is stored once (its id): a repeat changes
 * nothing. A final event ends its try (`endAttempt`) whichever order the events came in; the earlier ones are kept.
 */
export async function carrierWebhookRoutes(app: FastifyInstance, deps: RouteDeps): Promise<void> {
  const telnyx = deps.config.telnyx;
  if (!telnyx) return;
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: BODY_LIMIT_BYTES }, (_request, body, done) =>
    done(null, body),
  );

  app.post(TELNYX_WEBHOOK_PATH.replace(/^\/api/, ''), { bodyLimit: BODY_LIMIT_BYTES }, async (request, reply) => {
    const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    if (!isTelnyxSignatureValid(telnyx.publicKey, request.headers, raw))
      throw new AppError('authentication_error', 'errors.lineSignatureInvalid');
    const event = parseEvent(raw);
    const { data } = event;
    const stored = await deps.db
      .insert(carrierEvents)
      .values({ carrier: 'telnyx', eventId: data.id, type: data.event_type, carrierFaxId: data.payload.fax_id, payload: data })
      .onConflictDoNothing()
      .returning({ eventId: carrierEvents.eventId });
    if (stored.length > 0 && (TELNYX_FINAL_EVENTS as readonly string[]).includes(data.event_type)) await endTry(deps, event, request.log);
    // Inbound faxes through Telnyx come with issue 20's numbers: until then the event is kept, and said loudly.
    if (stored.length > 0 && data.event_type === 'fax.received')
      request.log.error(
        { carrierFaxId: data.payload.fax_id },
        'a fax received through Telnyx: inbound faxes through carriers are not taken yet',
      );
    return reply.code(204).send();
  });
}

function parseEvent(raw: Buffer): TTelnyxEvent {
  let json: unknown;
  try {
    json = JSON.parse(raw.toString('utf8'));
  } catch {
    throw new AppError('invalid_request', 'errors.invalidField', { field: 'body', message: 'not JSON' });
  }
  const parsed = ZTelnyxEvent.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new AppError('invalid_request', 'errors.invalidField', { field: issue.path.join('.'), message: issue.message });
  }
  return parsed.data;
}

/** The try a final event ends: named by its client state, or found by Telnyx's id of the fax; only a Telnyx try. */
async function endTry(deps: RouteDeps, { data }: TTelnyxEvent, log: FastifyBaseLogger): Promise<void> {
  const { payload } = data;
  const named = tryOfClientState(payload.client_state);
  const [attempt] = await deps.db
    .select({ faxId: faxAttempts.faxId, number: faxAttempts.number, firstPage: faxAttempts.firstPage })
    .from(faxAttempts)
    .where(
      named
        ? and(eq(faxAttempts.faxId, named.faxId), eq(faxAttempts.number, named.attempt), eq(faxAttempts.line, 'telnyx'))
        : and(eq(faxAttempts.carrierFaxId, payload.fax_id), eq(faxAttempts.line, 'telnyx')),
    );
  const fax = attempt ? await loadFax(deps.db, attempt.faxId) : null;
  if (!attempt || !fax) {
    log.warn({ carrierFaxId: payload.fax_id, type: data.event_type }, 'a Telnyx event for no try of ours');
    return;
  }
  const durationMs = Math.round((payload.call_duration_secs ?? 0) * 1000);
  const outcome: CallOutcome =
    data.event_type === 'fax.delivered'
      ? {
          result: 'delivered',
          pagesSent: payload.page_count ?? fax.pages ?? 0,
          firstPage: 1,
          durationMs,
          detail: `Telnyx fax ${payload.fax_id}`,
        }
      : {
          result: failureClassOf(payload.failure_reason),
          pagesSent: 0,
          firstPage: 1,
          durationMs,
          detail: `Telnyx fax ${payload.fax_id}: ${payload.failure_reason ?? 'failed'}`,
        };
  await endAttempt(deps, { faxId: attempt.faxId, attempt: attempt.number, language: fax.language }, outcome);
}
