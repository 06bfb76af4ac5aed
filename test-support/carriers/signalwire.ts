/**
 * A local stand-in for SignalWire (a "Space"), for tests that cannot reach SignalWire. It is a plain node:http server on
 * 127.0.0.1 that follows the published contract, written from SignalWire's pages (nothing copied):
 *
 * - Compatibility (cXML, formerly LaML) Fax API, `POST /api/laml/2010-04-01/Accounts/{ProjectID}/Faxes` (also
 *   `Faxes.json`): HTTP Basic auth with the Project ID and an API token; form-urlencoded (JSON is accepted too: the
 *   reference says "expects an object"); MediaUrl, To (E.164 or SIP URI), From (E.164) required; Quality
 *   (standard | fine | superfine, default fine), StatusCallback, StatusCallbackMethod, StoreMedia, Ttl (5–300)
 *   optional. Answers the fax resource (sid, account_sid, api_version, direction, from, to, media_url, media_sid,
 *   num_pages, quality, status `queued`, links.media, url …). `GET …/Faxes/{sid}` shows it.
 *   https://developer.signalwire.com/compatibility-api/client-sdks/methods/faxes/send
 *   https://signalwire.com/docs/compatibility-api/rest/faxes/send-fax
 *   https://developer.signalwire.com/compatibility-api/rest/entities/faxes/
 *   https://developer.signalwire.com/compatibility-api/rest/update-a-fax/ (the statuses: queued, processing, sending,
 *   delivered, receiving, received, no-answer, busy, failed, canceled)
 * - Errors: the Compatibility API's `{ code, message, more_info, status }` with the documented codes (21212 a number
 *   not in E.164, 21620 an invalid media URL); the fax's own failures carry ErrorCode/ErrorMessage: 11200 "HTTP
 *   Retrieval Failure" when MediaUrl does not answer 2xx, 12300 "Invalid Content-Type" when it is no PDF.
 *   https://signalwire.com/docs/compatibility-api/rest/error-codes
 *   https://signalwire.com/docs/platform/fax/common-errors (the failure messages of a fax call)
 * - Status callbacks: form-urlencoded POSTs (or GETs, StatusCallbackMethod) to StatusCallback with FaxSid, AccountSid,
 *   From, To, ApiVersion, FaxStatus, OriginalMediaUrl, NumPages, MediaSid, MediaUrl, RemoteStationId, ErrorCode,
 *   ErrorMessage; here processing, sending, then delivered | busy | no-answer | failed.
 *   https://developer.signalwire.com/compatibility-api/reference/callbacks
 * - Signatures: `X-SignalWire-Signature` = base64(HMAC-SHA1(Signing Key, full URL + the POST parameters sorted by
 *   name, each name followed by its value)), the Twilio-compatible scheme; the key is the project's Signing Key
 *   (API Credentials page), not the API token. SignalWire's own validateRequest (compatibility-api-js
 *   lib/webhooks/webhooks.js, read on GitHub) also tries the URL with and without its port. No timestamp is signed.
 *   https://developer.signalwire.com/guides/webhook-security
 *   https://signalwire.com/docs/server-sdks/reference/python/core/security/validate-request
 * - Inbound fax: a fax call to a number set to receive faxes with LaML webhooks requests the number's URL (POST by
 *   default) with FaxSid, AccountSid, From, To, ApiVersion; the answer is cXML: `<Response><Receive action="…"/>`
 *   takes the fax and, once received, requests `action` with FaxStatus=received, NumPages, MediaUrl, RemoteStationId
 *   (or FaxStatus=failed, ErrorCode, ErrorMessage); `<Response><Reject/></Response>` refuses it (status canceled,
 *   nothing more is requested). An answer that is not 2xx is 11200, not XML 12300, unreadable 12100. The received
 *   document is served at the fax's media link, behind the same Basic auth as the API.
 *   https://developer.signalwire.com/compatibility-api/xml/fax
 *   https://developer.signalwire.com/compatibility-api/xml/fax/receive/
 *   https://developer.signalwire.com/compatibility-api/xml/fax/reject
 *   https://developer.signalwire.com/fax/getting-started/securing-callback-for-inbound-fax-with-cxml
 * - Numbers, the REST API under /api/relay/rest (Basic auth, JSON): `GET /phone_numbers/search` (areacode,
 *   number_type local | toll-free, starts_with | contains | ends_with of 3–7 digits, max_results ≤ 100 default 50,
 *   region not with areacode, city only with region; no country filter: each result names its country_code),
 *   `POST /phone_numbers` { number } buys one, `PUT /phone_numbers/{id}` sets call_handler (laml_webhooks),
 *   call_receive_mode (voice | fax), call_request_url, call_request_method, `DELETE /phone_numbers/{id}` releases it.
 *   Errors `{ errors: [{ type, code, message, attribute, url }] }` with the REST API's codes.
 *   https://signalwire.com/docs/apis/relay-rest/phone-numbers/search-available-phone-numbers
 *   https://developer.signalwire.com/rest/purchase-a-phone-number
 *   https://developer.signalwire.com/rest/update-a-phone-number
 *   https://signalwire.com/docs/apis/error-codes
 *
 * Not published, so chosen here: webhook retries (none: each callback is posted once and its answer recorded), the
 * 401 body (the error shape of the API family asked), the ErrorCode of busy and no-answer (none: the status says it).
 */
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import {
  fetchDocument,
  guessPageCount,
  listenOnLocalhost,
  readBody,
  SimulatorControls,
  WorkInFlight,
  type SentFaxWithMedia,
} from './simulator-kit';

export type SignalWireFaxStatus =
  'queued' | 'processing' | 'sending' | 'delivered' | 'receiving' | 'received' | 'no-answer' | 'busy' | 'failed' | 'canceled';
export type SignalWireQuality = 'standard' | 'fine' | 'superfine';
export type SignalWireWebhookMode = 'in-order' | 'duplicated' | 'reordered';

/** What happens to a fax sent to a number: delivered (pages: the PDF's count unless given), or one of the failures. */
export type SignalWireOutcome =
  | { result: 'delivered'; pages?: number; durationSecs?: number; remoteStationId?: string }
  | { result: 'busy' }
  | { result: 'no-answer' }
  | { result: 'failed'; errorCode: string; errorMessage: string };

/** The fax resource as the Compatibility API answers it. */
export interface SignalWireFax {
  account_sid: string;
  api_version: string;
  date_created: string;
  date_updated: string;
  direction: 'outbound' | 'inbound';
  from: string;
  to: string;
  media_url: string | null;
  media_sid: string;
  num_pages: number | null;
  price: string | null;
  price_unit: string;
  quality: SignalWireQuality;
  sid: string;
  status: SignalWireFaxStatus;
  duration: number | null;
  links: { media: string };
  url: string;
}

/** One request the simulator made to the outside (a callback, a fax request, sendWebhook's), and its answer. */
export interface SignalWireWebhookDelivery {
  kind: 'status-callback' | 'fax-request' | 'receive-action' | 'manual';
  faxSid: string;
  faxStatus: string | null;
  /** The URL requested, as signed (a GET has the parameters in its query). */
  url: string;
  method: 'GET' | 'POST';
  params: Record<string, string>;
  /** The form body posted ('' for a GET). */
  body: string;
  signature: string;
  /** The receiver's answer; null when there was none (see error). */
  status: number | null;
  responseBody: string;
  responseContentType: string | null;
  error?: string;
}

/** An outbound fax as the simulator saw it; its request keeps every parameter as a string, as a form carries it. */
export interface SignalWireSentFax extends SentFaxWithMedia<SignalWireFax, SignalWireWebhookDelivery, Record<string, string>> {
  sid: string;
}

/** An inbound fax made with receive(). */
export interface SignalWireReceivedFax {
  sid: string;
  to: string;
  from: string;
  outcome: 'received' | 'rejected' | 'error';
  /** The cXML the number's URL answered. */
  laml: string | null;
  mediaUrl: string | null;
  errorCode?: string;
  webhooks: SignalWireWebhookDelivery[];
}

/** A number SignalWire has for sale, as the search answers it. */
export interface SignalWireAvailableNumber {
  e164: string;
  national_number_formatted: string;
  international_number_formatted: string;
  rate_center: string;
  region: string;
  country_code: string;
  capabilities: string[];
}

/** A number the project owns, as the REST API answers it. */
export interface SignalWireOwnedNumber {
  id: string;
  number: string;
  name: string;
  call_handler: string | null;
  call_receive_mode: 'voice' | 'fax';
  call_request_url: string | null;
  call_request_method: 'GET' | 'POST';
  call_fallback_url: string | null;
  call_fallback_method: 'GET' | 'POST';
  call_status_callback_url: string | null;
  call_status_callback_method: 'GET' | 'POST';
  capabilities: string[];
  number_type: 'local' | 'toll-free';
  country_code: string;
  region: string;
  rate_center: string;
  created_at: string;
  updated_at: string;
}

export interface SignalWireSimulatorOptions {
  /** Pause between the steps of a fax (default 5 ms). */
  stepDelayMs?: number;
  /** A receiver that has not answered within this counts as not answering (default 5000). */
  webhookTimeoutMs?: number;
}

export interface SignalWireSimulator {
  /** The Space URL, e.g. http://127.0.0.1:PORT (https://<space>.signalwire.com for a real one). */
  url: string;
  projectId: string;
  apiToken: string;
  /** The project's Signing Key: what signs every webhook. */
  signingKey: string;
  /** Outbound faxes accepted, oldest first. */
  faxes: SignalWireSentFax[];
  /** Inbound faxes made with receive(). */
  received: SignalWireReceivedFax[];
  /** Every request the simulator made to the outside, in order. */
  webhooks: SignalWireWebhookDelivery[];
  /** Every request to the simulator: method, path and the status it answered. */
  requestLog: { method: string; path: string; status: number }[];
  /** The numbers the project owns (bought, not released). */
  ownedNumbers: SignalWireOwnedNumber[];
  /** The numbers for sale. */
  availableNumbers: SignalWireAvailableNumber[];
  outcomeFor(to: string, outcome: SignalWireOutcome): void;
  failNextSends(status: number, count?: number): void;
  webhookMode(mode: SignalWireWebhookMode): void;
  /**
   * A fax call to one of the project's numbers: requests its URL, reads the cXML, and on <Receive> stores the document
   * and requests the action URL with FaxStatus=received. Throws when the number does not take faxes by LaML webhooks.
   */
  receive(fax: { to: string; from: string; pdf: Buffer; pages?: number }): Promise<{
    faxSid: string;
    outcome: 'received' | 'rejected' | 'error';
    mediaUrl: string | null;
    errorCode?: string;
    /** What the number's URL answered, and what the action URL answered (null: not requested). */
    requestStatus: number | null;
    actionStatus: number | null;
  }>;
  /** Posts `params` form-encoded to `url`, signed with the project's Signing Key or another one. */
  sendWebhook(
    url: string,
    params: Record<string, string>,
    options?: { signWith?: 'own' | 'other' },
  ): Promise<{ status: number | null; body: string; signature: string }>;
  /** The signature of a request to `url` with these form parameters, with the project's Signing Key. */
  signature(url: string, params: Record<string, string>): string;
  /** Resolves when every fax and inbound fax has finished its requests. */
  settled(): Promise<void>;
  close(): Promise<void>;
}

const COMPAT_ROOT = '/api/laml/2010-04-01/Accounts';
const REST_ROOT = '/api/relay/rest';
const API_VERSION = 'v1';
const QUALITIES: readonly SignalWireQuality[] = ['standard', 'fine', 'superfine'];
const E164 = /^\+[1-9]\d{1,14}$/;
const SIP_URI = /^sips?:[^@\s]+@[^@\s]+$/;
const MAX_REQUEST_BYTES = 10 * 1024 * 1024;
const COMPAT_ERRORS_PAGE = 'https://signalwire.com/docs/compatibility-api/rest/error-codes';
const CALL_HANDLERS = [
  'relay_script',
  'relay_context',
  'relay_topic',
  'relay_application',
  'laml_webhooks',
  'laml_application',
  'dialogflow',
  'relay_connector',
  'relay_sip_endpoint',
  'relay_verto_endpoint',
  'video_room',
];

/** An error answer: the Compatibility API's body or the REST API's, by the family asked. */
class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(`HTTP ${status}`);
  }
}

const compatError = (status: number, code: number, message: string) =>
  new HttpError(status, { code, message, more_info: COMPAT_ERRORS_PAGE, status });

const restError = (status: number, code: string, message: string, attribute?: string) =>
  new HttpError(status, {
    errors: [
      {
        type: status === 401 ? 'authentication_error' : status === 404 ? 'not_found_error' : 'validation_error',
        code,
        message,
        ...(attribute ? { attribute } : {}),
        url: `https://signalwire.com/docs/apis/error-codes#${code}`,
      },
    ],
  });

const errorFor = (family: 'compat' | 'rest', status: number, message: string) =>
  family === 'compat' ? compatError(status, status, message) : restError(status, status === 401 ? 'unauthorized' : 'http_error', message);

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const now = () => new Date().toISOString();

function isHttpUrl(value: string | undefined): boolean {
  if (!value || value.length > 2000) return false;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** base64(HMAC-SHA1(key, url + each parameter's name and value, by name)): SignalWire's compatibility signature. */
function signWith(key: string, url: string, params: Record<string, string>): string {
  const data = Object.keys(params)
    .sort()
    .reduce((acc, name) => acc + name + params[name], url);
  return createHmac('sha1', key).update(Buffer.from(data, 'utf8')).digest('base64');
}

/** A request's parameters as strings, from a form or a JSON object. */
function paramsOf(raw: Buffer, contentType: string, family: 'compat' | 'rest'): Record<string, string> {
  if (contentType.startsWith('application/x-www-form-urlencoded')) return Object.fromEntries(new URLSearchParams(raw.toString('utf8')));
  if (raw.length === 0) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw.toString('utf8'));
  } catch {
    throw family === 'compat' ? compatError(400, 400, 'The body could not be read.') : restError(400, 'invalid_parameter', 'Invalid JSON');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw family === 'compat' ? compatError(400, 400, 'The body is not an object.') : restError(400, 'invalid_parameter', 'Invalid JSON');
  return Object.fromEntries(
    Object.entries(parsed as Record<string, unknown>)
      .filter(([, value]) => value !== null && value !== undefined)
      .map(([key, value]) => [key, String(value)]),
  );
}

const XML_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const decodeXml = (text: string) =>
  text.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (_, entity: string) =>
    entity.startsWith('#x') || entity.startsWith('#X')
      ? String.fromCodePoint(parseInt(entity.slice(2), 16))
      : entity.startsWith('#')
        ? String.fromCodePoint(Number(entity.slice(1)))
        : (XML_ENTITIES[entity.toLowerCase()] ?? ''),
  );

/** The first verb of a fax cXML document, or null when it is not one (no <Response> root, nothing inside). */
function faxVerbOf(xml: string): { verb: string; attributes: Record<string, string> } | null {
  const text = xml.replace(/<!--[\s\S]*?-->/g, '').trim();
  const root = /^(?:<\?xml[^>]*\?>)?\s*<Response\s*(?:\/>|>([\s\S]*)<\/Response>)\s*$/.exec(text);
  if (!root) return null;
  const verb = /^\s*<([A-Za-z]+)((?:\s+[A-Za-z:-]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*(?:\/>|>[\s\S]*?<\/\1>)/.exec(root[1] ?? '');
  if (!verb) return null;
  const attributes: Record<string, string> = {};
  for (const match of verb[2]!.matchAll(/([A-Za-z:-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g))
    attributes[match[1]!] = decodeXml(match[2] ?? match[3] ?? '');
  return { verb: verb[1]!, attributes };
}

/** The numbers for sale: two US area codes and two Canadian ones (a few of 415's carry no fax). */
function seedNumbers(): SignalWireAvailableNumber[] {
  const blocks = [
    { npa: '312', first: 101, count: 12, region: 'IL', rateCenter: 'CHICAGO', country: 'US', noFax: 0 },
    { npa: '415', first: 121, count: 10, region: 'CA', rateCenter: 'SAN FRANCISCO', country: 'US', noFax: 2 },
    { npa: '416', first: 131, count: 10, region: 'ON', rateCenter: 'TORONTO', country: 'CA', noFax: 0 },
    { npa: '604', first: 141, count: 6, region: 'BC', rateCenter: 'VANCOUVER', country: 'CA', noFax: 0 },
  ];
  return blocks.flatMap((block) =>
    Array.from({ length: block.count }, (_, i) => {
      const line = String(block.first + i).padStart(4, '0');
      return {
        e164: `+1${block.npa}555${line}`,
        national_number_formatted: `(${block.npa}) 555-${line}`,
        international_number_formatted: `+1 ${block.npa}-555-${line}`,
        rate_center: block.rateCenter,
        region: block.region,
        country_code: block.country,
        capabilities: i >= block.count - block.noFax ? ['voice', 'sms', 'mms'] : ['voice', 'sms', 'mms', 'fax'],
      };
    }),
  );
}

function send(res: ServerResponse, status: number, body: unknown): void {
  if (status === 204) {
    res.writeHead(204).end();
    return;
  }
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

/** Starts the simulator on 127.0.0.1 at a free port. */
export async function startSignalWireSimulator(options: SignalWireSimulatorOptions = {}): Promise<SignalWireSimulator> {
  const projectId = randomUUID();
  const apiToken = `PT${randomBytes(24).toString('hex')}`;
  const signingKey = `PSK_${randomBytes(18).toString('base64url')}`;
  const otherKey = `PSK_${randomBytes(18).toString('base64url')}`;
  const stepDelayMs = options.stepDelayMs ?? 5;
  const webhookTimeoutMs = options.webhookTimeoutMs ?? 5000;

  const controls = new SimulatorControls<SignalWireOutcome, SignalWireWebhookMode>('in-order');
  /** Documents served at the faxes' media links, by media sid. */
  const media = new Map<string, { faxSid: string; bytes: Buffer }>();
  const inbound = new Map<string, SignalWireFax>();
  const work = new WorkInFlight();
  let url = '';

  const faxes: SignalWireSentFax[] = [];
  const received: SignalWireReceivedFax[] = [];
  const webhooks: SignalWireWebhookDelivery[] = [];
  const requestLog: SignalWireSimulator['requestLog'] = [];
  const ownedNumbers: SignalWireOwnedNumber[] = [];
  const availableNumbers = seedNumbers();

  const authorized = (req: IncomingMessage) =>
    req.headers.authorization === `Basic ${Buffer.from(`${projectId}:${apiToken}`).toString('base64')}`;
  const mediaLinkOf = (faxSid: string, mediaSid: string) => `${COMPAT_ROOT}/${projectId}/Faxes/${faxSid}/Media/${mediaSid}`;

  /** One signed request, form-encoded; never throws. A GET carries the parameters in its query, and signs that URL. */
  async function request(
    kind: SignalWireWebhookDelivery['kind'],
    target: string,
    method: 'GET' | 'POST',
    params: Record<string, string>,
    log: SignalWireWebhookDelivery[] | null,
    key = signingKey,
  ): Promise<SignalWireWebhookDelivery> {
    let requested = target;
    let body = '';
    let signed: Record<string, string> = params;
    if (method === 'GET') {
      const withQuery = new URL(target);
      for (const [name, value] of Object.entries(params)) withQuery.searchParams.append(name, value);
      requested = withQuery.toString();
      signed = {};
    } else {
      body = new URLSearchParams(params).toString();
    }
    const signature = signWith(key, requested, signed);
    const delivery: SignalWireWebhookDelivery = {
      kind,
      faxSid: params.FaxSid ?? '',
      faxStatus: params.FaxStatus ?? null,
      url: requested,
      method,
      params,
      body,
      signature,
      status: null,
      responseBody: '',
      responseContentType: null,
    };
    try {
      const res = await fetch(requested, {
        method,
        headers: {
          ...(method === 'POST' ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
          'x-signalwire-signature': signature,
          'user-agent': 'SignalWire-Simulator',
        },
        ...(method === 'POST' ? { body } : {}),
        redirect: 'manual',
        signal: AbortSignal.timeout(webhookTimeoutMs),
      });
      delivery.status = res.status;
      delivery.responseContentType = res.headers.get('content-type');
      delivery.responseBody = await res.text().catch(() => '');
    } catch (error) {
      delivery.error = error instanceof Error ? error.message : String(error);
    }
    log?.push(delivery);
    webhooks.push(delivery);
    return delivery;
  }

  /** Posts callbacks in the current mode; answers the status the last one (in its natural order) got. */
  async function deliverAll(
    kind: SignalWireWebhookDelivery['kind'],
    target: string,
    method: 'GET' | 'POST',
    events: Record<string, string>[],
    log: SignalWireWebhookDelivery[],
  ): Promise<number | null> {
    const order = controls.mode === 'reordered' && events.length > 1 ? [events[events.length - 1]!, ...events.slice(0, -1)] : events;
    let lastStatus: number | null = null;
    for (const event of order) {
      if (work.closed) break;
      const delivery = await request(kind, target, method, event, log);
      if (event === events[events.length - 1]) lastStatus = delivery.status;
      if (controls.mode === 'duplicated' && !work.closed) await request(kind, target, method, event, log);
      await sleep(stepDelayMs);
    }
    return lastStatus;
  }

  function setStatus(fax: SignalWireFax, status: SignalWireFaxStatus): void {
    fax.status = status;
    fax.date_updated = now();
  }

  /** Fetches MediaUrl: a 2xx answer (no redirects) that is a PDF, else the failure's code and message. */
  async function fetchMedia(sent: SignalWireSentFax): Promise<{ pages: number } | { errorCode: string; errorMessage: string }> {
    const media = await fetchDocument(sent, sent.request.MediaUrl!, webhookTimeoutMs);
    if (!media) return { errorCode: '11200', errorMessage: 'HTTP Retrieval Failure' };
    if (!media.bytes.subarray(0, 1024).includes('%PDF-')) return { errorCode: '12300', errorMessage: 'Invalid Content-Type' };
    return { pages: await guessPageCount(media.bytes) };
  }

  async function runOutbound(sent: SignalWireSentFax): Promise<void> {
    const fax = sent.fax;
    const callback = sent.request.StatusCallback;
    const method = sent.request.StatusCallbackMethod === 'GET' ? 'GET' : 'POST';
    const stored = sent.request.StoreMedia !== 'false';
    const base = (status: SignalWireFaxStatus): Record<string, string> => ({
      AccountSid: projectId,
      ApiVersion: API_VERSION,
      FaxSid: fax.sid,
      FaxStatus: status,
      From: fax.from,
      To: fax.to,
      OriginalMediaUrl: sent.request.MediaUrl!,
    });
    const inOrder = controls.mode === 'in-order' || controls.mode === 'duplicated';
    const events: Record<string, string>[] = [];
    setStatus(fax, 'processing');
    events.push(base('processing'));
    // In order, processing goes out before the download, as SignalWire reports the change once it starts.
    if (inOrder && callback) await deliverAll('status-callback', callback, method, events, sent.webhooks);
    await sleep(stepDelayMs);

    const got = await fetchMedia(sent);
    if ('errorCode' in got) {
      setStatus(fax, 'failed');
      events.push({ ...base('failed'), ErrorCode: got.errorCode, ErrorMessage: got.errorMessage });
    } else {
      if (stored && sent.media) media.set(fax.media_sid, { faxSid: fax.sid, bytes: sent.media.bytes });
      const mediaParams: Record<string, string> = stored ? { MediaSid: fax.media_sid, MediaUrl: `${url}${fax.links.media}` } : {};
      setStatus(fax, 'sending');
      events.push(base('sending'));
      const outcome = controls.outcomes.get(fax.to) ?? { result: 'delivered' };
      if (outcome.result === 'delivered') {
        const pages = outcome.pages ?? got.pages;
        fax.num_pages = pages;
        fax.duration = outcome.durationSecs ?? 10 + 15 * pages;
        setStatus(fax, 'delivered');
        events.push({
          ...base('delivered'),
          NumPages: String(pages),
          RemoteStationId: outcome.remoteStationId ?? fax.to,
          ...mediaParams,
        });
      } else if (outcome.result === 'failed') {
        setStatus(fax, 'failed');
        events.push({ ...base('failed'), ErrorCode: outcome.errorCode, ErrorMessage: outcome.errorMessage });
      } else {
        setStatus(fax, outcome.result);
        events.push(base(outcome.result));
      }
    }
    if (!callback) return;
    await deliverAll('status-callback', callback, method, inOrder ? events.slice(1) : events, sent.webhooks);
  }

  /** The send's parameters as the reference lists them; the first problem is the 400 answered. */
  function validateSend(body: Record<string, string>): void {
    const present = (name: string) => body[name] !== undefined && body[name] !== '';
    if (!present('To')) throw compatError(400, 21212, "The 'To' number is required, in E.164 format (+15558675309).");
    if (!E164.test(body.To!) && !SIP_URI.test(body.To!))
      throw compatError(400, 21212, `The 'To' number ${body.To} is not in the correct format. Please use E.164 format, i.e. +15558675309.`);
    if (!present('From')) throw compatError(400, 21212, "The 'From' number is required, in E.164 format (+15558675309).");
    if (!E164.test(body.From!))
      throw compatError(
        400,
        21212,
        `The 'From' number ${body.From} is not in the correct format. Please use E.164 format, i.e. +15558675309.`,
      );
    if (!isHttpUrl(body.MediaUrl)) throw compatError(400, 21620, 'Invalid media URL(s): MediaUrl must be an http(s) URL.');
    if (present('Quality') && !QUALITIES.includes(body.Quality as SignalWireQuality))
      throw compatError(400, 400, `Quality must be one of ${QUALITIES.join(', ')}.`);
    if (present('StatusCallback') && !isHttpUrl(body.StatusCallback)) throw compatError(400, 400, 'StatusCallback must be an http(s) URL.');
    if (present('StatusCallbackMethod') && body.StatusCallbackMethod !== 'GET' && body.StatusCallbackMethod !== 'POST')
      throw compatError(400, 400, 'StatusCallbackMethod must be GET or POST.');
    if (present('StoreMedia') && body.StoreMedia !== 'true' && body.StoreMedia !== 'false')
      throw compatError(400, 400, 'StoreMedia must be true or false.');
    if (present('Ttl') && !(/^\d+$/.test(body.Ttl!) && Number(body.Ttl) >= 5 && Number(body.Ttl) <= 300))
      throw compatError(400, 400, 'Ttl must be a whole number of minutes between 5 and 300.');
  }

  /** A fax resource as the API first shows it, sent or received: its own media sid and links, no pages, price or duration yet. */
  function newFax(sid: string, own: Pick<SignalWireFax, 'direction' | 'from' | 'to' | 'media_url' | 'quality' | 'status'>): SignalWireFax {
    const mediaSid = randomUUID();
    const created = now();
    return {
      account_sid: projectId,
      api_version: API_VERSION,
      date_created: created,
      date_updated: created,
      ...own,
      media_sid: mediaSid,
      num_pages: null,
      price: null,
      price_unit: 'USD',
      sid,
      duration: null,
      links: { media: mediaLinkOf(sid, mediaSid) },
      url: `${COMPAT_ROOT}/${projectId}/Faxes/${sid}`,
    };
  }

  async function createFax(req: IncomingMessage, res: ServerResponse): Promise<number> {
    const refused = controls.nextSendFailure();
    if (refused !== null) throw errorFor('compat', refused, `The service answered ${refused}; try again.`);
    const contentType = (req.headers['content-type'] ?? '').toLowerCase();
    const body = paramsOf(
      await readBody(req, MAX_REQUEST_BYTES, () => compatError(413, 413, 'The request is too large.')),
      contentType,
      'compat',
    );
    validateSend(body);
    const sid = randomUUID();
    const fax = newFax(sid, {
      direction: 'outbound',
      from: body.From!,
      to: body.To!,
      media_url: body.MediaUrl!,
      quality: (body.Quality as SignalWireQuality | undefined) || 'fine',
      status: 'queued',
    });
    const sent: SignalWireSentFax = {
      sid,
      request: body,
      requestContentType: contentType,
      media: null,
      fax,
      webhooks: [],
      done: Promise.resolve(),
    };
    faxes.push(sent);
    send(res, 200, { ...fax, links: { ...fax.links } });
    sent.done = work.track(runOutbound(sent));
    return 200;
  }

  async function handleCompat(req: IncomingMessage, res: ServerResponse, path: string, method: string): Promise<number> {
    if (!authorized(req)) throw compatError(401, 401, 'Unauthorized: the Project ID and API token do not match.');
    const match = /^\/api\/laml\/2010-04-01\/Accounts\/([^/]+)\/(.*)$/.exec(path);
    if (!match || match[1] !== projectId) throw compatError(404, 404, 'The requested resource was not found.');
    const rest = match[2]!;
    if (method === 'POST' && /^Faxes(\.json)?$/.test(rest)) return createFax(req, res);
    const faxMatch = /^Faxes\/([^/.]+)(\.json)?$/.exec(rest);
    if (method === 'GET' && faxMatch) {
      const fax = faxes.find((f) => f.sid === faxMatch[1])?.fax ?? inbound.get(faxMatch[1]!);
      if (!fax) throw compatError(404, 404, 'The requested resource was not found.');
      send(res, 200, fax);
      return 200;
    }
    const mediaMatch = /^Faxes\/([^/]+)\/Media\/([^/.]+)$/.exec(rest);
    if (method === 'GET' && mediaMatch) {
      const stored = media.get(mediaMatch[2]!);
      if (!stored || stored.faxSid !== mediaMatch[1]) throw compatError(404, 404, 'The requested resource was not found.');
      res.writeHead(200, { 'content-type': 'application/pdf', 'content-length': stored.bytes.length });
      res.end(stored.bytes);
      return 200;
    }
    throw compatError(404, 404, 'The requested resource was not found.');
  }

  /** GET /phone_numbers/search, with the documented filters and their exclusions. */
  function search(query: URLSearchParams): SignalWireAvailableNumber[] {
    const get = (name: string) => query.get(name) || undefined;
    const areacode = get('areacode');
    const region = get('region');
    const city = get('city');
    const patterns = (['starts_with', 'contains', 'ends_with'] as const).filter((name) => get(name) !== undefined);
    const numberType = get('number_type') ?? 'local';
    const maxResults = get('max_results') ?? '50';
    if (numberType !== 'local' && numberType !== 'toll-free')
      throw restError(422, 'invalid_parameter', 'number_type must be local or toll-free', 'number_type');
    if (areacode !== undefined && !/^\d{3}$/.test(areacode))
      throw restError(422, 'invalid_parameter', 'areacode must be 3 digits', 'areacode');
    if (patterns.length > 1) throw restError(422, 'invalid_parameter', 'Use only one of starts_with, contains or ends_with', patterns[1]);
    for (const name of patterns)
      if (!/^\d{3,7}$/.test(get(name)!)) throw restError(422, 'invalid_parameter', `${name} must be 3 to 7 digits`, name);
    if (region !== undefined && areacode !== undefined)
      throw restError(422, 'invalid_parameter', 'region cannot be used with areacode', 'region');
    if (city !== undefined && (region === undefined || areacode !== undefined || patterns.length > 0))
      throw restError(422, 'invalid_parameter', 'city must be used with region, and without areacode or a pattern', 'city');
    if (!/^\d+$/.test(maxResults) || Number(maxResults) < 1 || Number(maxResults) > 100)
      throw restError(422, 'invalid_parameter', 'max_results must be between 1 and 100', 'max_results');
    if (numberType === 'toll-free') return [];
    return availableNumbers
      .filter((n) => {
        const national = n.e164.slice(2);
        if (areacode !== undefined && !national.startsWith(areacode)) return false;
        if (region !== undefined && n.region !== region.toUpperCase()) return false;
        if (city !== undefined && n.rate_center !== city.toUpperCase()) return false;
        if (get('starts_with') !== undefined && !national.startsWith(get('starts_with')!)) return false;
        if (get('contains') !== undefined && !national.includes(get('contains')!)) return false;
        if (get('ends_with') !== undefined && !national.endsWith(get('ends_with')!)) return false;
        return true;
      })
      .slice(0, Number(maxResults));
  }

  /** PUT /phone_numbers/{id}: the fields given change, the others stay. */
  function update(number: SignalWireOwnedNumber, body: Record<string, string>): void {
    const methods = ['GET', 'POST'];
    if (body.call_handler !== undefined && !CALL_HANDLERS.includes(body.call_handler))
      throw restError(422, 'invalid_parameter', `call_handler must be one of ${CALL_HANDLERS.join(', ')}`, 'call_handler');
    if (body.call_receive_mode !== undefined && body.call_receive_mode !== 'voice' && body.call_receive_mode !== 'fax')
      throw restError(422, 'invalid_parameter', 'call_receive_mode must be voice or fax', 'call_receive_mode');
    for (const field of ['call_request_url', 'call_fallback_url', 'call_status_callback_url'] as const)
      if (body[field] !== undefined && body[field] !== '' && !isHttpUrl(body[field]))
        throw restError(422, 'invalid_parameter', `${field} must be an http(s) URL`, field);
    for (const field of ['call_request_method', 'call_fallback_method', 'call_status_callback_method'] as const)
      if (body[field] !== undefined && !methods.includes(body[field]))
        throw restError(422, 'invalid_parameter', `${field} must be GET or POST`, field);
    if (body.name !== undefined) number.name = body.name;
    if (body.call_handler !== undefined) number.call_handler = body.call_handler;
    if (body.call_receive_mode !== undefined) number.call_receive_mode = body.call_receive_mode as 'voice' | 'fax';
    for (const field of ['call_request_url', 'call_fallback_url', 'call_status_callback_url'] as const)
      if (body[field] !== undefined) number[field] = body[field] || null;
    for (const field of ['call_request_method', 'call_fallback_method', 'call_status_callback_method'] as const)
      if (body[field] !== undefined) number[field] = body[field] as 'GET' | 'POST';
    number.updated_at = now();
  }

  async function handleRest(req: IncomingMessage, res: ServerResponse, path: string, method: string): Promise<number> {
    if (!authorized(req)) throw restError(401, 'unauthorized', 'Unauthorized');
    if (method === 'GET' && path === `${REST_ROOT}/phone_numbers/search`) {
      const query = new URL(req.url ?? '/', 'http://localhost').searchParams;
      send(res, 200, {
        links: { self: `${url}${req.url ?? ''}`, first: `${url}${req.url ?? ''}`, next: null, prev: null },
        data: search(query),
      });
      return 200;
    }
    if (method === 'POST' && path === `${REST_ROOT}/phone_numbers`) {
      const body = paramsOf(
        await readBody(req, MAX_REQUEST_BYTES, () => compatError(413, 413, 'The request is too large.')),
        (req.headers['content-type'] ?? '').toLowerCase(),
        'rest',
      );
      if (!body.number) throw restError(422, 'missing_required_parameter', "number can't be blank", 'number');
      const index = availableNumbers.findIndex((n) => n.e164 === body.number);
      if (index === -1) throw restError(422, 'invalid_parameter', 'The number is not available for purchase', 'number');
      const [bought] = availableNumbers.splice(index, 1);
      const created = now();
      const owned: SignalWireOwnedNumber = {
        id: randomUUID(),
        number: bought!.e164,
        name: bought!.national_number_formatted,
        call_handler: null,
        call_receive_mode: 'voice',
        call_request_url: null,
        call_request_method: 'POST',
        call_fallback_url: null,
        call_fallback_method: 'POST',
        call_status_callback_url: null,
        call_status_callback_method: 'POST',
        capabilities: bought!.capabilities,
        number_type: 'local',
        country_code: bought!.country_code,
        region: bought!.region,
        rate_center: bought!.rate_center,
        created_at: created,
        updated_at: created,
      };
      ownedNumbers.push(owned);
      send(res, 200, owned);
      return 200;
    }
    const idMatch = new RegExp(`^${REST_ROOT}/phone_numbers/([^/]+)$`).exec(path);
    if (idMatch) {
      const index = ownedNumbers.findIndex((n) => n.id === idMatch[1]);
      if (index === -1) throw restError(404, 'not_found', 'Phone number not found');
      const number = ownedNumbers[index]!;
      if (method === 'GET') {
        send(res, 200, number);
        return 200;
      }
      if (method === 'PUT') {
        update(
          number,
          paramsOf(
            await readBody(req, MAX_REQUEST_BYTES, () => compatError(413, 413, 'The request is too large.')),
            (req.headers['content-type'] ?? '').toLowerCase(),
            'rest',
          ),
        );
        send(res, 200, number);
        return 200;
      }
      if (method === 'DELETE') {
        ownedNumbers.splice(index, 1);
        send(res, 204, null);
        return 204;
      }
    }
    throw restError(404, 'not_found', 'Not found');
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<number> {
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    const method = req.method ?? 'GET';
    if (path.startsWith(`${COMPAT_ROOT}/`)) return handleCompat(req, res, path, method);
    if (path.startsWith(`${REST_ROOT}/`)) return handleRest(req, res, path, method);
    throw compatError(404, 404, 'The requested resource was not found.');
  }

  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    handle(req, res)
      .then((status) => requestLog.push({ method: req.method ?? 'GET', path, status }))
      .catch((error: unknown) => {
        const answer = error instanceof HttpError ? error : compatError(500, 500, 'Internal error');
        requestLog.push({ method: req.method ?? 'GET', path, status: answer.status });
        if (!res.headersSent) {
          if (answer.status === 401) res.setHeader('www-authenticate', 'Basic realm="SignalWire"');
          send(res, answer.status, answer.body);
        } else res.end();
      });
  });
  url = await listenOnLocalhost(server);

  /** The inbound flow: the number's fax request, its cXML, then the Receive action's callback. */
  async function runInbound(entry: SignalWireReceivedFax, number: SignalWireOwnedNumber, pdf: Buffer, pages?: number) {
    const base = { AccountSid: projectId, ApiVersion: API_VERSION, FaxSid: entry.sid, From: entry.from, To: entry.to };
    const fax = newFax(entry.sid, {
      direction: 'inbound',
      from: entry.from,
      to: entry.to,
      media_url: null,
      quality: 'fine',
      status: 'receiving',
    });
    inbound.set(entry.sid, fax);
    const asked = await request('fax-request', number.call_request_url!, number.call_request_method, base, entry.webhooks);
    const failed = (errorCode: string) => {
      entry.outcome = 'error';
      entry.errorCode = errorCode;
      setStatus(fax, 'failed');
      return { requestStatus: asked.status, actionStatus: null };
    };
    if (asked.status === null || asked.status < 200 || asked.status >= 300) return failed('11200');
    entry.laml = asked.responseBody;
    if (!/^(application|text)\/xml\b/i.test(asked.responseContentType ?? '')) return failed('12300');
    const verb = faxVerbOf(asked.responseBody);
    if (!verb || (verb.verb !== 'Receive' && verb.verb !== 'Reject')) return failed('12100');
    if (verb.verb === 'Reject') {
      entry.outcome = 'rejected';
      setStatus(fax, 'canceled');
      return { requestStatus: asked.status, actionStatus: null };
    }
    await sleep(stepDelayMs);
    const pageCount = pages ?? (await guessPageCount(pdf));
    media.set(fax.media_sid, { faxSid: entry.sid, bytes: pdf });
    entry.outcome = 'received';
    entry.mediaUrl = `${url}${fax.links.media}`;
    fax.media_url = entry.mediaUrl;
    fax.num_pages = pageCount;
    fax.duration = 10 + 15 * pageCount;
    setStatus(fax, 'received');
    const action = verb.attributes.action;
    if (!action) return { requestStatus: asked.status, actionStatus: null };
    const target = new URL(action, number.call_request_url!).toString();
    const actionMethod = verb.attributes.method?.toUpperCase() === 'GET' ? 'GET' : 'POST';
    const params = {
      ...base,
      FaxStatus: 'received',
      NumPages: String(pageCount),
      MediaSid: fax.media_sid,
      MediaUrl: entry.mediaUrl,
      RemoteStationId: entry.from,
    };
    const actionStatus = await deliverAll('receive-action', target, actionMethod, [params], entry.webhooks);
    return { requestStatus: asked.status, actionStatus };
  }

  const simulator: SignalWireSimulator = {
    url,
    projectId,
    apiToken,
    signingKey,
    faxes,
    received,
    webhooks,
    requestLog,
    ownedNumbers,
    availableNumbers,
    ...controls.methods(),
    async receive({ to, from, pdf, pages }) {
      const number = ownedNumbers.find((n) => n.number === to);
      if (!number || number.call_receive_mode !== 'fax' || number.call_handler !== 'laml_webhooks' || !number.call_request_url)
        throw new Error(`receive(): ${to} is not a number of the project set to receive faxes with LaML webhooks`);
      const entry: SignalWireReceivedFax = { sid: randomUUID(), to, from, outcome: 'error', laml: null, mediaUrl: null, webhooks: [] };
      received.push(entry);
      const statuses = await work.track(runInbound(entry, number, pdf, pages));
      return {
        faxSid: entry.sid,
        outcome: entry.outcome,
        mediaUrl: entry.mediaUrl,
        ...(entry.errorCode ? { errorCode: entry.errorCode } : {}),
        ...statuses,
      };
    },
    async sendWebhook(target, params, { signWith: signer = 'own' } = {}) {
      const delivery = await request('manual', target, 'POST', params, null, signer === 'own' ? signingKey : otherKey);
      return { status: delivery.status, body: delivery.body, signature: delivery.signature };
    },
    signature(target, params) {
      return signWith(signingKey, target, params);
    },
    settled: () => work.settled(),
    close: () => work.close(server),
  };
  return simulator;
}
