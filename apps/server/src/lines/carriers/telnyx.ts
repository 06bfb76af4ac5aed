import { createPublicKey, verify } from 'node:crypto';
import type { TFaxFailureReason, TFaxQuality } from '@faxline/shared';
import { z } from 'zod';
import {
  carrierRequest,
  CarrierUnavailable,
  fetchCarrierMedia,
  headerOf,
  MalformedWebhook,
  type Carrier,
  type CarrierFax,
  type CarrierReport,
  type WebhookRequest,
} from './carrier';
import { telnyxErrorDetail, type TelnyxSettings } from './telnyx-api';
import { orderTelnyxNumber, releaseTelnyxNumber, searchTelnyxNumbers } from './telnyx-numbers';
import { telnyxPortOrders } from './telnyx-porting';
import { clock } from '../../platform/clock';

export type { TelnyxSettings } from './telnyx-api';

/**
 * Telnyx Programmable Fax v2, as its API reference gives it: a fax is `POST /v2/faxes` with a
 * `media_url` Telnyx fetches, and its progress comes back as webhooks (`fax.queued`, `fax.media.processed`,
 * `fax.sending.started`, then `fax.delivered` or `fax.failed`) signed with Telnyx's Ed25519 key over
 * "<telnyx-timestamp>|<raw body>". A received fax comes as `fax.received` with a temporary link to its document.
 * A real account changes the settings only (TELNYX_*).
 */
export function telnyxCarrier(settings: TelnyxSettings): Carrier {
  return {
    name: 'telnyx',
    send: (fax) => submitTelnyxFax(settings, fax),
    isAuthentic: (request, nowSeconds) => isTelnyxSignatureValid(settings.publicKey, request.headers, request.rawBody, nowSeconds),
    reportOf: telnyxReportOf,
    // Telnyx's media_url is a temporary link of its own that carries its authorization: no key is sent with it.
    fetchMedia: (url) => fetchCarrierMedia('Telnyx', url),
    searchNumbers: (criteria) => searchTelnyxNumbers(settings, criteria),
    orderNumber: (number) => orderTelnyxNumber(settings, number),
    releaseNumber: (number) => releaseTelnyxNumber(settings, number),
    portOrders: telnyxPortOrders(settings),
  };
}

/** A webhook signed longer ago (or later) than this is refused: a captured one cannot be replayed. */
export const TELNYX_SIGNATURE_MAX_AGE_SECONDS = 5 * 60;

/** Faxline's qualities as Telnyx names them (normal is 204x98, high 204x196, very_high 408x391). */
const QUALITY: Record<TFaxQuality, string> = { standard: 'normal', fine: 'high', superfine: 'very_high' };

/** Hands a fax to Telnyx; returns Telnyx's id of it. The try's reference comes back on each of its webhooks. */
export async function submitTelnyxFax(settings: TelnyxSettings, fax: CarrierFax): Promise<string> {
  const { body, status } = await carrierRequest(
    'Telnyx',
    `${settings.apiUrl}/v2/faxes`,
    {
      method: 'POST',
      headers: { authorization: `Bearer ${settings.apiV2Key}`, 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({
        connection_id: settings.connectionId,
        media_url: fax.mediaUrl,
        to: fax.to,
        from: fax.from,
        quality: QUALITY[fax.quality],
        webhook_url: fax.webhookUrl,
        client_state: Buffer.from(fax.tryRef).toString('base64'),
      }),
    },
    telnyxErrorDetail,
  );
  const parsed = z.object({ data: z.object({ id: z.string().min(1) }) }).safeParse(JSON.parse(body.toString('utf8') || '{}'));
  if (!parsed.success) throw new CarrierUnavailable(`Telnyx answered ${status} without a fax id`);
  return parsed.data.data.id;
}

/** SubjectPublicKeyInfo's DER prefix of an Ed25519 key: with the 32 raw bytes after it, the key Node reads. */
const ED25519_SPKI_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');

/** Whether a webhook is Telnyx's: its signature checks with the account's key and it was signed within 5 minutes. */
export function isTelnyxSignatureValid(
  publicKey: string,
  headers: Record<string, string | string[] | undefined>,
  rawBody: Buffer,
  nowSeconds = Math.floor(clock.now().getTime() / 1000),
): boolean {
  const timestamp = headerOf(headers, 'telnyx-timestamp');
  const signature = headerOf(headers, 'telnyx-signature-ed25519');
  if (typeof timestamp !== 'string' || typeof signature !== 'string' || !/^\d{1,12}$/.test(timestamp)) return false;
  if (Math.abs(nowSeconds - Number(timestamp)) > TELNYX_SIGNATURE_MAX_AGE_SECONDS) return false;
  const raw = Buffer.from(publicKey, 'base64');
  if (raw.length !== 32) return false;
  const key = createPublicKey({ key: Buffer.concat([ED25519_SPKI_PREFIX, raw]), format: 'der', type: 'spki' });
  return verify(null, Buffer.concat([Buffer.from(`${timestamp}|`), rawBody]), key, Buffer.from(signature, 'base64'));
}

/** A Telnyx webhook, as much of it as Faxline reads (the rest is kept as it came). */
export const ZTelnyxEvent = z.object({
  data: z.object({
    event_type: z.string().min(1).max(100),
    id: z.string().min(1).max(100),
    occurred_at: z.string().max(100).optional(),
    payload: z.looseObject({
      fax_id: z.string().min(1).max(100),
      status: z.string().max(100).optional(),
      page_count: z.number().int().min(0).nullable().optional(),
      call_duration_secs: z.number().min(0).nullable().optional(),
      failure_reason: z.string().max(200).nullable().optional(),
      client_state: z.string().max(1000).nullable().optional(),
      // A received fax's (fax.received): the numbers and the temporary link to its document.
      to: z.string().max(100).optional(),
      from: z.string().max(100).nullable().optional(),
      media_url: z
        .url({ protocol: /^https?$/ })
        .max(4000)
        .optional(),
    }),
  }),
});
export type TTelnyxEvent = z.infer<typeof ZTelnyxEvent>;

/**
 * A Telnyx webhook in Faxline's words: fax.delivered and fax.failed end a try, fax.received brings a fax in, the
 * rest are steps on the way. The try is named by the client state the fax was sent with.
 */
function telnyxReportOf(request: WebhookRequest): CarrierReport | null {
  let json: unknown;
  try {
    json = JSON.parse(request.rawBody.toString('utf8'));
  } catch {
    throw new MalformedWebhook('not JSON');
  }
  const parsed = ZTelnyxEvent.safeParse(json);
  if (!parsed.success) throw new MalformedWebhook(parsed.error.issues[0]!.path.join('.') || 'body');
  const { event_type: type, id: eventId, payload } = parsed.data.data;
  const carrierFaxId = payload.fax_id;
  const tryRef = payload.client_state ? Buffer.from(payload.client_state, 'base64').toString('utf8') : null;
  const durationMs = payload.call_duration_secs == null ? null : Math.round(payload.call_duration_secs * 1000);
  const pages = payload.page_count ?? null;
  const base = { eventId, type, carrierFaxId };
  if (type === 'fax.delivered') return { ...base, kind: 'delivered', tryRef, pages, durationMs };
  if (type === 'fax.failed') {
    const reason = failureClassOf(payload.failure_reason);
    const detail = `Telnyx fax ${carrierFaxId}: ${payload.failure_reason ?? 'failed'}`;
    return { ...base, kind: 'failed', tryRef, reason, lineCode: payload.failure_reason ?? null, detail, pages, durationMs };
  }
  if (type === 'fax.received') {
    if (!payload.to || !payload.media_url) throw new MalformedWebhook('a received fax without its number or document');
    return { ...base, kind: 'received', from: payload.from ?? null, to: payload.to, mediaUrl: payload.media_url, pages, durationMs };
  }
  return { ...base, kind: 'progress', tryRef };
}

/**
 * Telnyx's failure reasons (failure_reason of fax.failed, from its "Programmable Fax errors" list and the webhook
 * reference's "possible failure reasons") in the one taxonomy (decision 119), exported as the table a test walks. The
 * reason itself stays in the attempt's `lineCode` for support. Refusals of the request (the number, the account, its
 * limits, our document) are the carrier's and final; Telnyx's own failures and a media link it could not fetch are
 * an outage (tried again, on the route's other carrier when there is one); a reason not known here is line quality.
 */
export const TELNYX_FAILURE_CLASSES: Readonly<Record<string, TFaxFailureReason>> = {
  user_busy: 'busy',
  receiver_busy: 'busy',
  receiver_no_answer: 'no_answer',
  no_answer: 'no_answer',
  recipient_no_answer: 'no_answer',
  receiver_no_response: 'no_answer',
  receiver_not_fax: 'not_a_fax_machine',
  fax_signal_not_detected: 'not_a_fax_machine',
  fax_initial_communication_timeout: 'not_a_fax_machine',
  receiver_incompatible_destination: 'remote_rejected',
  receiver_decline: 'remote_rejected',
  fax_signaling_error: 'line_quality',
  invalid_ecm_response_from_receiver: 'line_quality',
  receiver_call_dropped: 'line_quality',
  receiver_communication_error: 'line_quality',
  invalid_number_format: 'carrier_refused',
  receiver_invalid_number_format: 'carrier_refused',
  destination_invalid: 'carrier_refused',
  destination_unreachable: 'carrier_refused',
  unallocated_number: 'carrier_refused',
  receiver_unallocated_number: 'carrier_refused',
  number_not_in_service: 'carrier_refused',
  destination_not_in_countries_whitelist: 'carrier_refused',
  destination_not_in_service_plan: 'carrier_refused',
  account_disabled: 'carrier_refused',
  no_outbound_profile: 'carrier_refused',
  outbound_profile_daily_spend_limit_exceeded: 'carrier_refused',
  file_format_invalid: 'carrier_refused',
  file_size_limit_exceeded: 'carrier_refused',
  page_count_limit_exceeded: 'carrier_refused',
  file_download_failed: 'carrier_outage',
  service_unavailable: 'carrier_outage',
  receiver_recovery_on_timer_expire: 'carrier_outage',
  connection_channel_limit_exceeded: 'carrier_outage',
  outbound_profile_channel_limit_exceeded: 'carrier_outage',
  user_channel_limit_exceeded: 'carrier_outage',
};

export const failureClassOf = (reason: string | null | undefined): TFaxFailureReason =>
  (reason && Object.hasOwn(TELNYX_FAILURE_CLASSES, reason) && TELNYX_FAILURE_CLASSES[reason]) || 'line_quality';
