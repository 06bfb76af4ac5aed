import { createHmac, timingSafeEqual } from 'node:crypto';
import type { TFaxFailureReason } from '@faxline/shared';
import { z } from 'zod';
import {
  CarrierRefused,
  CarrierUnavailable,
  MalformedWebhook,
  carrierRequest,
  fetchCarrierMedia,
  headerOf,
  type AvailableNumber,
  type Carrier,
  type CarrierReport,
  type WebhookRequest,
} from './carrier';

/**
 * SignalWire, as its published reference gives it. Faxes go through the Compatibility (cXML, once
 * "LaML") API: `POST /api/laml/2010-04-01/Accounts/{ProjectID}/Faxes` with a MediaUrl SignalWire fetches, and status
 * callbacks to StatusCallback (form posts: processing, sending, then delivered, busy, no-answer, failed or canceled).
 * A fax call to one of our numbers first asks our webhook what to do (cXML: <Receive action> or <Reject/>), then
 * reports the received fax to the action URL. Every webhook is signed the Twilio-compatible way with the project's
 * Signing Key. Numbers are bought and pointed at us through the REST API (/api/relay/rest/phone_numbers). All of it
 * authenticates with HTTP Basic, the Project ID and an API token. A real Space changes the settings only (SIGNALWIRE_*).
 * The simulator that follows this contract, with the pages it was written from: test-support/carriers/signalwire.ts.
 */
export type SignalWireSettings = {
  /** The Space URL: https://<space>.signalwire.com (a bare host is taken as https). */
  spaceUrl: string;
  projectId: string;
  /** An API token of the project with the Fax and Numbers scopes. */
  apiToken: string;
  /** The project's Signing Key (API Credentials page): what SignalWire signs webhooks with, not the API token. */
  signingKey: string;
};

const CARRIER = 'SignalWire';

/** Statuses that are a step on the way (the fax is accepted, its document converted, the call placed). */
const PROGRESS = new Set(['queued', 'processing', 'sending']);

/**
 * A failed fax's ErrorCode and words in the one taxonomy (decision 119), exported as the tables a test walks.
 * SignalWire publishes no fax-specific ErrorCode list: the codes it documents for the Compatibility API (21212 a number
 * not in E.164, 21217 not a valid phone number, 11200 a media link it could not fetch, 12300 a document of the wrong
 * type), the Twilio-compatible fax codes (34002 busy, 34003 no answer, 34004 an error during the transmission) and the
 * messages of its "Common Fax Errors" page (the fax engine's result texts) are what is known. A busy or no-answer
 * status says it by itself; anything else not known is line quality, its words kept in the attempt's `lineCode`.
 */
export const SIGNALWIRE_ERROR_CODE_CLASSES: Readonly<Record<string, TFaxFailureReason>> = {
  '21212': 'carrier_refused',
  '21217': 'carrier_refused',
  '12300': 'carrier_refused',
  '11200': 'carrier_outage',
  '34002': 'busy',
  '34003': 'no_answer',
  '34004': 'line_quality',
};
export const SIGNALWIRE_STATUS_CLASSES: Readonly<Record<string, TFaxFailureReason>> = {
  busy: 'busy',
  'no-answer': 'no_answer',
  canceled: 'canceled',
};
/** The messages, each with a text SignalWire (or its fax engine) gives, which the walking test reads back. */
export const SIGNALWIRE_MESSAGE_CLASSES: ReadonlyArray<{ pattern: RegExp; example: string; reason: TFaxFailureReason }> = [
  { pattern: /^\s*(connection failed|fax transmission not established)/i, example: 'Connection failed', reason: 'not_a_fax_machine' },
  {
    pattern: /timed out waiting for initial communication/i,
    example: 'Timed out waiting for initial communication',
    reason: 'not_a_fax_machine',
  },
  { pattern: /far end is not (compatible|able to receive)/i, example: 'Far end is not compatible', reason: 'remote_rejected' },
  {
    pattern: /not in the correct format|not represent a valid phone number|unallocated number|not in service/i,
    example: 'Unallocated number',
    reason: 'carrier_refused',
  },
  { pattern: /\bbusy\b/i, example: 'User busy', reason: 'busy' },
  { pattern: /no answer|did not answer/i, example: 'No answer', reason: 'no_answer' },
  {
    pattern: /failed to train|training|dcs|tcf|after sending a page|carrier lost|call dropped/i,
    example: 'Failed to train with any of the compatible modems',
    reason: 'line_quality',
  },
];

export function signalWireFailureClassOf(
  code: string | null | undefined,
  message: string | null | undefined,
  status = 'failed',
): TFaxFailureReason {
  if (Object.hasOwn(SIGNALWIRE_STATUS_CLASSES, status)) return SIGNALWIRE_STATUS_CLASSES[status]!;
  const trimmed = code?.trim();
  if (trimmed && Object.hasOwn(SIGNALWIRE_ERROR_CODE_CLASSES, trimmed)) return SIGNALWIRE_ERROR_CODE_CLASSES[trimmed]!;
  const known = message ? SIGNALWIRE_MESSAGE_CLASSES.find(({ pattern }) => pattern.test(message)) : undefined;
  return known ? known.reason : 'line_quality';
}

/** A callback's parameters, as much of them as Faxline reads (blank values are taken as absent). */
const ZCallback = z.object({
  FaxSid: z.string().min(1).max(100),
  FaxStatus: z.string().max(40).optional(),
  To: z.string().min(1).max(300),
  From: z.string().max(300).optional(),
  NumPages: z
    .string()
    .regex(/^\d{1,6}$/)
    .optional(),
  MediaUrl: z
    .url({ protocol: /^https?$/ })
    .max(2000)
    .optional(),
  ErrorCode: z.string().max(50).optional(),
  ErrorMessage: z.string().max(500).optional(),
  /** The far machine's station id (its CSI on a sent fax), which SignalWire learns during the call (decision 121). */
  RemoteStationId: z.string().max(100).optional(),
});

const ZFax = z.object({ sid: z.string().min(1).max(100) });
const ZSearch = z.object({
  data: z
    .array(
      z.object({
        e164: z.string().regex(/^\+\d{5,17}$/),
        country_code: z.string().nullish(),
        region: z.string().nullish(),
        rate_center: z.string().nullish(),
        capabilities: z.array(z.string()).nullish(),
      }),
    )
    .nullable(),
});
const ZPhoneNumber = z.object({ id: z.string().min(1).max(100) });

/** The carrier's words from either API family's error body: `{ message }` (cXML) or `{ errors: [{ message }] }` (REST). */
function errorDetailOf(text: string): string {
  try {
    const body = JSON.parse(text) as { message?: unknown; code?: unknown; errors?: Array<{ message?: unknown; attribute?: unknown }> };
    const first = body.errors?.[0];
    if (first && typeof first.message === 'string')
      return typeof first.attribute === 'string' ? `${first.attribute}: ${first.message}` : first.message;
    if (typeof body.message === 'string') return body.code !== undefined ? `${String(body.code)} ${body.message}` : body.message;
  } catch {
    // Not JSON: the text as it came.
  }
  return text.slice(0, 300);
}

/** The form parameters of a body, each name with its values in order (a name may repeat). */
function formParamsOf(rawBody: Buffer): Map<string, string[]> {
  const params = new Map<string, string[]>();
  for (const [name, value] of new URLSearchParams(rawBody.toString('utf8'))) params.set(name, [...(params.get(name) ?? []), value]);
  return params;
}

/**
 * The signature SignalWire puts in X-SignalWire-Signature on a compatibility webhook: base64(HMAC-SHA1(Signing Key,
 * the full URL followed by each POST parameter's name and value, the names sorted)).
 */
export function signalWireSignatureOf(signingKey: string, url: string, params: Map<string, string[]>): string {
  let data = url;
  for (const name of [...params.keys()].sort()) for (const value of params.get(name)!) data += name + value;
  return createHmac('sha1', signingKey).update(Buffer.from(data, 'utf8')).digest('base64');
}

/**
 * The URL as posted, and with the scheme's default port written out or left out: SignalWire's own validateRequest
 * checks both, as the port it signs is not always the one the request shows.
 */
function urlVariantsOf(url: string): string[] {
  const variants = [url];
  try {
    const parsed = new URL(url);
    const standard = parsed.protocol === 'https:' ? '443' : parsed.protocol === 'http:' ? '80' : null;
    if (!standard) return variants;
    const authority = `${parsed.username}${parsed.password ? `:${parsed.password}` : ''}${parsed.username || parsed.password ? '@' : ''}`;
    const rest = `${parsed.pathname}${parsed.search}${parsed.hash}`;
    // URL drops a default port, so `parsed.host` has none when the URL named the default one.
    if (!parsed.port)
      variants.push(
        `${parsed.protocol}//${authority}${parsed.hostname}:${standard}${rest}`,
        `${parsed.protocol}//${authority}${parsed.host}${rest}`,
      );
  } catch {
    // Not an absolute URL: only the text as it came can match.
  }
  return [...new Set(variants)];
}

const sameText = (a: string, b: string) => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');

/** The query parameter of the status callback that names the fax and the try (see send). */
const TRY_PARAMETER = 'try';

export function signalWireCarrier(settings: SignalWireSettings): Carrier {
  const space = (/^https?:\/\//i.test(settings.spaceUrl) ? settings.spaceUrl : `https://${settings.spaceUrl}`).replace(/\/+$/, '');
  const spaceOrigin = new URL(space).origin;
  const authorization = `Basic ${Buffer.from(`${settings.projectId}:${settings.apiToken}`).toString('base64')}`;
  const faxesUrl = `${space}/api/laml/2010-04-01/Accounts/${encodeURIComponent(settings.projectId)}/Faxes.json`;
  const numbersUrl = `${space}/api/relay/rest/phone_numbers`;
  const json = { authorization, accept: 'application/json', 'content-type': 'application/json' };

  /** A 2xx JSON answer read with `schema`; anything else means SignalWire did not do what it says it did. */
  function answerOf<T>(body: Buffer, schema: z.ZodType<T>, what: string): T {
    let parsed: unknown;
    try {
      parsed = JSON.parse(body.toString('utf8'));
    } catch {
      throw new CarrierUnavailable(`${CARRIER} answered without ${what}`);
    }
    const result = schema.safeParse(parsed);
    if (!result.success) throw new CarrierUnavailable(`${CARRIER} answered without ${what}`);
    return result.data;
  }

  async function release(carrierNumberId: string): Promise<void> {
    try {
      await carrierRequest(
        CARRIER,
        `${numbersUrl}/${encodeURIComponent(carrierNumberId)}`,
        { method: 'DELETE', headers: { authorization } },
        errorDetailOf,
      );
    } catch (error) {
      // Already gone is released: a release asked again after an answer that never came must not fail for ever.
      if (error instanceof CarrierRefused && error.status === 404) return;
      throw error;
    }
  }

  return {
    name: 'signalwire',

    /**
     * Hands a fax over with a form post, as the Compatibility API takes it. The try rides on the StatusCallback URL
     * (`try=faxline:<fax>:<try>`): SignalWire requests that URL as given for every status, and signs it, so the
     * reference cannot be changed in transit. StoreMedia=false: Faxline keeps the document; the carrier needs no copy.
     */
    async send(fax) {
      const callback = new URL(fax.webhookUrl);
      callback.searchParams.append(TRY_PARAMETER, fax.tryRef);
      const { body } = await carrierRequest(
        CARRIER,
        faxesUrl,
        {
          method: 'POST',
          headers: { authorization, accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({
            To: fax.to,
            From: fax.from,
            MediaUrl: fax.mediaUrl,
            // Faxline's qualities are SignalWire's names: standard, fine, superfine.
            Quality: fax.quality,
            StatusCallback: callback.toString(),
            StatusCallbackMethod: 'POST',
            StoreMedia: 'false',
          }).toString(),
        },
        errorDetailOf,
      );
      return answerOf(body, ZFax, 'a fax sid').sid;
    },

    /**
     * The documented check: X-SignalWire-Signature (X-Twilio-Signature, its alias, when that is what came) against the
     * Signing Key's HMAC of the full URL as posted, query included, and the body's form parameters, compared in
     * constant time. SignalWire signs no timestamp, so there is no window to check (`nowSeconds` is not needed): a
     * replayed webhook passes, and that is harmless, since Faxline stores each event once by its id and acts once.
     */
    isAuthentic(request) {
      const signature = headerOf(request.headers, 'x-signalwire-signature') ?? headerOf(request.headers, 'x-twilio-signature');
      if (!signature) return false;
      const params = formParamsOf(request.rawBody);
      return urlVariantsOf(request.url).some((url) => sameText(signature, signalWireSignatureOf(settings.signingKey, url, params)));
    },

    reportOf(request: WebhookRequest): CarrierReport | null {
      const fields = Object.fromEntries(
        [...new URLSearchParams(request.rawBody.toString('utf8'))].filter(([, value]) => value.trim() !== ''),
      );
      const parsed = ZCallback.safeParse(fields);
      if (!parsed.success) throw new MalformedWebhook(`Not a SignalWire fax webhook: ${parsed.error.issues[0]?.message ?? 'unreadable'}`);
      const hook = parsed.data;
      // A fax call asking what to do carries no FaxStatus (the reference lists FaxSid, AccountSid, From, To and
      // ApiVersion only); "receiving" is the status such a fax has, if one is ever sent along.
      const status = hook.FaxStatus ?? 'receiving';
      const tryRef = new URL(request.url, 'http://localhost').searchParams.get(TRY_PARAMETER);
      const pages = hook.NumPages !== undefined ? Number(hook.NumPages) : null;
      const common = { eventId: `${hook.FaxSid}:${status}`, type: status, carrierFaxId: hook.FaxSid };
      const detail = () => `${CARRIER} fax ${hook.FaxSid}: ${[hook.ErrorCode, hook.ErrorMessage].filter(Boolean).join(' ') || status}`;

      if (status === 'receiving') return { kind: 'incoming', ...common, from: hook.From ?? null, to: hook.To };
      if (PROGRESS.has(status)) return { kind: 'progress', ...common, tryRef };
      const remoteIdent = hook.RemoteStationId?.trim() || null;
      if (status === 'delivered') return { kind: 'delivered', ...common, tryRef, pages, durationMs: null, remoteIdent };
      if (status === 'busy' || status === 'no-answer' || status === 'failed' || status === 'canceled') {
        const reason = signalWireFailureClassOf(hook.ErrorCode, hook.ErrorMessage, status);
        const lineCode = [status, hook.ErrorCode, hook.ErrorMessage].filter(Boolean).join(' ').slice(0, 300);
        return { kind: 'failed', ...common, tryRef, reason, lineCode, detail: detail(), pages, durationMs: null, remoteIdent };
      }
      if (status === 'received') {
        if (!hook.MediaUrl) throw new MalformedWebhook(`${CARRIER} reported fax ${hook.FaxSid} received without its MediaUrl`);
        return { kind: 'received', ...common, from: hook.From ?? null, to: hook.To, mediaUrl: hook.MediaUrl, pages, durationMs: null };
      }
      return null;
    },

    /**
     * The cXML answer to a fax call: <Receive> with the action SignalWire reports the received fax to (as a PDF), or
     * <Reject/>, which ends the call (the fax is canceled) and makes SignalWire request nothing more.
     */
    answerIncoming(take, receiveUrl) {
      const verb = take ? `<Receive action="${escapeXml(receiveUrl)}" method="POST" mediaType="application/pdf"/>` : '<Reject/>';
      return { contentType: 'application/xml', body: `<?xml version="1.0" encoding="UTF-8"?><Response>${verb}</Response>` };
    },

    /**
     * A received fax's document. Its link is under the Space, behind the API's Basic auth; the credentials go to the
     * Space only, never to another host a link might name.
     */
    async fetchMedia(url) {
      const toSpace = new URL(url).origin === spaceOrigin;
      return fetchCarrierMedia(CARRIER, url, toSpace ? { authorization } : {});
    },

    /**
     * The REST API's search has no country filter (SignalWire sells North American numbers, each result names its
     * country_code): Faxline asks for the most it may (100) in the area code, keeps the country's numbers that take
     * faxes, and answers the first `limit`. SignalWire states no price in a search.
     */
    async searchNumbers({ country, areaCode, limit }) {
      const query = new URLSearchParams({ number_type: 'local', max_results: '100' });
      if (areaCode) query.set('areacode', areaCode);
      const { body } = await carrierRequest(
        CARRIER,
        `${numbersUrl}/search?${query.toString()}`,
        { headers: { authorization, accept: 'application/json' } },
        errorDetailOf,
      );
      const found = answerOf(body, ZSearch, 'a list of numbers').data ?? [];
      return found
        .filter(
          (n) => (n.country_code ?? '').toUpperCase() === country.toUpperCase() && (!n.capabilities || n.capabilities.includes('fax')),
        )
        .slice(0, limit)
        .map((n): AvailableNumber => ({
          number: n.e164,
          country: n.country_code!.toUpperCase(),
          region: n.region || null,
          locality: n.rate_center || null,
          monthlyPrice: null,
        }));
    },

    /**
     * Buys the number, then sets it to take calls as faxes and to ask `webhookUrl` what to do with each (LaML webhooks,
     * POST), as the dashboard's "Accept Incoming Calls As: Fax, Handle Faxes Using: LaML Webhooks" does. The purchase
     * takes only the number, hence two requests; when the second fails the number is given back, so that a number
     * Faxline cannot use is not left on the bill (and its id is in the error if even that fails).
     */
    async orderNumber(number, webhookUrl) {
      const bought = await carrierRequest(
        CARRIER,
        numbersUrl,
        { method: 'POST', headers: json, body: JSON.stringify({ number }) },
        errorDetailOf,
      );
      const { id } = answerOf(bought.body, ZPhoneNumber, 'the id of the number bought');
      try {
        await carrierRequest(
          CARRIER,
          `${numbersUrl}/${encodeURIComponent(id)}`,
          {
            method: 'PUT',
            headers: json,
            body: JSON.stringify({
              call_handler: 'laml_webhooks',
              call_receive_mode: 'fax',
              call_request_url: webhookUrl,
              call_request_method: 'POST',
            }),
          },
          errorDetailOf,
        );
      } catch (error) {
        const released = await release(id).then(
          () => true,
          () => false,
        );
        if (!released && error instanceof Error) error.message += ` (${number} was bought as ${id} and could not be given back)`;
        throw error;
      }
      return { carrierNumberId: id };
    },

    async releaseNumber({ carrierNumberId }) {
      await release(carrierNumberId);
    },
  };
}
