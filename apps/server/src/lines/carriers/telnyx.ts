import { createPublicKey, verify } from 'node:crypto';
import type { TFaxFailureReason, TFaxQuality } from '@faxline/shared';
import { z } from 'zod';
import type { OutsideNumbers } from '../outside-lines';

/**
 * Telnyx Programmable Fax v2 (issue 20, item 1), as its API reference gives it: a fax is `POST /v2/faxes` with a
 * `media_url` Telnyx fetches, and its progress comes back as webhooks (`fax.queued`, `fax.media.processed`,
 * `fax.sending.started`, then `fax.delivered` or `fax.failed`) signed with Telnyx's Ed25519 key over
 * "<telnyx-timestamp>|<raw body>". A real account changes the settings only (TELNYX_*).
 */
export type TelnyxSettings = {
  apiUrl: string;
  /** The API V2 key of the Telnyx account (Bearer). */
  apiV2Key: string;
  connectionId: string;
  /** The account's public key as Telnyx's portal shows it: base64 of its 32 raw bytes. */
  publicKey: string;
  /** The numbers it carries: every number outside Faxline, or those with these prefixes. */
  serves: OutsideNumbers;
};

/** Telnyx could not be asked (a network failure, a timeout, a 5xx): the fax may go another way (failover). */
export class CarrierUnavailable extends Error {
  override name = 'CarrierUnavailable';
}
/** Telnyx refused the fax (a 4xx): asking again the same way would be refused again. */
export class CarrierRefused extends Error {
  override name = 'CarrierRefused';
}

/** How long Faxline waits for Telnyx to answer a send. */
const REQUEST_TIMEOUT_MS = 15_000;
/** A webhook signed longer ago (or later) than this is refused: a captured one cannot be replayed. */
export const TELNYX_SIGNATURE_MAX_AGE_SECONDS = 5 * 60;

/** Faxline's qualities as Telnyx names them (normal is 204x98, high 204x196, very_high 408x391). */
const QUALITY: Record<TFaxQuality, string> = { standard: 'normal', fine: 'high', superfine: 'very_high' };

/** Hands a fax to Telnyx; returns Telnyx's id of it. `clientState` comes back on each of its webhooks. */
export async function submitTelnyxFax(
  settings: TelnyxSettings,
  fax: { mediaUrl: string; to: string; from: string; quality: TFaxQuality; webhookUrl: string; clientState: string },
): Promise<string> {
  let response: Response;
  try {
    response = await fetch(`${settings.apiUrl}/v2/faxes`, {
      method: 'POST',
      headers: { authorization: `Bearer ${settings.apiV2Key}`, 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({
        connection_id: settings.connectionId,
        media_url: fax.mediaUrl,
        to: fax.to,
        from: fax.from,
        quality: QUALITY[fax.quality],
        webhook_url: fax.webhookUrl,
        client_state: Buffer.from(fax.clientState).toString('base64'),
      }),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
  } catch (error) {
    throw new CarrierUnavailable(`Telnyx could not be reached: ${(error as Error).message}`);
  }
  const text = await response.text();
  if (response.status >= 500 || response.status === 429) throw new CarrierUnavailable(`Telnyx answered ${response.status}`);
  if (response.status >= 400) throw new CarrierRefused(`Telnyx refused the fax (${response.status}): ${errorDetailOf(text)}`);
  const parsed = z.object({ data: z.object({ id: z.string().min(1) }) }).safeParse(JSON.parse(text || '{}'));
  if (!parsed.success) throw new CarrierUnavailable(`Telnyx answered ${response.status} without a fax id`);
  return parsed.data.data.id;
}

function errorDetailOf(text: string): string {
  try {
    const body = JSON.parse(text) as { errors?: Array<{ title?: string; detail?: string }> };
    const first = body.errors?.[0];
    return (first?.detail ?? first?.title ?? text).slice(0, 300);
  } catch {
    return text.slice(0, 300);
  }
}

/** SubjectPublicKeyInfo's DER prefix of an Ed25519 key: with the 32 raw bytes after it, the key Node reads. */
const ED25519_SPKI_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');

/** Whether a webhook is Telnyx's: its signature checks with the account's key and it was signed within 5 minutes. */
export function isTelnyxSignatureValid(
  publicKey: string,
  headers: Record<string, string | string[] | undefined>,
  rawBody: Buffer,
  nowSeconds = Math.floor(Date.now() / 1000),
): boolean {
  const timestamp = headers['telnyx-timestamp'];
  const signature = headers['telnyx-signature-ed25519'];
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
    }),
  }),
});
export type TTelnyxEvent = z.infer<typeof ZTelnyxEvent>;

/** The events that end a fax's call. */
export const TELNYX_FINAL_EVENTS = ['fax.delivered', 'fax.failed'] as const;

/**
 * Telnyx's failure reasons (its fax error list) in Faxline's classes. Media the carrier could not read is a line
 * error on our side; anything not known here is a line error too, its reason kept in the attempt's detail.
 */
const FAILURE_CLASSES: Record<string, TFaxFailureReason> = {
  user_busy: 'busy',
  receiver_busy: 'busy',
  receiver_no_answer: 'no_answer',
  no_answer: 'no_answer',
  recipient_no_answer: 'no_answer',
  receiver_not_fax: 'not_a_fax_machine',
  fax_signal_not_detected: 'not_a_fax_machine',
  receiver_incompatible_destination: 'not_a_fax_machine',
  invalid_number_format: 'invalid_number',
  destination_invalid: 'invalid_number',
  destination_unreachable: 'invalid_number',
  unallocated_number: 'invalid_number',
  number_not_in_service: 'invalid_number',
};

export const failureClassOf = (reason: string | null | undefined): TFaxFailureReason => (reason && FAILURE_CLASSES[reason]) || 'line_error';
