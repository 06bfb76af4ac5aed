import { createHash, timingSafeEqual } from 'node:crypto';
import type { TFaxFailureReason, TFaxQuality } from '@faxline/shared';
import { getCountryCallingCode, isSupportedCountry } from 'libphonenumber-js/min';
import { z } from 'zod';
import {
  type AvailableNumber,
  type Carrier,
  type CarrierReport,
  CarrierRefused,
  CarrierUnavailable,
  carrierRequest,
  fetchCarrierMedia,
  headerOf,
  MalformedWebhook,
  type WebhookRequest,
} from './carrier';

/**
 * Sinch Fax API v3 and Numbers API v1, as Sinch's API reference gives them: a fax is
 * `POST /v3/projects/{projectId}/faxes` with a `contentUrl` Sinch fetches, and it ends in ONE callback, FAX_COMPLETED,
 * whose fax object says COMPLETED or FAILURE (errorType, errorCode, errorMessage). A fax that arrives on a number
 * rented with `voiceConfiguration: { type: 'FAX', serviceId }` is posted as INCOMING_FAX to that fax service's
 * `incomingWebhookUrl`. Both APIs take HTTP Basic with the access key id and secret.
 *
 * Callback authentication: Sinch's Fax API documents NO signature (no header, no HMAC, no timestamp; Sinch's own Node
 * SDK checks nothing for fax callbacks). The one thing it documents is basic-auth credentials in the callback URL,
 * which it sends back as `Authorization: Basic` and never shows again. That is what this adapter uses: every callback
 * URL it gives Sinch carries `faxline:<SINCH_WEBHOOK_SECRET>`, and `isAuthentic` compares the header in constant
 * time. It proves the sender knows the secret; it does not cover the body (TLS does) nor its age (no time is sent),
 * so a captured callback could be replayed: the event ids below make a replay change nothing.
 * https://developers.sinch.com/docs/fax/api-reference/fax/tag/Notifications
 * https://developers.sinch.com/sdk/sinch-sdk-node/1.5.0/interfaces/Fax.FaxRequestFormData.html (callbackUrl)
 */
export type SinchSettings = {
  /** https://fax.api.sinch.com (or a regional one). */
  apiUrl: string;
  /** https://numbers.api.sinch.com. */
  numbersApiUrl: string;
  projectId: string;
  /** An access key of the project (Basic: id as user, secret as password). */
  keyId: string;
  keySecret: string;
  /** The password of the basic-auth credentials put in every callback URL Faxline gives Sinch. */
  webhookSecret: string;
  /** The fax service to send through and to rent numbers into; unset, the project's default service. */
  serviceId?: string;
};

/** The user name of the credentials in Faxline's callback URLs (the secret is the password). */
export const SINCH_WEBHOOK_USER = 'faxline';

/** The label that carries the try's ref: Sinch keeps a fax's labels and sends them back in its callback. */
export const SINCH_TRY_LABEL = 'faxlineTry';

/** Faxline's qualities at Sinch: FINE is 200 dpi and the coarsest Sinch sends, SUPERFINE 400 dpi. */
const RESOLUTION: Record<TFaxQuality, 'FINE' | 'SUPERFINE'> = { standard: 'FINE', fine: 'FINE', superfine: 'SUPERFINE' };

/** A callback URL as Faxline gives it to Sinch: the route's URL (its query kept) with the credentials in it. */
export function sinchCallbackUrl(webhookUrl: string, webhookSecret: string): string {
  const url = new URL(webhookUrl);
  url.username = SINCH_WEBHOOK_USER;
  url.password = webhookSecret;
  return url.toString();
}

/** The fax object, as much of it as Faxline reads (a JSON callback also carries the document, base64, unread here). */
const ZSinchFax = z.looseObject({
  id: z.string().min(1).max(100),
  direction: z.string().max(20).optional(),
  from: z.string().max(40).nullable().optional(),
  to: z.string().max(40).nullable().optional(),
  status: z.string().min(1).max(40),
  numberOfPages: z.number().int().min(0).nullable().optional(),
  pagesSentSuccessfully: z.number().int().min(0).nullable().optional(),
  errorType: z.string().max(100).nullable().optional(),
  errorCode: z
    .union([
      z.number().int(),
      z
        .string()
        .regex(/^\d{1,9}$/)
        .transform(Number),
    ])
    .nullable()
    .optional(),
  errorMessage: z.string().max(1000).nullable().optional(),
  labels: z.record(z.string(), z.string().max(1000)).nullable().optional(),
});

/** A fax callback: the event, when, and the fax. */
export const ZSinchEvent = z.looseObject({
  event: z.string().min(1).max(50),
  eventTime: z.string().max(100).optional(),
  fax: ZSinchFax,
});
export type TSinchEvent = z.infer<typeof ZSinchEvent>;

/**
 * Sinch's documented fax errors in the one taxonomy (decision 119), by error type and code (the codes are only unique
 * within a type: 133 is a PDF that could not be read as a DOCUMENT_CONVERSION_ERROR, a forbidden number as a
 * FAX_ERROR), exported as the tables a test walks. A code not listed takes its type's class; the type and code stay in
 * the attempt's `lineCode`. https://developers.sinch.com/docs/fax/api-reference/fax/tag/Error-Messages
 */
export const SINCH_FAILURE_CLASSES: Readonly<Record<string, TFaxFailureReason>> = {
  'CALL_ERROR:17': 'busy', // Busy
  'CALL_ERROR:16': 'no_answer', // Ring Timeout
  'FAX_ERROR:48': 'no_answer', // No answer (the receiving machine may be out of paper)
  'CALL_ERROR:30': 'not_a_fax_machine', // No answer from a fax machine (the call was answered, by no fax)
  'CALL_ERROR:32': 'remote_rejected', // Incompatible destination
  'FAX_ERROR:132': 'not_a_fax_machine', // No fax tone detected
  'CALL_ERROR:34': 'carrier_refused', // Phone number not operational
  'CALL_ERROR:49': 'carrier_refused', // The destination phone number is not active
  'CALL_ERROR:11': 'line_quality', // The call dropped prematurely
  // The media link was Faxline's: one Sinch could not reach may answer next time; a document it cannot read will not.
  'DOCUMENT_CONVERSION_ERROR:54': 'carrier_outage', // Could not access the URL you provided
  'DOCUMENT_CONVERSION_ERROR:57': 'carrier_outage', // A problem storing the file
  'DOCUMENT_CONVERSION_ERROR:69': 'carrier_outage', // A problem storing the file
};

/** The class of a code not in the table, by its error type (Sinch's ErrorType). */
export const SINCH_ERROR_TYPE_CLASSES: Readonly<Record<string, TFaxFailureReason>> = {
  DOCUMENT_CONVERSION_ERROR: 'carrier_refused',
  CALL_ERROR: 'line_quality',
  FAX_ERROR: 'line_quality',
  LINE_ERROR: 'line_quality',
  FATAL_ERROR: 'carrier_outage',
  GENERAL_ERROR: 'carrier_outage',
};

export function failureClassOf(errorType: string | null | undefined, errorCode: number | null | undefined): TFaxFailureReason {
  const key = `${errorType}:${errorCode}`;
  if (errorType && errorCode !== null && errorCode !== undefined && Object.hasOwn(SINCH_FAILURE_CLASSES, key))
    return SINCH_FAILURE_CLASSES[key]!;
  return (errorType && Object.hasOwn(SINCH_ERROR_TYPE_CLASSES, errorType) && SINCH_ERROR_TYPE_CLASSES[errorType]) || 'line_quality';
}

/** The Fax API's error words: `{ code, error, message, details: { fieldViolations } }`. */
function faxErrorDetail(body: string): string {
  try {
    const error = JSON.parse(body) as {
      message?: string;
      error?: string;
      details?: { fieldViolations?: { field?: string; description?: string }[] };
    };
    const violations = (error.details?.fieldViolations ?? []).map((v) => `${v.field}: ${v.description}`);
    return [error.message ?? error.error ?? body, ...violations].join('; ');
  } catch {
    return body;
  }
}

/** The Numbers API's error words: `{ error: { code, message, status, details } }`. */
function numbersErrorDetail(body: string): string {
  try {
    const { error } = JSON.parse(body) as {
      error?: { message?: string; status?: string; details?: { fieldViolations?: { field?: string; description?: string }[] }[] };
    };
    const violations = (error?.details ?? []).flatMap((d) => d.fieldViolations ?? []).map((v) => `${v.field}: ${v.description}`);
    return [[error?.status, error?.message].filter(Boolean).join(' ') || body, ...violations].join('; ');
  } catch {
    return body;
  }
}

/**
 * A callback's body. Faxline asks for JSON wherever it sets a callback up (`callbackUrlContentType` on each fax, the
 * service's `webhookContentType` when a number is ordered), so a body in Sinch's other form (multipart) is refused.
 */
function callbackBodyOf(request: WebhookRequest): unknown {
  try {
    return JSON.parse(request.rawBody.toString('utf8')) as unknown;
  } catch (error) {
    throw new MalformedWebhook(`Sinch callback is not JSON: ${(error as Error).message}`);
  }
}

const ZAvailableNumbers = z.object({
  availableNumbers: z
    .array(
      z.looseObject({
        phoneNumber: z.string().min(1).max(40),
        regionCode: z.string().max(10).optional(),
        monthlyPrice: z
          .object({ currencyCode: z.string().max(10), amount: z.string().max(40) })
          .nullable()
          .optional(),
      }),
    )
    .optional(),
});

/** Faxline's carrier over Sinch: the Fax API for faxes and callbacks, the Numbers API for the inventory. */
export function sinchCarrier(settings: SinchSettings): Carrier {
  const authorization = `Basic ${Buffer.from(`${settings.keyId}:${settings.keySecret}`).toString('base64')}`;
  const faxApi = `${settings.apiUrl}/v3/projects/${encodeURIComponent(settings.projectId)}`;
  const numbersApi = `${settings.numbersApiUrl}/v1/projects/${encodeURIComponent(settings.projectId)}`;
  const expectedAuthorization = createHash('sha256')
    .update(`Basic ${Buffer.from(`${SINCH_WEBHOOK_USER}:${settings.webhookSecret}`).toString('base64')}`)
    .digest();

  /** One JSON request with the key; a 2xx that is not JSON is an outage of sorts, not a refusal. */
  async function api(url: string, init: RequestInit, detailOf: (body: string) => string): Promise<unknown> {
    const { body } = await carrierRequest(
      'Sinch',
      url,
      { ...init, headers: { authorization, accept: 'application/json', ...(init.body ? { 'content-type': 'application/json' } : {}) } },
      detailOf,
    );
    try {
      return JSON.parse(body.toString('utf8') || '{}') as unknown;
    } catch {
      throw new CarrierUnavailable(`Sinch answered ${url} with something other than JSON`);
    }
  }

  /** The fax service to rent numbers into: the configured one, else the project's default service. */
  async function serviceIdOf(): Promise<string> {
    if (settings.serviceId) return settings.serviceId;
    const answer = z
      .object({ services: z.array(z.looseObject({ id: z.string().min(1), defaultForProject: z.boolean().optional() })).optional() })
      .safeParse(await api(`${faxApi}/services?pageSize=100`, { method: 'GET' }, faxErrorDetail));
    const service = answer.success ? answer.data.services?.find((s) => s.defaultForProject) : undefined;
    if (!service) throw new CarrierRefused('Sinch has no default fax service in this project to rent numbers into');
    return service.id;
  }

  return {
    name: 'sinch',

    /**
     * JSON callbacks (Sinch's default is multipart); the try's ref as a label, which the callback's fax object gives
     * back. `maxRetries: 0`: Faxline's retry rules decide what a busy line or a line error leads to (and may move the
     * next try to another carrier); a retry inside Sinch would be a try they never see.
     */
    async send(fax) {
      const answer = await api(
        `${faxApi}/faxes`,
        {
          method: 'POST',
          body: JSON.stringify({
            to: fax.to,
            from: fax.from,
            contentUrl: fax.mediaUrl,
            callbackUrl: sinchCallbackUrl(fax.webhookUrl, settings.webhookSecret),
            callbackUrlContentType: 'application/json',
            resolution: RESOLUTION[fax.quality],
            labels: { [SINCH_TRY_LABEL]: fax.tryRef },
            maxRetries: 0,
            ...(settings.serviceId ? { serviceId: settings.serviceId } : {}),
          }),
        },
        faxErrorDetail,
      );
      const parsed = z.object({ id: z.string().min(1).max(100) }).safeParse(answer);
      if (!parsed.success) throw new CarrierUnavailable('Sinch accepted the fax without a fax id');
      return parsed.data.id;
    },

    /** The Basic credentials of the callback URL, compared in constant time (see above: Sinch signs nothing). */
    authenticatesByHeaders: true,
    isAuthentic(request) {
      const given = headerOf(request.headers, 'authorization');
      if (!given) return false;
      return timingSafeEqual(createHash('sha256').update(given).digest(), expectedAuthorization);
    },

    /**
     * Sinch gives no id per event and one callback per fax, so an event is the fax, the event and its status: a
     * callback delivered twice (Sinch retries until it gets a 200) is the same event.
     */
    reportOf(request): CarrierReport | null {
      const parsed = ZSinchEvent.safeParse(callbackBodyOf(request));
      if (!parsed.success) throw new MalformedWebhook(`Sinch callback is not a fax event: ${parsed.error.issues[0]?.message ?? ''}`);
      const { event, fax } = parsed.data;
      const base = { eventId: `${fax.id}:${event}:${fax.status}`, type: event, carrierFaxId: fax.id };
      if (event === 'INCOMING_FAX') {
        // An inbound fax that did not complete left no document to show.
        if (fax.status !== 'COMPLETED') return null;
        if (!fax.to) throw new MalformedWebhook(`Sinch INCOMING_FAX ${fax.id} has no number it came to`);
        return {
          kind: 'received',
          ...base,
          from: fax.from || null,
          to: fax.to,
          mediaUrl: `${faxApi}/faxes/${encodeURIComponent(fax.id)}/file`,
          pages: fax.numberOfPages ?? null,
          durationMs: null,
        };
      }
      // An inbound fax is reported once, by INCOMING_FAX.
      if (event !== 'FAX_COMPLETED' || fax.direction === 'INBOUND') return null;
      const tryRef = fax.labels?.[SINCH_TRY_LABEL] ?? null;
      if (fax.status === 'COMPLETED') return { kind: 'delivered', ...base, tryRef, pages: fax.numberOfPages ?? null, durationMs: null };
      if (fax.status === 'FAILURE') {
        const code = [fax.errorType, fax.errorCode].filter((part) => part !== null && part !== undefined && part !== '').join(' ');
        return {
          kind: 'failed',
          ...base,
          tryRef,
          reason: failureClassOf(fax.errorType, fax.errorCode),
          lineCode: fax.errorType ? `${fax.errorType}:${fax.errorCode ?? ''}` : null,
          detail: `Sinch fax ${fax.id}: ${code || 'no error code'} ${fax.errorMessage ?? ''}`.trim().slice(0, 500),
          pages: fax.pagesSentSuccessfully ?? null,
          durationMs: null,
        };
      }
      if (fax.status === 'QUEUED' || fax.status === 'IN_PROGRESS') return { kind: 'progress', ...base, tryRef };
      return null;
    },

    /** Only Sinch's own download URLs of this project get the key: a link from elsewhere is refused. */
    async fetchMedia(url) {
      if (!url.startsWith(`${faxApi}/faxes/`)) throw new CarrierRefused(`Sinch media must come from ${faxApi}/faxes/`);
      return fetchCarrierMedia('Sinch', url, { authorization, accept: 'application/pdf' });
    },

    /**
     * Local numbers that take calls (fax is voice at Sinch). Sinch matches `numberPattern` against the whole E.164
     * number, so an area code is searched as "+<country code><area code>" from the start.
     */
    async searchNumbers({ country, areaCode, limit }) {
      const region = country.toUpperCase();
      const query = new URLSearchParams({ regionCode: region, type: 'LOCAL', capabilities: 'VOICE', size: String(Math.max(1, limit)) });
      if (areaCode) {
        if (!isSupportedCountry(region)) throw new CarrierRefused(`Sinch: no calling code known for ${region}`);
        query.set('numberPattern.pattern', `+${getCountryCallingCode(region)}${areaCode}`);
        query.set('numberPattern.searchPattern', 'START');
      }
      const parsed = ZAvailableNumbers.safeParse(
        await api(`${numbersApi}/availableNumbers?${query}`, { method: 'GET' }, numbersErrorDetail),
      );
      if (!parsed.success) throw new CarrierUnavailable('Sinch answered the number search in an unknown shape');
      return (parsed.data.availableNumbers ?? []).slice(0, limit).map((n): AvailableNumber => ({
        number: n.phoneNumber,
        country: n.regionCode ?? region,
        region: null,
        locality: null,
        monthlyPrice: n.monthlyPrice ? `${n.monthlyPrice.amount} ${n.monthlyPrice.currencyCode}` : null,
      }));
    },

    /**
     * Incoming faxes go where the number's fax service says, so the service is pointed at Faxline first (JSON,
     * documents kept so that `fetchMedia` can download them), then the number is rented into it. Sinch has no id of a
     * rented number but the number itself.
     */
    async orderNumber(number, webhookUrl) {
      const serviceId = await serviceIdOf();
      await api(
        `${faxApi}/services/${encodeURIComponent(serviceId)}`,
        {
          method: 'PATCH',
          body: JSON.stringify({
            incomingWebhookUrl: sinchCallbackUrl(webhookUrl, settings.webhookSecret),
            webhookContentType: 'application/json',
            saveInboundFaxDocuments: true,
          }),
        },
        faxErrorDetail,
      );
      const answer = await api(
        `${numbersApi}/availableNumbers/${encodeURIComponent(number)}:rent`,
        { method: 'POST', body: JSON.stringify({ voiceConfiguration: { type: 'FAX', serviceId } }) },
        numbersErrorDetail,
      );
      const parsed = z.object({ phoneNumber: z.string().min(1).max(40) }).safeParse(answer);
      if (!parsed.success) throw new CarrierUnavailable(`Sinch rented ${number} without saying which number`);
      return { carrierNumberId: parsed.data.phoneNumber };
    },

    /** Sinch stops renewing it: the number stays the project's until the month paid for ends. */
    async releaseNumber({ number, carrierNumberId }) {
      await api(
        `${numbersApi}/activeNumbers/${encodeURIComponent(carrierNumberId || number)}:release`,
        { method: 'POST' },
        numbersErrorDetail,
      );
    },
  };
}
