/**
 * A local stand-in for Telnyx's Programmable Fax API v2, for tests that cannot reach Telnyx. It is a plain node:http
 * server on 127.0.0.1 that follows the published contract, written from Telnyx's pages (nothing copied):
 *
 * - POST /v2/faxes: Bearer API key; JSON (also multipart/form-data and url-encoded forms, as the SDKs may send);
 *   connection_id, to (E.164 or SIP URI), from (E.164), media_url or media_name, and the optional quality,
 *   webhook_url, client_state (base64), from_display_name, monochrome, black_threshold, store_media, store_preview,
 *   preview_format, t38_enabled; answers 202 `{ "data": <fax> }` with status `queued`.
 *   https://developers.telnyx.com/api-reference/programmable-fax-commands/send-a-fax
 *   https://developers.telnyx.com/docs/programmable-fax/send-a-fax-api
 * - GET /v2/faxes/{id}: the fax object (record_type `fax`, status queued → media.processed → sending → delivered |
 *   failed, failure_reason null until it fails).
 *   https://developers.telnyx.com/api-reference/programmable-fax-commands/view-a-fax
 * - Errors: `{ "errors": [{ "code", "title", "detail", "source"?: { "pointer" } }] }` with Telnyx's codes (10009
 *   authentication failed → 401; 10004 missing parameter, 10016 not +E.164, 10003 invalid URL … → 422).
 *   https://developers.telnyx.com/development/api-fundamentals/api-errors
 *   https://developers.telnyx.com/docs/programmable-fax/sending-commands
 * - After a 202, Telnyx downloads media_url (only a 2xx counts; a redirect fails) and posts fax.queued,
 *   fax.media.processed, fax.sending.started, then fax.delivered (page_count, call_duration_secs) or fax.failed
 *   (failure_reason: file_download_failed, file_format_invalid, file_size_limit_exceeded (> 50 MB),
 *   page_count_limit_exceeded (> 350 pages), user_busy, receiver_no_answer …), to the fax's webhook_url or the
 *   application's. Envelope `{ data: { event_type, id, occurred_at, payload, record_type: 'event' },
 *   meta: { attempt, delivered_to } }`. Webhooks may come out of order and more than once; a non-2xx answer sends
 *   the webhook to the failover URL, if any, and delivery is retried.
 *   https://developers.telnyx.com/docs/programmable-fax/receiving-webhooks
 *   https://developers.telnyx.com/api-reference/callbacks/fax-queued (and fax-media-processed, fax-sending-started,
 *   fax-delivered, fax-failed)
 *   https://support.telnyx.com/en/articles/4967498-fax-api-error-list
 * - Signatures: `telnyx-signature-ed25519` = base64 Ed25519 signature of `${telnyx-timestamp}|${raw body}`,
 *   `telnyx-timestamp` = Unix seconds; the public key is shown in the portal as base64 of its 32 raw bytes.
 *   https://developers.telnyx.com/docs/development/api-fundamentals/webhooks
 * - Inbound: fax.received (direction inbound, fax_id, to, from, media_url, page_count, partial_content, status
 *   `received`) to the application's webhook URL; its media_url is a temporary link Telnyx serves.
 *   https://developers.telnyx.com/docs/programmable-fax/receive-a-fax-api
 *   https://telnyx.com/release-notes/new-feature-fax-webhooks-update
 * - Number search: GET /v2/available_phone_numbers with filter[country_code] (always required),
 *   filter[national_destination_code], filter[locality], filter[administrative_area], filter[phone_number_type],
 *   filter[features] (sms, mms, voice, fax, emergency, hd_voice, international_sms, local_calling; comma-separated or
 *   repeated as filter[features][]), filter[limit], filter[best_effort] (other filters, such as
 *   filter[phone_number][starts_with], are not simulated and are ignored); answers `{ data: [available_phone_number],
 *   meta }`, each with phone_number, region_information [{ region_type: country_code | rate_center | state | location,
 *   region_name }], cost_information { upfront_cost, monthly_cost, currency }, features [{ name }], best_effort,
 *   quickship, reservable.
 *   Only a number a search returned can be ordered.
 *   https://developers.telnyx.com/api-reference/phone-number-search/list-available-phone-numbers
 *   https://developers.telnyx.com/docs/numbers/phone-numbers/number-search
 * - Number orders: POST /v2/number_orders { phone_numbers: [{ phone_number }], connection_id, customer_reference … }
 *   answers the `number_order` (status pending → success | failure; its phone_numbers are `number_order_phone_number`s
 *   whose ids are not the numbers' ids); GET /v2/number_orders/{id} follows it. Without regulatory requirements an
 *   order completes by itself, "momentarily". The number is the account's from the order on: a `phone_number` with
 *   status purchase-pending, then active, on the order's connection_id (a fax application's: its faxes go there).
 *   https://developers.telnyx.com/api-reference/phone-number-orders/create-a-number-order
 *   https://developers.telnyx.com/api-reference/phone-number-orders/retrieve-a-number-order
 *   https://developers.telnyx.com/docs/numbers/phone-numbers/number-orders
 * - The account's numbers: GET /v2/phone_numbers (filter[phone_number]: at least three digits, found within the
 *   number, any non-digit finds nothing; filter[status], filter[connection_id]; page[number], page[size] 1–250,
 *   default 20; meta { page_number, page_size, total_pages, total_results }), GET /v2/phone_numbers/{id}, and
 *   DELETE /v2/phone_numbers/{id}: answers the record with status `deleted`, and the number is gone (unknown id → 404).
 *   https://developers.telnyx.com/api-reference/phone-number-configurations
 *   https://developers.telnyx.com/api-reference/phone-number-configurations/delete-a-phone-number
 *   https://developers.telnyx.com/docs/development/api-fundamentals/pagination-filtering-sorting
 *   Not published, chosen here: the error code of a number that cannot be ordered (10015, 422), filter[limit]'s default
 *   (20), best_effort on unless filter[best_effort]=false (nearby numbers of the same state, flagged best_effort), how
 *   long an order takes (`numberOrderDelayMs`), and that a released number does not come back for sale.
 *
 * Retry counts and delays are not published for fax webhooks: here, `webhookAttempts` tries (default 3) spaced by
 * `retryDelayMs` × attempt, alternating with the failover URL when one is set.
 */
import { generateKeyPairSync, randomBytes, randomUUID, sign, type KeyObject } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import {
  fetchDocument,
  guessPageCount,
  jsonObjectOf,
  listenOnLocalhost,
  multipartOf,
  readBody,
  SimulatorControls,
  WorkInFlight,
  type SentFaxWithMedia,
} from './simulator-kit';
import { telnyxPortingSimulator, type TelnyxDocument, type TelnyxPortingOrder } from './telnyx-porting';

export type TelnyxQuality = 'normal' | 'high' | 'very_high' | 'ultra_light' | 'ultra_dark';
export type TelnyxFaxStatus = 'queued' | 'media.processed' | 'sending' | 'delivered' | 'failed' | 'received';

/** What happens to a fax sent to a number: delivered (pages: the PDF's count unless given) or failed with a reason. */
export type TelnyxOutcome =
  { result: 'delivered'; pages?: number; callDurationSecs?: number } | { result: 'failed'; failureReason: string; pagesSent?: number };

export type TelnyxWebhookMode = 'in-order' | 'duplicated' | 'reordered';

/** The fax resource as GET /v2/faxes/{id} and POST /v2/faxes answer it. */
export interface TelnyxFax {
  record_type: 'fax';
  id: string;
  connection_id: string;
  direction: 'outbound' | 'inbound';
  from: string;
  to: string;
  media_url?: string;
  media_name?: string;
  from_display_name?: string;
  quality: TelnyxQuality;
  status: TelnyxFaxStatus;
  store_media: boolean;
  stored_media_url?: string;
  preview_url?: string;
  webhook_url: string;
  webhook_failover_url: string;
  client_state?: string;
  page_count?: number;
  failure_reason: string | null;
  internal_failure_reason: string | null;
  created_at: string;
  updated_at: string;
}

export interface TelnyxEvent {
  data: { event_type: string; id: string; occurred_at: string; payload: Record<string, unknown>; record_type: 'event' };
  meta: { attempt: number; delivered_to: string };
}

/** One POST of a webhook: what was sent and what the receiver answered (status null: no answer, see error). */
export interface TelnyxWebhookDelivery {
  eventType: string;
  eventId: string;
  url: string;
  attempt: number;
  timestamp: string;
  signature: string;
  body: string;
  status: number | null;
  error?: string;
}

/** An outbound fax as the simulator saw it; a multipart `contents` file is its media, as if fetched. */
export interface TelnyxSentFax extends SentFaxWithMedia<TelnyxFax, TelnyxWebhookDelivery> {
  id: string;
}

export interface TelnyxReceivedFax {
  faxId: string;
  mediaUrl: string;
  webhooks: TelnyxWebhookDelivery[];
}

/** The features a number search may ask for (filter[features]). */
export const TELNYX_NUMBER_FEATURES = [
  'sms',
  'mms',
  'voice',
  'fax',
  'emergency',
  'hd_voice',
  'international_sms',
  'local_calling',
] as const;
export type TelnyxNumberFeature = (typeof TELNYX_NUMBER_FEATURES)[number];
export type TelnyxPhoneNumberType = 'local' | 'toll_free' | 'mobile' | 'national' | 'shared_cost';

/** A number for sale, as the simulator keeps it; GET /v2/available_phone_numbers gives it in Telnyx's shape. */
export interface TelnyxInventoryNumber {
  phoneNumber: string;
  /** ISO 3166 alpha-2 (filter[country_code]). */
  countryCode: string;
  /** The area code without a trunk 0 (filter[national_destination_code]). */
  nationalDestinationCode: string;
  phoneNumberType: TelnyxPhoneNumberType;
  features: TelnyxNumberFeature[];
  /** US and CA: the rate center (region_type rate_center, filter[locality]); elsewhere the city (region_type location). */
  locality: string;
  /** US and CA: the state or province (region_type state, filter[administrative_area]). */
  administrativeArea?: string;
  monthlyCost: string;
  upfrontCost: string;
  currency: string;
}

/** One result of GET /v2/available_phone_numbers. */
export interface TelnyxAvailablePhoneNumber {
  record_type: 'available_phone_number';
  phone_number: string;
  vanity_format: string;
  best_effort: boolean;
  quickship: boolean;
  reservable: boolean;
  region_information: { region_type: 'country_code' | 'rate_center' | 'state' | 'location'; region_name: string }[];
  cost_information: { upfront_cost: string; monthly_cost: string; currency: string };
  features: { name: TelnyxNumberFeature }[];
}

export type TelnyxPhoneNumberStatus = 'purchase-pending' | 'purchase-failed' | 'active' | 'deleted';

/** A number of the account, as GET /v2/phone_numbers and GET or DELETE /v2/phone_numbers/{id} answer it. */
export interface TelnyxPhoneNumber {
  record_type: 'phone_number';
  /** Telnyx's id of the number (digits), which DELETE /v2/phone_numbers/{id} takes. */
  id: string;
  phone_number: string;
  status: TelnyxPhoneNumberStatus;
  connection_id: string | null;
  connection_name: string | null;
  messaging_profile_id: string | null;
  billing_group_id: string | null;
  customer_reference: string | null;
  country_iso_alpha2: string;
  phone_number_type: TelnyxPhoneNumberType;
  source_type: 'number_order' | 'port_in';
  external_pin: string | null;
  tags: string[];
  t38_fax_gateway_enabled: boolean;
  emergency_enabled: boolean;
  deletion_lock_enabled: boolean;
  purchased_at: string;
  created_at: string;
  updated_at: string;
}

export type TelnyxOrderStatus = 'pending' | 'success' | 'failure';

/** A number order, as POST /v2/number_orders and GET /v2/number_orders/{id} answer it. */
export interface TelnyxNumberOrder {
  record_type: 'number_order';
  id: string;
  status: TelnyxOrderStatus;
  connection_id: string | null;
  messaging_profile_id: string | null;
  billing_group_id: string | null;
  customer_reference: string | null;
  phone_numbers_count: number;
  phone_numbers: {
    /** The number's place in this order, not the number's id. */
    id: string;
    record_type: 'number_order_phone_number';
    phone_number: string;
    country_code: string;
    phone_number_type: TelnyxPhoneNumberType;
    status: TelnyxOrderStatus;
    requirements_met: boolean;
    regulatory_requirements: unknown[];
  }[];
  sub_number_orders_ids: string[];
  requirements_met: boolean;
  created_at: string;
  updated_at: string;
}

/** How the order of a number ends: it completes (default), stays pending (as with regulatory requirements), or fails. */
export type TelnyxOrderOutcome = 'success' | 'pending' | 'failure';

/**
 * The simulator's numbers for sale unless `inventory` is given: local numbers in the fictitious ranges (NANP 555-01xx;
 * Ofcom's drama numbers 020 7946 0xxx and 0161 496 0xxx; ARCEP's 01 99 00 xx xx), a few of them without fax.
 */
export function telnyxSeedInventory(): TelnyxInventoryNumber[] {
  const withFax: TelnyxNumberFeature[] = ['voice', 'fax', 'sms', 'mms', 'emergency'];
  const withoutFax: TelnyxNumberFeature[] = ['voice', 'sms', 'mms'];
  const nanp = (ndc: string, countryCode: string, locality: string, administrativeArea: string, count: number, noFax: number[] = []) =>
    Array.from({ length: count }, (_, i): TelnyxInventoryNumber => ({
      phoneNumber: `+1${ndc}55501${String(i).padStart(2, '0')}`,
      countryCode,
      nationalDestinationCode: ndc,
      phoneNumberType: 'local',
      features: noFax.includes(i) ? [...withoutFax] : [...withFax],
      locality,
      administrativeArea,
      monthlyCost: '1.00',
      upfrontCost: '1.00',
      currency: 'USD',
    }));
  const abroad = (
    prefix: string,
    countryCode: string,
    ndc: string,
    locality: string,
    count: number,
    monthlyCost: string,
    noFax: number[] = [],
  ) =>
    Array.from({ length: count }, (_, i): TelnyxInventoryNumber => ({
      phoneNumber: `${prefix}${String(i).padStart(2, '0')}`,
      countryCode,
      nationalDestinationCode: ndc,
      phoneNumberType: 'local',
      features: noFax.includes(i) ? ['voice'] : ['voice', 'fax'],
      locality,
      monthlyCost,
      upfrontCost: '0.00',
      currency: 'USD',
    }));
  return [
    ...nanp('212', 'US', 'NEW YORK CITY', 'NY', 8),
    ...nanp('646', 'US', 'NEW YORK CITY', 'NY', 3),
    ...nanp('312', 'US', 'CHICAGO', 'IL', 8),
    ...nanp('415', 'US', 'SAN FRANCISCO', 'CA', 6, [1, 3]),
    ...nanp('416', 'CA', 'TORONTO', 'ON', 4),
    ...nanp('604', 'CA', 'VANCOUVER', 'BC', 3),
    ...abroad('+4420794601', 'GB', '20', 'London', 4, '1.50'),
    ...abroad('+4416149601', 'GB', '161', 'Manchester', 2, '1.50', [1]),
    ...abroad('+331990001', 'FR', '1', 'Paris', 3, '2.00'),
  ];
}

export interface TelnyxSimulatorOptions {
  /** The numbers for sale at the start (default telnyxSeedInventory()). */
  inventory?: TelnyxInventoryNumber[];
  /** How long an order stays pending before it ends as orderOutcomeFor says (default 20 ms; 0: ended when answered). */
  numberOrderDelayMs?: number;
  /** Accept orders of numbers no search returned, which Telnyx refuses (default false). */
  orderWithoutSearch?: boolean;
  /** The fax application's webhook URL, used when a send gives no webhook_url, and for inbound faxes. */
  webhookUrl?: string;
  /** The application's failover URL: tried when the primary answers non-2xx or not at all. */
  webhookFailoverUrl?: string;
  /** Tries per webhook, failover included (default 3). */
  webhookAttempts?: number;
  /** Delay before retry n is retryDelayMs × n (default 200). */
  retryDelayMs?: number;
  /** A receiver that has not answered within this is counted as failed (default 5000). */
  webhookTimeoutMs?: number;
  /** Pause between the steps of a fax (default 5 ms). */
  stepDelayMs?: number;
}

export interface TelnyxSimulator {
  /** Base URL, e.g. http://127.0.0.1:PORT; the API is under /v2. */
  url: string;
  apiKey: string;
  connectionId: string;
  /** The webhook public key as the portal shows it: base64 of the raw 32-byte Ed25519 key. */
  publicKey: string;
  /** Outbound faxes accepted (202), oldest first. */
  faxes: TelnyxSentFax[];
  /** Inbound faxes made with receive(). */
  received: TelnyxReceivedFax[];
  /** Every webhook POST, outbound, inbound and sendWebhook's, in the order sent. */
  webhooks: TelnyxWebhookDelivery[];
  /** POST /v2/faxes requests, whatever their answer (401, 422, failNextSends, 202). */
  readonly requests: number;
  /** Every request to the simulator: method, path and the status it answered. */
  requestLog: { method: string; path: string; status: number }[];
  /** The numbers for sale, which GET /v2/available_phone_numbers searches; an order takes its numbers out. */
  availableNumbers: TelnyxInventoryNumber[];
  /** The account's numbers (GET /v2/phone_numbers), oldest first; a released one moves to releasedNumbers. */
  ownedNumbers: TelnyxPhoneNumber[];
  /** Numbers released with DELETE /v2/phone_numbers/{id} (status deleted), oldest first. */
  releasedNumbers: TelnyxPhoneNumber[];
  /** Number orders accepted, oldest first, as GET /v2/number_orders/{id} answers them. */
  numberOrders: TelnyxNumberOrder[];
  /** Porting orders (POST /v2/porting_orders), oldest first, and the documents uploaded for them (telnyx-porting.ts). */
  portingOrders: TelnyxPortingOrder[];
  documents: TelnyxDocument[];
  /** What Telnyx and the losing carrier do with a submitted porting order (telnyx-porting.ts). */
  advancePortingOrder: ReturnType<typeof telnyxPortingSimulator>['advancePortingOrder'];
  outcomeFor(to: string, outcome: TelnyxOutcome): void;
  /** How the orders of this number end (default success). */
  orderOutcomeFor(phoneNumber: string, outcome: TelnyxOrderOutcome): void;
  /** Another account buys the number: it leaves the numbers for sale, and an order of it is refused. */
  takeNumber(phoneNumber: string): void;
  failNextSends(status: number, count?: number): void;
  /**
   * The next `count` API requests (under /v2; only those of `only.method` and `only.path` when given) answer `status`
   * with Telnyx's error body once their key has been checked, changing nothing.
   */
  failNextRequests(status: number, count?: number, only?: { method?: string; path?: string | RegExp }): void;
  webhookMode(mode: TelnyxWebhookMode): void;
  receive(fax: {
    to: string;
    from: string;
    pdf: Buffer;
    pages?: number;
    /** Also post fax.receiving.started and fax.media.processing.started first (default false). */
    progressEvents?: boolean;
  }): Promise<{ faxId: string; status: number | null; mediaUrl: string }>;
  sendWebhook(
    url: string,
    payload: unknown,
    options?: { timestamp?: number | string; signWith?: 'own' | 'other' },
  ): Promise<{ status: number | null; body: string; timestamp: string; signature: string }>;
  /** Sign `${timestamp}|${body}` with the simulator's key (base64). */
  signature(timestamp: string, body: string): string;
  /** Resolves when every fax and inbound fax has finished its webhooks, and every number order has ended as asked. */
  settled(): Promise<void>;
  close(): Promise<void>;
}

const QUALITIES: readonly TelnyxQuality[] = ['normal', 'high', 'very_high', 'ultra_light', 'ultra_dark'];
const E164 = /^\+[1-9]\d{1,14}$/;
const SIP_URI = /^sips?:[^@\s]+@[^@\s]+$/;
const DISPLAY_NAME = /^[A-Za-z0-9 \-_~!.+]{1,128}$/;
const MAX_MEDIA_BYTES = 50 * 1024 * 1024;
const MAX_PAGES = 350;
const MAX_REQUEST_BYTES = 60 * 1024 * 1024;
const BOOLEAN_FIELDS = ['monochrome', 'store_media', 'store_preview', 't38_enabled'] as const;
const PHONE_NUMBER_TYPES: readonly TelnyxPhoneNumberType[] = ['local', 'toll_free', 'mobile', 'national', 'shared_cost'];
const SEARCH_BOOLEANS = ['best_effort', 'quickship', 'reservable', 'exclude_held_numbers'] as const;
/** filter[limit]'s default: the reference gives none. */
const DEFAULT_SEARCH_LIMIT = 20;

interface TelnyxError {
  code: string;
  title: string;
  detail: string;
  /** A body field (JSON pointer), or a query parameter. */
  source?: { pointer: string } | { parameter: string };
}

class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly errors: TelnyxError[],
  ) {
    super(errors[0]?.detail ?? `HTTP ${status}`);
  }
}

/** Telnyx's code and title for an HTTP status the simulator may be asked to answer. */
function errorForStatus(status: number): TelnyxError {
  if (status === 400) return { code: '10015', title: 'Bad Request', detail: 'The request could not be read.' };
  if (status === 401) return { code: '10009', title: 'Authentication failed', detail: 'The API key was missing or not valid.' };
  if (status === 403) return { code: '10010', title: 'Authorization failed', detail: 'This key may not do that.' };
  if (status === 404) return { code: '10005', title: 'Resource not found', detail: 'Nothing was found at that address.' };
  if (status === 408) return { code: '10008', title: 'Request timeout', detail: 'The request took too long.' };
  if (status === 429) return { code: '10011', title: 'Too many requests', detail: 'Too many requests; try again later.' };
  return { code: '10007', title: 'Unexpected error', detail: `The service answered ${status}; try again.` };
}

const missing = (field: string): TelnyxError => ({
  code: '10004',
  title: 'Missing required parameter',
  detail: `${field} is required.`,
  source: { pointer: `/${field}` },
});
const invalid = (field: string, detail: string, code = '10015', title = 'Bad Request'): TelnyxError => ({
  code,
  title,
  detail,
  source: { pointer: `/${field}` },
});
const notAJsonObject = () => new HttpError(400, [{ code: '10015', title: 'Bad Request', detail: 'The body is not a JSON object.' }]);

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const now = () => new Date().toISOString();

function isHttpUrl(value: string): boolean {
  if (value.length > 2000) return false;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

function isBase64(value: string): boolean {
  return value.length % 4 === 0 && /^[A-Za-z0-9+/]*={0,2}$/.test(value);
}

/** Form fields arrive as strings: make the booleans and the number what JSON would have given. */
function coerceFormFields(fields: Record<string, string>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...fields };
  for (const field of BOOLEAN_FIELDS) {
    if (fields[field] === 'true') out[field] = true;
    else if (fields[field] === 'false') out[field] = false;
  }
  if (fields.black_threshold !== undefined && /^\d+$/.test(fields.black_threshold)) out.black_threshold = Number(fields.black_threshold);
  return out;
}

function send(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

/** Starts the simulator on 127.0.0.1 at a free port. */
export async function startTelnyxSimulator(options: TelnyxSimulatorOptions = {}): Promise<TelnyxSimulator> {
  const apiKey = `KEY${randomBytes(24).toString('hex').toUpperCase()}_${randomBytes(16).toString('base64url')}`;
  const connectionId = String(BigInt(`0x${randomBytes(7).toString('hex')}`) + 1_000_000_000_000_000_000n);
  const userId = randomUUID();
  const own = generateKeyPairSync('ed25519');
  const other = generateKeyPairSync('ed25519');
  // The SPKI DER of an Ed25519 key is a fixed 12-byte header then the 32 raw bytes.
  const publicKey = own.publicKey.export({ format: 'der', type: 'spki' }).subarray(12).toString('base64');

  const attempts = Math.max(1, options.webhookAttempts ?? 3);
  const retryDelayMs = options.retryDelayMs ?? 200;
  const webhookTimeoutMs = options.webhookTimeoutMs ?? 5000;
  const stepDelayMs = options.stepDelayMs ?? 5;

  const controls = new SimulatorControls<TelnyxOutcome, TelnyxWebhookMode>('in-order');
  const inboundMedia = new Map<string, Buffer>();
  const storedMedia = new Map<string, Buffer>();
  const work = new WorkInFlight();
  let requests = 0;
  let url = '';

  const faxes: TelnyxSentFax[] = [];
  const received: TelnyxReceivedFax[] = [];
  const webhooks: TelnyxWebhookDelivery[] = [];
  const requestLog: TelnyxSimulator['requestLog'] = [];

  const availableNumbers = (options.inventory ?? telnyxSeedInventory()).map((n) => ({ ...n, features: [...n.features] }));
  const ownedNumbers: TelnyxPhoneNumber[] = [];
  const releasedNumbers: TelnyxPhoneNumber[] = [];
  const numberOrders: TelnyxNumberOrder[] = [];
  const orderOutcomes = new Map<string, TelnyxOrderOutcome>();
  /** Numbers a search has returned: only these may be ordered. */
  const searched = new Set<string>();
  const numberOrderDelayMs = options.numberOrderDelayMs ?? 20;
  let requestFailures: { status: number; left: number; method?: string; path?: string | RegExp } | null = null;
  const porting = telnyxPortingSimulator({
    connectionId,
    fail: (status, errors) => new HttpError(status, errors),
    readJson: (req) => readJsonObject(req),
    send,
    owns: (phoneNumber) => ownedNumbers.some((n) => n.phone_number === phoneNumber),
    ported: (order) => {
      const at = now();
      for (const { phone_number } of order.phone_numbers)
        ownedNumbers.push({
          record_type: 'phone_number',
          id: String(BigInt(`0x${randomBytes(7).toString('hex')}`) + 1_000_000_000_000_000_000n),
          phone_number,
          status: 'active',
          connection_id: order.phone_number_configuration.connection_id,
          connection_name: null,
          messaging_profile_id: null,
          billing_group_id: null,
          customer_reference: order.customer_reference,
          country_iso_alpha2: order.end_user.location.country_code ?? 'US',
          phone_number_type: 'local',
          source_type: 'port_in',
          external_pin: null,
          tags: [],
          t38_fax_gateway_enabled: false,
          emergency_enabled: false,
          deletion_lock_enabled: false,
          purchased_at: at,
          created_at: at,
          updated_at: at,
        });
    },
  });

  const signWith = (key: KeyObject, timestamp: string, body: string) =>
    sign(null, Buffer.from(`${timestamp}|${body}`), key).toString('base64');

  /** One signed POST; never throws. */
  async function post(target: string, body: string, key: KeyObject, timestamp: string) {
    const signature = signWith(key, timestamp, body);
    try {
      const res = await fetch(target, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'telnyx-signature-ed25519': signature,
          'telnyx-timestamp': timestamp,
        },
        body,
        redirect: 'manual',
        signal: AbortSignal.timeout(webhookTimeoutMs),
      });
      await res.arrayBuffer().catch(() => undefined);
      return { status: res.status as number | null, signature, error: undefined as string | undefined };
    } catch (error) {
      return { status: null, signature, error: error instanceof Error ? error.message : String(error) };
    }
  }

  /**
   * Delivers one event with Telnyx's retries: attempt 1 to the primary URL; after a non-2xx or no answer, the next
   * attempt goes to the failover URL when there is one (then back to the primary), after retryDelayMs × attempt.
   * Each attempt is a new body (meta.attempt, meta.delivered_to) with a new timestamp and signature.
   */
  async function deliver(
    primary: string,
    failover: string,
    data: TelnyxEvent['data'],
    log: TelnyxWebhookDelivery[],
  ): Promise<number | null> {
    let status: number | null = null;
    for (let attempt = 1; attempt <= attempts && !work.closed; attempt += 1) {
      if (attempt > 1) await sleep(retryDelayMs * (attempt - 1));
      if (work.closed) break;
      const target = failover && attempt % 2 === 0 ? failover : primary;
      const body = JSON.stringify({ data, meta: { attempt, delivered_to: target } } satisfies TelnyxEvent);
      const timestamp = String(Math.floor(Date.now() / 1000));
      const answer = await post(target, body, own.privateKey, timestamp);
      const delivery: TelnyxWebhookDelivery = {
        eventType: data.event_type,
        eventId: data.id,
        url: target,
        attempt,
        timestamp,
        signature: answer.signature,
        body,
        status: answer.status,
        ...(answer.error ? { error: answer.error } : {}),
      };
      log.push(delivery);
      webhooks.push(delivery);
      status = answer.status;
      if (status !== null && status >= 200 && status < 300) break;
    }
    return status;
  }

  /** Posts a fax's events in the current mode; answers the status the last event's delivery ended with (after retries). */
  async function deliverAll(primary: string, failover: string, events: TelnyxEvent['data'][], log: TelnyxWebhookDelivery[]) {
    const order = controls.mode === 'reordered' && events.length > 1 ? [events[events.length - 1]!, ...events.slice(0, -1)] : events;
    let lastStatus: number | null = null;
    for (const event of order) {
      if (work.closed) break;
      const status = await deliver(primary, failover, event, log);
      if (event === events[events.length - 1]) lastStatus = status;
      if (controls.mode === 'duplicated' && !work.closed) await deliver(primary, failover, event, log);
      await sleep(stepDelayMs);
    }
    return lastStatus;
  }

  const event = (eventType: string, payload: Record<string, unknown>): TelnyxEvent['data'] => ({
    event_type: eventType,
    id: randomUUID(),
    occurred_at: now(),
    payload,
    record_type: 'event',
  });

  function setStatus(fax: TelnyxFax, status: TelnyxFaxStatus): void {
    fax.status = status;
    fax.updated_at = now();
  }

  /** Fetches the media as Telnyx does: GET, no redirects, 2xx only; a PDF (%PDF-) of at most 50 MB and 350 pages. */
  async function fetchMedia(sent: TelnyxSentFax): Promise<{ pages: number } | { failureReason: string }> {
    // A multipart `contents` file is the media already: nothing to fetch.
    const mediaUrl = sent.fax.media_url;
    const media = sent.media ?? (mediaUrl ? await fetchDocument(sent, mediaUrl, webhookTimeoutMs) : null);
    if (!media) return { failureReason: 'file_download_failed' };
    const bytes = media.bytes;
    if (bytes.length > MAX_MEDIA_BYTES) return { failureReason: 'file_size_limit_exceeded' };
    if (!bytes.subarray(0, 1024).includes('%PDF-')) return { failureReason: 'file_format_invalid' };
    const pages = await guessPageCount(bytes);
    if (pages > MAX_PAGES) return { failureReason: 'page_count_limit_exceeded' };
    return { pages };
  }

  async function runOutbound(sent: TelnyxSentFax, primary: string, failover: string): Promise<void> {
    const fax = sent.fax;
    const base = (status: TelnyxFaxStatus): Record<string, unknown> => ({
      connection_id: fax.connection_id,
      direction: 'outbound',
      fax_id: fax.id,
      from: fax.from,
      to: fax.to,
      ...(fax.media_url !== undefined ? { original_media_url: fax.media_url } : {}),
      ...(fax.media_name !== undefined ? { media_name: fax.media_name } : {}),
      ...(fax.client_state !== undefined ? { client_state: fax.client_state } : {}),
      status,
      user_id: userId,
    });
    const queued = event('fax.queued', base('queued'));
    const inOrder = controls.mode === 'in-order' || controls.mode === 'duplicated';
    const events: TelnyxEvent['data'][] = [queued];
    // In order, fax.queued goes out before the download, as Telnyx posts it once the fax is accepted.
    if (inOrder && primary) await deliverAll(primary, failover, [queued], sent.webhooks);
    await sleep(stepDelayMs);

    const media = await fetchMedia(sent);
    if (sent.media && fax.store_media) storedMedia.set(fax.id, sent.media.bytes);
    const outcome = controls.outcomes.get(fax.to) ?? { result: 'delivered' };
    if ('failureReason' in media) {
      fax.failure_reason = media.failureReason;
      fax.internal_failure_reason = media.failureReason;
      setStatus(fax, 'failed');
      events.push(event('fax.failed', { ...base('failed'), failure_reason: media.failureReason }));
    } else {
      setStatus(fax, 'media.processed');
      events.push(event('fax.media.processed', base('media.processed')));
      setStatus(fax, 'sending');
      events.push(event('fax.sending.started', base('sending')));
      if (outcome.result === 'delivered') {
        const pages = outcome.pages ?? media.pages;
        fax.page_count = pages;
        setStatus(fax, 'delivered');
        events.push(
          event('fax.delivered', {
            ...base('delivered'),
            call_duration_secs: outcome.callDurationSecs ?? 10 + 15 * pages,
            page_count: pages,
          }),
        );
      } else {
        fax.failure_reason = outcome.failureReason;
        fax.internal_failure_reason = outcome.failureReason;
        if (outcome.pagesSent !== undefined) fax.page_count = outcome.pagesSent;
        setStatus(fax, 'failed');
        events.push(event('fax.failed', { ...base('failed'), failure_reason: outcome.failureReason }));
      }
    }
    if (!primary) return;
    await deliverAll(primary, failover, inOrder ? events.slice(1) : events, sent.webhooks);
  }

  /** Validates a send's fields as the reference lists them; throws a 422 with every problem found. */
  function validateSend(body: Record<string, unknown>, hasContents: boolean): void {
    const errors: TelnyxError[] = [];
    const str = (field: string) => (typeof body[field] === 'string' ? (body[field] as string) : undefined);
    const present = (field: string) => body[field] !== undefined && body[field] !== null && body[field] !== '';

    if (!present('connection_id')) errors.push(missing('connection_id'));
    else if (String(body.connection_id) !== connectionId)
      errors.push(invalid('connection_id', 'No fax application has this connection_id.', '10017', 'Associated resource does not exist'));

    if (!present('to')) errors.push(missing('to'));
    else if (!str('to') || !(E164.test(str('to')!) || SIP_URI.test(str('to')!)))
      errors.push(invalid('to', 'to must be a +E.164 number or a SIP URI.', '10016', 'Phone number must be in +E.164 format'));

    if (!present('from')) errors.push(missing('from'));
    else if (!str('from') || !E164.test(str('from')!))
      errors.push(invalid('from', 'from must be a +E.164 number.', '10016', 'Phone number must be in +E.164 format'));

    const sources = ['media_url', 'media_name'].filter(present).length + (hasContents ? 1 : 0);
    if (sources === 0) errors.push(missing('media_url'));
    else if (sources > 1) errors.push(invalid('media_url', 'Give one of media_url, media_name or contents, not several.'));
    if (present('media_url') && !(str('media_url') && isHttpUrl(str('media_url')!)))
      errors.push(invalid('media_url', 'media_url must be an http(s) URL of at most 2000 characters.', '10003', 'Invalid URL'));
    if (present('media_name')) {
      if (body.store_media === true) errors.push(invalid('store_media', 'store_media cannot be used with media_name.'));
      // The simulator has no media storage: every media_name is unknown.
      else errors.push(invalid('media_name', 'No uploaded media has this media_name.', '10017', 'Associated resource does not exist'));
    }

    if (present('webhook_url') && !(str('webhook_url') && isHttpUrl(str('webhook_url')!)))
      errors.push(invalid('webhook_url', 'webhook_url must be an http(s) URL.', '10003', 'Invalid URL'));
    if (present('quality') && !QUALITIES.includes(body.quality as TelnyxQuality))
      errors.push(invalid('quality', `quality must be one of ${QUALITIES.join(', ')}.`));
    if (present('client_state') && !(str('client_state') && isBase64(str('client_state')!)))
      errors.push(invalid('client_state', 'client_state must be a Base-64 encoded string.'));
    if (present('from_display_name') && !(str('from_display_name') && DISPLAY_NAME.test(str('from_display_name')!)))
      errors.push(invalid('from_display_name', 'At most 128 letters, digits, spaces and -_~!.+ characters.'));
    for (const field of BOOLEAN_FIELDS)
      if (present(field) && typeof body[field] !== 'boolean') errors.push(invalid(field, `${field} must be true or false.`));
    if (present('black_threshold')) {
      const value = body.black_threshold;
      if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > 99)
        errors.push(invalid('black_threshold', 'black_threshold must be a whole percentage.'));
    }
    if (present('preview_format') && body.preview_format !== 'pdf' && body.preview_format !== 'tiff')
      errors.push(invalid('preview_format', 'preview_format must be pdf or tiff.'));
    if (errors.length > 0) throw new HttpError(422, errors);
  }

  async function createFax(req: IncomingMessage, res: ServerResponse): Promise<number> {
    requests += 1;
    const auth = req.headers.authorization ?? '';
    if (auth !== `Bearer ${apiKey}`) throw new HttpError(401, [errorForStatus(401)]);
    failIfAsked('POST', '/v2/faxes');
    const refused = controls.nextSendFailure();
    if (refused !== null) throw new HttpError(refused, [errorForStatus(refused)]);

    const raw = await readBody(
      req,
      MAX_REQUEST_BYTES,
      () => new HttpError(413, [{ code: '10015', title: 'Bad Request', detail: 'The request is too large.' }]),
    );
    const contentType = (req.headers['content-type'] ?? '').toLowerCase();
    let body: Record<string, unknown>;
    let contents: Buffer | undefined;
    if (contentType.startsWith('multipart/form-data')) {
      const parts = await multipartOf(raw, req.headers['content-type'] ?? '');
      if (!parts) throw new HttpError(400, [errorForStatus(400)]);
      body = coerceFormFields(Object.fromEntries(Object.entries(parts.fields).map(([name, values]) => [name, values.at(-1)!])));
      contents = parts.files.findLast((file) => file.name === 'contents')?.bytes;
    } else if (contentType.startsWith('application/x-www-form-urlencoded')) {
      body = coerceFormFields(Object.fromEntries(new URLSearchParams(raw.toString('utf8'))));
    } else {
      body = jsonObjectOf(raw.toString('utf8'), notAJsonObject);
    }
    validateSend(body, contents !== undefined);

    const id = randomUUID();
    const createdAt = now();
    const primary = (body.webhook_url as string | undefined) || options.webhookUrl || '';
    const failover = options.webhookFailoverUrl ?? '';
    const fax: TelnyxFax = {
      record_type: 'fax',
      id,
      connection_id: connectionId,
      direction: 'outbound',
      from: body.from as string,
      to: body.to as string,
      ...(body.media_url !== undefined ? { media_url: body.media_url as string } : {}),
      ...(body.from_display_name !== undefined ? { from_display_name: body.from_display_name as string } : {}),
      quality: (body.quality as TelnyxQuality | undefined) ?? 'high',
      status: 'queued',
      store_media: body.store_media === true,
      ...(body.store_media === true ? { stored_media_url: `${url}/media/stored/${id}` } : {}),
      ...(body.store_preview === true ? { preview_url: `${url}/media/stored/${id}` } : {}),
      webhook_url: primary,
      webhook_failover_url: failover,
      ...(body.client_state !== undefined ? { client_state: body.client_state as string } : {}),
      failure_reason: null,
      internal_failure_reason: null,
      created_at: createdAt,
      updated_at: createdAt,
    };
    const sent: TelnyxSentFax = {
      id,
      request: body,
      requestContentType: contentType,
      media: contents ? { status: 200, contentType: 'application/pdf', bytes: contents } : null,
      fax,
      webhooks: [],
      done: Promise.resolve(),
    };
    faxes.push(sent);
    send(res, 202, { data: { ...fax } });
    sent.done = work.track(runOutbound(sent, primary, failover));
    return 202;
  }

  /** failNextRequests: throws the asked status for a request it covers. */
  function failIfAsked(method: string, path: string): void {
    const asked = requestFailures;
    if (!asked || asked.left <= 0) return;
    if (asked.method !== undefined && asked.method.toUpperCase() !== method) return;
    if (asked.path !== undefined && !(typeof asked.path === 'string' ? asked.path === path : asked.path.test(path))) return;
    asked.left -= 1;
    if (asked.left === 0) requestFailures = null;
    throw new HttpError(asked.status, [errorForStatus(asked.status)]);
  }

  const badParameter = (parameter: string, detail: string, code = '10015', title = 'Bad Request'): TelnyxError => ({
    code,
    title,
    detail,
    source: { parameter },
  });

  function availableOf(n: TelnyxInventoryNumber, bestEffort: boolean): TelnyxAvailablePhoneNumber {
    const region: TelnyxAvailablePhoneNumber['region_information'] =
      n.administrativeArea !== undefined
        ? [
            { region_type: 'rate_center', region_name: n.locality },
            { region_type: 'state', region_name: n.administrativeArea },
          ]
        : [{ region_type: 'location', region_name: n.locality }];
    return {
      record_type: 'available_phone_number',
      phone_number: n.phoneNumber,
      vanity_format: '',
      best_effort: bestEffort,
      quickship: true,
      reservable: true,
      region_information: [...region, { region_type: 'country_code', region_name: n.countryCode }],
      cost_information: { upfront_cost: n.upfrontCost, monthly_cost: n.monthlyCost, currency: n.currency },
      features: n.features.map((name) => ({ name })),
    };
  }

  /** GET /v2/available_phone_numbers: the numbers for sale that match every filter, then (best effort) nearby ones. */
  function searchNumbers(query: URLSearchParams, res: ServerResponse): number {
    const errors: TelnyxError[] = [];
    const filter = (name: string) => query.get(`filter[${name}]`) ?? undefined;
    const country = filter('country_code');
    if (country === undefined || country === '')
      errors.push({
        code: '10004',
        title: 'Missing required parameter',
        detail: 'filter[country_code] is required.',
        source: { parameter: 'filter[country_code]' },
      });
    else if (!/^[A-Za-z]{2}$/.test(country))
      errors.push(badParameter('filter[country_code]', 'filter[country_code] must be an ISO 3166 alpha-2 code.'));
    const ndc = filter('national_destination_code');
    if (ndc !== undefined && !/^\d{1,6}$/.test(ndc))
      errors.push(badParameter('filter[national_destination_code]', 'filter[national_destination_code] must be digits.'));
    const type = filter('phone_number_type');
    if (type !== undefined && !PHONE_NUMBER_TYPES.includes(type as TelnyxPhoneNumberType))
      errors.push(badParameter('filter[phone_number_type]', `filter[phone_number_type] must be one of ${PHONE_NUMBER_TYPES.join(', ')}.`));
    const features = [...query.getAll('filter[features]'), ...query.getAll('filter[features][]')]
      .flatMap((value) => value.split(','))
      .map((value) => value.trim())
      .filter((value) => value !== '');
    for (const feature of features)
      if (!TELNYX_NUMBER_FEATURES.includes(feature as TelnyxNumberFeature))
        errors.push(badParameter('filter[features]', `${feature} is not one of ${TELNYX_NUMBER_FEATURES.join(', ')}.`));
    const limitText = filter('limit');
    if (limitText !== undefined && !/^[1-9]\d{0,3}$/.test(limitText))
      errors.push(badParameter('filter[limit]', 'filter[limit] must be a positive whole number.'));
    for (const name of SEARCH_BOOLEANS) {
      const value = filter(name);
      if (value !== undefined && value !== 'true' && value !== 'false')
        errors.push(badParameter(`filter[${name}]`, `filter[${name}] must be true or false.`));
    }
    if (errors.length > 0) throw new HttpError(422, errors);

    const limit = limitText === undefined ? DEFAULT_SEARCH_LIMIT : Number(limitText);
    const same = (a: string | undefined, b: string | undefined) => a === undefined || a.toLowerCase() === (b ?? '').toLowerCase();
    const trunkless = (code: string) => code.replace(/^0+/, '');
    const locality = filter('locality');
    const area = filter('administrative_area');
    // Everything but the area code, which best effort may widen.
    const fits = (n: TelnyxInventoryNumber) =>
      same(country, n.countryCode) &&
      same(locality, n.locality) &&
      same(area, n.administrativeArea) &&
      (type === undefined || n.phoneNumberType === type) &&
      features.every((feature) => n.features.includes(feature as TelnyxNumberFeature));
    const inArea = (n: TelnyxInventoryNumber) => ndc === undefined || trunkless(n.nationalDestinationCode) === trunkless(ndc);
    const exact = availableNumbers.filter((n) => fits(n) && inArea(n));
    let nearby: TelnyxInventoryNumber[] = [];
    if (ndc !== undefined && filter('best_effort') !== 'false' && exact.length < limit) {
      // Best effort (US and CA): other area codes of the state or province the asked one is in.
      const state = availableNumbers.find((n) => inArea(n) && same(country, n.countryCode))?.administrativeArea;
      if (state !== undefined) nearby = availableNumbers.filter((n) => fits(n) && !inArea(n) && n.administrativeArea === state);
    }
    const results = [...exact.map((n) => ({ n, bestEffort: false })), ...nearby.map((n) => ({ n, bestEffort: true }))].slice(0, limit);
    for (const { n } of results) searched.add(n.phoneNumber);
    send(res, 200, {
      data: results.map(({ n, bestEffort }) => availableOf(n, bestEffort)),
      meta: { total_results: results.length, best_effort_results: results.filter((r) => r.bestEffort).length },
    });
    return 200;
  }

  async function readJsonObject(req: IncomingMessage): Promise<Record<string, unknown>> {
    const raw = await readBody(
      req,
      MAX_REQUEST_BYTES,
      () => new HttpError(413, [{ code: '10015', title: 'Bad Request', detail: 'The request is too large.' }]),
    );
    return jsonObjectOf(raw.toString('utf8'), notAJsonObject);
  }

  /** Ends an order's numbers as orderOutcomeFor says; the order ends once none of its numbers is pending. */
  function settleOrder(order: TelnyxNumberOrder): void {
    const at = now();
    for (const entry of order.phone_numbers) {
      const outcome = orderOutcomes.get(entry.phone_number) ?? 'success';
      if (entry.status !== 'pending' || outcome === 'pending') continue;
      entry.status = outcome;
      const owned = ownedNumbers.find((n) => n.phone_number === entry.phone_number && n.status === 'purchase-pending');
      if (owned) {
        owned.status = outcome === 'success' ? 'active' : 'purchase-failed';
        owned.updated_at = at;
      }
    }
    const statuses = order.phone_numbers.map((entry) => entry.status);
    const status: TelnyxOrderStatus = statuses.includes('pending') ? 'pending' : statuses.includes('failure') ? 'failure' : 'success';
    if (status !== order.status) {
      order.status = status;
      order.updated_at = at;
    }
  }

  /** POST /v2/number_orders: numbers a search returned, still for sale; they are the account's at once, pending. */
  async function createOrder(req: IncomingMessage, res: ServerResponse): Promise<number> {
    const body = await readJsonObject(req);
    const errors: TelnyxError[] = [];
    const wanted: string[] = [];
    if (!Array.isArray(body.phone_numbers) || body.phone_numbers.length === 0) errors.push(missing('phone_numbers'));
    else
      body.phone_numbers.forEach((entry: unknown, i) => {
        const field = `phone_numbers/${i}/phone_number`;
        const value = typeof entry === 'object' && entry !== null ? (entry as Record<string, unknown>).phone_number : undefined;
        if (value === undefined || value === null || value === '') errors.push(missing(field));
        else if (typeof value !== 'string' || !E164.test(value))
          errors.push(invalid(field, 'phone_number must be in +E.164 format.', '10016', 'Phone number must be in +E.164 format'));
        else if (wanted.includes(value)) errors.push(invalid(field, `${value} is in the order twice.`));
        else if (!availableNumbers.some((n) => n.phoneNumber === value))
          errors.push(invalid(field, `${value} is not available for purchase.`));
        else if (!searched.has(value) && options.orderWithoutSearch !== true)
          errors.push(invalid(field, `${value} was not returned by a recent search: only searched numbers can be ordered.`));
        else wanted.push(value);
      });
    const connection = body.connection_id;
    if (connection !== undefined && connection !== null && connection !== '' && String(connection) !== connectionId)
      errors.push(invalid('connection_id', 'No connection has this connection_id.', '10017', 'Associated resource does not exist'));
    const optionalText = (field: string): string | null => {
      const value = body[field];
      if (value === undefined || value === null) return null;
      if (typeof value !== 'string') {
        errors.push(invalid(field, `${field} must be a string.`));
        return null;
      }
      return value;
    };
    const messagingProfileId = optionalText('messaging_profile_id');
    const billingGroupId = optionalText('billing_group_id');
    const customerReference = optionalText('customer_reference');
    if (errors.length > 0) throw new HttpError(422, errors);

    const at = now();
    const connectionOfOrder = connection === undefined || connection === null || connection === '' ? null : connectionId;
    const order: TelnyxNumberOrder = {
      record_type: 'number_order',
      id: randomUUID(),
      status: 'pending',
      connection_id: connectionOfOrder,
      messaging_profile_id: messagingProfileId,
      billing_group_id: billingGroupId,
      customer_reference: customerReference,
      phone_numbers_count: wanted.length,
      phone_numbers: [],
      sub_number_orders_ids: [randomUUID()],
      requirements_met: true,
      created_at: at,
      updated_at: at,
    };
    for (const phoneNumber of wanted) {
      const index = availableNumbers.findIndex((n) => n.phoneNumber === phoneNumber);
      const [sold] = availableNumbers.splice(index, 1);
      searched.delete(phoneNumber);
      order.phone_numbers.push({
        id: randomUUID(),
        record_type: 'number_order_phone_number',
        phone_number: phoneNumber,
        country_code: sold!.countryCode,
        phone_number_type: sold!.phoneNumberType,
        status: 'pending',
        requirements_met: true,
        regulatory_requirements: [],
      });
      ownedNumbers.push({
        record_type: 'phone_number',
        id: String(BigInt(`0x${randomBytes(7).toString('hex')}`) + 1_000_000_000_000_000_000n),
        phone_number: phoneNumber,
        status: 'purchase-pending',
        connection_id: connectionOfOrder,
        connection_name: null,
        messaging_profile_id: messagingProfileId,
        billing_group_id: billingGroupId,
        customer_reference: customerReference,
        country_iso_alpha2: sold!.countryCode,
        phone_number_type: sold!.phoneNumberType,
        source_type: 'number_order',
        external_pin: null,
        tags: [],
        t38_fax_gateway_enabled: false,
        emergency_enabled: false,
        deletion_lock_enabled: false,
        purchased_at: at,
        created_at: at,
        updated_at: at,
      });
    }
    numberOrders.push(order);
    if (numberOrderDelayMs <= 0) settleOrder(order);
    else
      void work.track(
        sleep(numberOrderDelayMs).then(() => {
          if (!work.closed) settleOrder(order);
        }),
      );
    send(res, 200, { data: order });
    return 200;
  }

  /** GET /v2/phone_numbers: the account's numbers, filtered and paged. */
  function listNumbers(query: URLSearchParams, res: ServerResponse): number {
    const errors: TelnyxError[] = [];
    const pageNumberText = query.get('page[number]') ?? '1';
    const pageSizeText = query.get('page[size]') ?? '20';
    if (!/^[1-9]\d{0,6}$/.test(pageNumberText)) errors.push(badParameter('page[number]', 'page[number] must be a positive whole number.'));
    if (!/^[1-9]\d{0,2}$/.test(pageSizeText) || Number(pageSizeText) > 250)
      errors.push(badParameter('page[size]', 'page[size] must be between 1 and 250.'));
    const digits = query.get('filter[phone_number]');
    if (digits !== null && digits.replace(/\D/g, '').length < 3)
      errors.push(badParameter('filter[phone_number]', 'filter[phone_number] needs at least three digits.'));
    if (errors.length > 0) throw new HttpError(422, errors);

    const status = query.get('filter[status]');
    const connection = query.get('filter[connection_id]');
    const found = ownedNumbers.filter(
      (n) =>
        // A non-digit (a +, a space) finds nothing, as the reference says.
        (digits === null || (/^\d+$/.test(digits) && n.phone_number.slice(1).includes(digits))) &&
        (status === null || n.status === status) &&
        (connection === null || n.connection_id === connection),
    );
    const pageNumber = Number(pageNumberText);
    const pageSize = Number(pageSizeText);
    send(res, 200, {
      data: found.slice((pageNumber - 1) * pageSize, pageNumber * pageSize),
      meta: {
        page_number: pageNumber,
        page_size: pageSize,
        total_pages: Math.max(1, Math.ceil(found.length / pageSize)),
        total_results: found.length,
      },
    });
    return 200;
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<number> {
    const { pathname: path, searchParams: query } = new URL(req.url ?? '/', 'http://localhost');
    const method = req.method ?? 'GET';
    if (method === 'POST' && path === '/v2/faxes') return createFax(req, res);

    if (path.startsWith('/v2/')) {
      if (req.headers.authorization !== `Bearer ${apiKey}`) throw new HttpError(401, [errorForStatus(401)]);
      failIfAsked(method, path);
    }
    if (method === 'GET' && path === '/v2/available_phone_numbers') return searchNumbers(query, res);
    const portingAnswer = await porting.handle(method, path, req, res);
    if (portingAnswer !== null) return portingAnswer;
    if (method === 'POST' && path === '/v2/number_orders') return createOrder(req, res);
    const orderMatch = /^\/v2\/number_orders\/([^/]+)$/.exec(path);
    if (method === 'GET' && orderMatch) {
      const order = numberOrders.find((o) => o.id === orderMatch[1]);
      if (!order) throw new HttpError(404, [errorForStatus(404)]);
      send(res, 200, { data: order });
      return 200;
    }
    if (method === 'GET' && path === '/v2/phone_numbers') return listNumbers(query, res);
    const numberMatch = /^\/v2\/phone_numbers\/([^/]+)$/.exec(path);
    if (numberMatch && (method === 'GET' || method === 'DELETE')) {
      const index = ownedNumbers.findIndex((n) => n.id === numberMatch[1]);
      if (index === -1) throw new HttpError(404, [errorForStatus(404)]);
      if (method === 'GET') {
        send(res, 200, { data: ownedNumbers[index] });
        return 200;
      }
      const [released] = ownedNumbers.splice(index, 1);
      released!.status = 'deleted';
      released!.updated_at = now();
      releasedNumbers.push(released!);
      send(res, 200, { data: released });
      return 200;
    }

    const faxMatch = /^\/v2\/faxes\/([^/]+)$/.exec(path);
    if (method === 'GET' && faxMatch) {
      const sent = faxes.find((f) => f.id === faxMatch[1]);
      if (!sent) throw new HttpError(404, [errorForStatus(404)]);
      send(res, 200, { data: { ...sent.fax } });
      return 200;
    }

    const mediaMatch = /^\/media\/(inbound|stored)\/([^/]+)$/.exec(path);
    if (method === 'GET' && mediaMatch) {
      const bytes = (mediaMatch[1] === 'inbound' ? inboundMedia : storedMedia).get(mediaMatch[2]!);
      if (!bytes) throw new HttpError(404, [errorForStatus(404)]);
      res.writeHead(200, { 'content-type': 'application/pdf', 'content-length': bytes.length });
      res.end(bytes);
      return 200;
    }
    throw new HttpError(404, [errorForStatus(404)]);
  }

  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    handle(req, res)
      .then((status) => requestLog.push({ method: req.method ?? 'GET', path, status }))
      .catch((error: unknown) => {
        const status = error instanceof HttpError ? error.status : 500;
        const errors = error instanceof HttpError ? error.errors : [errorForStatus(500)];
        requestLog.push({ method: req.method ?? 'GET', path, status });
        if (!res.headersSent) send(res, status, { errors });
        else res.end();
      });
  });
  url = await listenOnLocalhost(server);

  const simulator: TelnyxSimulator = {
    url,
    apiKey,
    connectionId,
    publicKey,
    faxes,
    received,
    webhooks,
    availableNumbers,
    ownedNumbers,
    releasedNumbers,
    numberOrders,
    portingOrders: porting.portingOrders,
    documents: porting.documents,
    advancePortingOrder: porting.advancePortingOrder,
    get requests() {
      return requests;
    },
    requestLog,
    ...controls.methods(),
    failNextRequests(status, count = 1, only = {}) {
      requestFailures = count > 0 ? { status, left: count, ...only } : null;
    },
    orderOutcomeFor(phoneNumber, outcome) {
      orderOutcomes.set(phoneNumber, outcome);
    },
    takeNumber(phoneNumber) {
      const index = availableNumbers.findIndex((n) => n.phoneNumber === phoneNumber);
      if (index !== -1) availableNumbers.splice(index, 1);
    },
    async receive({ to, from, pdf, pages, progressEvents = false }) {
      if (!options.webhookUrl) throw new Error('receive() needs the simulator started with a webhookUrl');
      const faxId = randomUUID();
      inboundMedia.set(faxId, pdf);
      const mediaUrl = `${url}/media/inbound/${faxId}`;
      const pageCount = pages ?? (await guessPageCount(pdf));
      const base = { connection_id: connectionId, direction: 'inbound', fax_id: faxId, from, to, user_id: userId };
      const events = [
        ...(progressEvents
          ? [
              event('fax.receiving.started', { ...base, status: 'receiving' }),
              event('fax.media.processing.started', { ...base, page_count: pageCount, status: 'media.processing' }),
            ]
          : []),
        event('fax.received', { ...base, media_url: mediaUrl, page_count: pageCount, partial_content: false, status: 'received' }),
      ];
      const entry: TelnyxReceivedFax = { faxId, mediaUrl, webhooks: [] };
      received.push(entry);
      const status = await work.track(deliverAll(options.webhookUrl, options.webhookFailoverUrl ?? '', events, entry.webhooks));
      return { faxId, status, mediaUrl };
    },
    async sendWebhook(target, payload, { timestamp, signWith: signer = 'own' } = {}) {
      const body = typeof payload === 'string' ? payload : JSON.stringify(payload);
      const stamp = String(timestamp ?? Math.floor(Date.now() / 1000));
      const answer = await post(target, body, signer === 'own' ? own.privateKey : other.privateKey, stamp);
      const data = typeof payload === 'object' && payload !== null ? (payload as Partial<TelnyxEvent>).data : undefined;
      webhooks.push({
        eventType: data?.event_type ?? '',
        eventId: data?.id ?? '',
        url: target,
        attempt: 1,
        timestamp: stamp,
        signature: answer.signature,
        body,
        status: answer.status,
        ...(answer.error ? { error: answer.error } : {}),
      });
      return { status: answer.status, body, timestamp: stamp, signature: answer.signature };
    },
    signature(timestamp, body) {
      return signWith(own.privateKey, timestamp, body);
    },
    settled: () => work.settled(),
    close: () => work.close(server),
  };
  return simulator;
}
