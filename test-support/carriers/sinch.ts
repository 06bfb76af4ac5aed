/**
 * A local stand-in for Sinch's Fax API v3 and Numbers API v1, for tests that cannot reach Sinch. It is a plain
 * node:http server on 127.0.0.1 serving both APIs under their documented paths, written from Sinch's pages and from
 * reading its Node SDK (github.com/sinch/sinch-sdk-node, packages/fax and packages/numbers; nothing copied):
 *
 * - Authentication: HTTP Basic with the access key id and secret, or an OAuth2 bearer token from
 *   POST /oauth2/token (client_credentials, Basic with the same key). Anything else is 401.
 *   https://developers.sinch.com/docs/fax/api-reference/fax/faxes (Authentication: "Basic or Oauth2")
 *   https://developers.sinch.com/docs/fax/getting-started/php/send-fax (Basic key:secret)
 * - POST /v3/projects/{projectId}/faxes, JSON or multipart/form-data: `to` (E.164; several with `;` or an array, one
 *   fax each), `from`, `contentUrl` (a URL or a list; URLs may carry basic-auth credentials), `files` (JSON: base64
 *   and fileType) or `file` parts (multipart), `callbackUrl`, `callbackUrlContentType` (multipart/form-data by
 *   default, or application/json), `resolution` (FINE, SUPERFINE), `labels` (a key/value store kept on the fax),
 *   `maxRetries` (0 to 5), `serviceId`, `headerText` (50 characters at most), `imageConversionMethod`. Answers 200 with
 *   the fax object (id, direction, from, to, status QUEUED → IN_PROGRESS → COMPLETED | FAILURE, numberOfPages,
 *   errorType/errorCode/errorMessage …), or `{ faxes: [...] }` for several numbers.
 *   https://developers.sinch.com/docs/fax/api-reference/fax/tag/Faxes/
 *   https://developers.sinch.com/sdk/sinch-sdk-node/1.5.0/interfaces/Fax.Fax.html
 * - GET /v3/projects/{projectId}/faxes/{id}; GET …/faxes/{id}/file (and the deprecated …/file.pdf): the fax's PDF
 *   behind the same authentication; DELETE …/faxes/{id}/file removes it.
 *   https://developers.sinch.com/docs/fax/api-reference/fax/faxes/getfaxfilebyid
 * - Errors: `{ code, error, message }` (code a string: "401", "404" …), a 422 adds `details.fieldViolations`
 *   `[{ field, description }]`. Wrong key, secret or project: 401.
 *   https://developers.sinch.com/docs/fax/api-reference/fax/tag/Error-Messages
 * - After accepting a fax, Sinch fetches each contentUrl; a fetch that fails is DOCUMENT_CONVERSION_ERROR 54 ("Could
 *   not access the url you provided."), a document it cannot take 129 ("Mimetype not supported."; this stand-in
 *   converts PDF only), a PDF it cannot read 133. Then it dials: the fax ends COMPLETED (numberOfPages) or FAILURE
 *   with CALL_ERROR 17 Busy, 16 Ring Timeout, 34 Phone number not operational, FAX_ERROR 132 No fax tone detected …
 *   There is ONE callback per fax, FAX_COMPLETED (for a failure too), to the fax's callbackUrl: JSON
 *   `{ event, eventTime, fax, file (base64), fileType }`, or multipart with `event`, `eventTime`, `fax` (JSON) fields
 *   and the PDF as a `file` part. A callback not answered 200 is retried (Sinch: up to 16 times, 5 minutes to 6 hours
 *   apart; here `webhookAttempts` tries `retryDelayMs` apart).
 *   https://developers.sinch.com/docs/fax/api-reference/fax/tag/Notifications
 * - Callback authentication: Sinch's Fax API signs NOTHING (no signature header, no timestamp; its Node SDK's
 *   FaxCallbackWebhooks.validateAuthenticationHeader says "No header validation is implemented for Fax API"). What it
 *   documents is basic-auth credentials in the callback URL ("If a callback URL uses basicauth credentials, when the
 *   callback URL is retrieved those credentials are masked"): the simulator posts to the URL without them and sends
 *   `Authorization: Basic base64(user:password)`, and masks them as `***:***` wherever a URL is read back.
 *   https://developers.sinch.com/sdk/sinch-sdk-node/1.5.0/interfaces/Fax.FaxRequestFormData.html
 * - Inbound: a fax to a number whose voice configuration is `{ type: 'FAX', serviceId }` is posted as INCOMING_FAX
 *   (direction INBOUND, status COMPLETED, the file as above) to that service's `incomingWebhookUrl`, in its
 *   `webhookContentType`; the document is kept for …/faxes/{id}/file when the service has saveInboundFaxDocuments.
 *   GET/PATCH /v3/projects/{projectId}/services/{serviceId}, GET …/services.
 *   https://developers.sinch.com/docs/fax/api-reference/fax/tag/Services/
 * - Numbers: GET /v1/projects/{projectId}/availableNumbers?regionCode&type&numberPattern.pattern&
 *   numberPattern.searchPattern (START, CONTAINS, END; the pattern is matched against the whole E.164 number, "+"
 *   included, as the .NET SDK's tests send `%2b2020`)&capabilities&size → `{ availableNumbers: [...] }`;
 *   GET …/availableNumbers/{phoneNumber}; POST …/availableNumbers/{phoneNumber}:rent with
 *   `voiceConfiguration: { type: 'FAX', serviceId }` → the active number, its voice configuration provisioned
 *   asynchronously (`scheduledVoiceProvisioning` WAITING first); GET …/activeNumbers[/{phoneNumber}];
 *   POST …/activeNumbers/{phoneNumber}:release → the number with `expireAt` set (it stays active until then).
 *   Errors: `{ error: { code, message, status, details } }` (400 INVALID_ARGUMENT, 401 UNAUTHENTICATED, 404 NOT_FOUND).
 *   https://developers.sinch.com/docs/numbers/api-reference/numbers/available-number
 *   https://developers.sinch.com/docs/numbers/api-reference/numbers/active-number
 *   https://developers.sinch.com/sdk/sinch-sdk-node/1.5.0/interfaces/Numbers.VoiceConfigurationFax.html
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { PDFDocument } from 'pdf-lib';
import {
  jsonObjectOf,
  listenOnLocalhost,
  multipartOf,
  pdfPageCount,
  readBody,
  SimulatorControls,
  WorkInFlight,
  type SentFax,
} from './simulator-kit';

export type SinchFaxStatus = 'QUEUED' | 'IN_PROGRESS' | 'COMPLETED' | 'FAILURE';
export type SinchErrorType = 'DOCUMENT_CONVERSION_ERROR' | 'CALL_ERROR' | 'FAX_ERROR' | 'FATAL_ERROR' | 'GENERAL_ERROR' | 'LINE_ERROR';
export type SinchCallbackContentType = 'multipart/form-data' | 'application/json';
export type SinchWebhookMode = 'in-order' | 'duplicated' | 'reordered';

/** A failed fax's error, as the fax object and its callback carry it. */
export interface SinchFaxError {
  errorType: SinchErrorType;
  errorCode: number;
  errorMessage: string;
}

/** Documented errors (Sinch's Error Messages page) the simulator answers by name. */
export const SINCH_FAX_ERRORS = {
  busy: { errorType: 'CALL_ERROR', errorCode: 17, errorMessage: 'Busy' },
  no_answer: { errorType: 'CALL_ERROR', errorCode: 16, errorMessage: 'Ring Timeout' },
  not_a_fax_machine: { errorType: 'FAX_ERROR', errorCode: 132, errorMessage: 'No fax tone detected' },
  invalid_number: { errorType: 'CALL_ERROR', errorCode: 34, errorMessage: 'Phone number not operational' },
  call_dropped: { errorType: 'CALL_ERROR', errorCode: 11, errorMessage: 'The call dropped prematurely' },
} as const satisfies Record<string, SinchFaxError>;
export type SinchFaxErrorName = keyof typeof SINCH_FAX_ERRORS;

/** What happens to a fax sent to a number: completed (pages: the document's count unless given) or failed. */
export type SinchOutcome =
  { result: 'completed'; pages?: number } | { result: 'failed'; error: SinchFaxErrorName | SinchFaxError; pagesSent?: number };

/** The fax object, as POST/GET …/faxes answer it and callbacks carry it. */
export interface SinchFax {
  id: string;
  direction: 'OUTBOUND' | 'INBOUND';
  from?: string;
  to: string;
  contentUrl?: string[];
  numberOfPages?: number;
  status: SinchFaxStatus;
  price?: { currencyCode: string; amount: string };
  createTime: string;
  completedTime?: string;
  pagesSentSuccessfully?: number;
  headerText: string;
  headerPageNumbers: boolean;
  headerTimeZone: string;
  retryDelaySeconds: number;
  labels: Record<string, string>;
  callbackUrl?: string;
  callbackUrlContentType: SinchCallbackContentType;
  imageConversionMethod: 'HALFTONE' | 'MONOCHROME';
  errorType?: SinchErrorType;
  errorCode?: number;
  errorMessage?: string;
  maxRetries: number;
  retryCount: number;
  hasFile: 'true' | 'false';
  resolution: 'FINE' | 'SUPERFINE';
  projectId: string;
  serviceId: string;
}

/** A fax service (…/services/{id}): where INCOMING_FAX goes, and the defaults of the faxes sent through it. */
export interface SinchService {
  id: string;
  projectId: string;
  name: string;
  incomingWebhookUrl: string;
  webhookContentType: SinchCallbackContentType;
  defaultForProject: boolean;
  defaultFrom: string;
  numberOfRetries: number;
  retryDelaySeconds: number;
  imageConversionMethod: 'HALFTONE' | 'MONOCHROME';
  saveOutboundFaxDocuments: boolean;
  saveInboundFaxDocuments: boolean;
  scanIncomingBarcodes: boolean;
  resolution: 'FINE' | 'SUPERFINE';
}

export interface SinchMoney {
  currencyCode: string;
  amount: string;
}

export interface SinchAvailableNumber {
  phoneNumber: string;
  regionCode: string;
  type: 'LOCAL' | 'MOBILE' | 'TOLL_FREE';
  capability: Array<'SMS' | 'VOICE'>;
  setupPrice: SinchMoney;
  monthlyPrice: SinchMoney;
  paymentIntervalMonths: number;
  supportingDocumentationRequired: boolean;
}

export interface SinchVoiceConfiguration {
  type: 'RTC' | 'EST' | 'FAX';
  appId?: string;
  trunkId?: string;
  serviceId?: string;
  lastUpdatedTime: string | null;
  scheduledVoiceProvisioning: {
    type: 'RTC' | 'EST' | 'FAX';
    appId?: string;
    trunkId?: string;
    serviceId?: string;
    status: 'WAITING' | 'IN_PROGRESS' | 'FAILED';
    lastUpdatedTime: string;
  } | null;
}

export interface SinchActiveNumber {
  phoneNumber: string;
  projectId: string;
  displayName: string;
  regionCode: string;
  type: SinchAvailableNumber['type'];
  capability: SinchAvailableNumber['capability'];
  money: SinchMoney;
  paymentIntervalMonths: number;
  nextChargeDate: string;
  expireAt: string | null;
  smsConfiguration?: Record<string, unknown>;
  voiceConfiguration: SinchVoiceConfiguration;
  callbackUrl: string;
}

/** One POST of a callback: what was sent and what the receiver answered (status null: no answer, see error). */
export interface SinchWebhookDelivery {
  event: string;
  faxId: string;
  /** The URL posted to, without the credentials it was given with. */
  url: string;
  attempt: number;
  /** The Authorization header sent (Basic, from the URL's credentials), or null when the URL had none. */
  authorization: string | null;
  contentType: string;
  body: Buffer;
  status: number | null;
  error?: string;
  /** A retried copy posted late ('reordered' mode). */
  late?: boolean;
}

/** An outbound fax as the simulator saw it. */
export interface SinchSentFax extends SentFax<SinchFax, SinchWebhookDelivery> {
  id: string;
  /** What each contentUrl gave, in order (null status: no answer). */
  fetches: { url: string; status: number | null; contentType: string | null; authorization: string | null }[];
  /** The document faxed (documents merged), once converted. */
  document: Buffer | null;
}

export interface SinchReceivedFax {
  faxId: string;
  fileUrl: string;
  webhooks: SinchWebhookDelivery[];
}

export interface SinchSimulatorOptions {
  /** The default service's incomingWebhookUrl (credentials allowed), empty by default. */
  incomingWebhookUrl?: string;
  /** The default service's webhookContentType (default multipart/form-data, as Sinch's is). */
  webhookContentType?: SinchCallbackContentType;
  /** Tries per callback (default 3). */
  webhookAttempts?: number;
  /** Delay before retry n is retryDelayMs × n (default 200). */
  retryDelayMs?: number;
  /** A receiver that has not answered within this is counted as failed (default 5000; Sinch waits 60 s). */
  webhookTimeoutMs?: number;
  /** Pause between the steps of a fax, and before a rented number's voice configuration is provisioned (default 5). */
  stepDelayMs?: number;
  /** The credentials sendWebhook uses with signWith 'own' when its URL carries none. */
  webhookUser?: string;
  webhookSecret?: string;
}

export interface SinchSimulator {
  /** Base URL, e.g. http://127.0.0.1:PORT: the Fax API under /v3, the Numbers API under /v1, OAuth2 at /oauth2/token. */
  url: string;
  projectId: string;
  keyId: string;
  keySecret: string;
  /** The project's default fax service. */
  serviceId: string;
  /** Credentials for sendWebhook's 'own' (Sinch itself holds none: they travel in the callback URL). */
  webhookUser: string;
  webhookSecret: string;
  faxes: SinchSentFax[];
  received: SinchReceivedFax[];
  /** Every callback POST, outbound, inbound and sendWebhook's, in the order sent. */
  webhooks: SinchWebhookDelivery[];
  requestLog: { method: string; path: string; status: number }[];
  /** Numbers rented (released ones stay, with expireAt, as at Sinch). */
  activeNumbers: SinchActiveNumber[];
  /** The inventory left to rent. */
  availableNumbers: SinchAvailableNumber[];
  services: SinchService[];
  outcomeFor(to: string, outcome: SinchOutcome): void;
  outcomesInTurn(to: string, outcomes: SinchOutcome[]): void;
  failNextSends(status: number, count?: number): void;
  webhookMode(mode: SinchWebhookMode): void;
  receive(fax: {
    to: string;
    from: string;
    pdf: Buffer;
    pages?: number;
  }): Promise<{ faxId: string; status: number | null; fileUrl: string }>;
  /** Posts a body as Sinch would: Basic credentials from the URL, else own ones ('own'), wrong ones ('other') or none. */
  sendWebhook(
    url: string,
    body: unknown,
    options?: { signWith?: 'own' | 'other' | 'none'; contentType?: string },
  ): Promise<{ status: number | null; authorization: string | null; body: Buffer }>;
  /** Resolves when every fax, inbound fax, provisioning and late copy is done. */
  settled(): Promise<void>;
  close(): Promise<void>;
}

const E164 = /^\+[1-9]\d{1,14}$/;
const MAX_REQUEST_BYTES = 60 * 1024 * 1024;
const FILE_TYPES = ['DOCX', 'PDF', 'TIF', 'JPG', 'TXT', 'HTML', 'PNG'];
const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** A Fax API error: `{ code, error, message }`, 422s with their field violations. */
class FaxApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fieldViolations: { field: string; description: string }[] = [],
  ) {
    super(message);
  }
}

/** A Numbers API error: `{ error: { code, message, status, details } }`. */
class NumbersApiError extends Error {
  constructor(
    readonly status: number,
    readonly grpcStatus: string,
    message: string,
    readonly details: unknown[] = [],
  ) {
    super(message);
  }
}

const FAX_ERROR_TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  402: 'Payment required',
  403: 'Forbidden',
  404: 'Not found',
  405: 'Method not allowed',
  413: 'Payload too large',
  422: 'Invalid parameters',
  429: 'Too many requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
};

const faxErrorBody = (error: FaxApiError) => ({
  code: String(error.status),
  error: FAX_ERROR_TITLES[error.status] ?? 'Error',
  message: error.message,
  ...(error.fieldViolations.length > 0 ? { details: { fieldViolations: error.fieldViolations } } : {}),
});

const GRPC_STATUS: Record<number, string> = {
  400: 'INVALID_ARGUMENT',
  401: 'UNAUTHENTICATED',
  403: 'PERMISSION_DENIED',
  404: 'NOT_FOUND',
  429: 'RESOURCE_EXHAUSTED',
  500: 'INTERNAL',
  503: 'UNAVAILABLE',
};

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const now = () => new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');

/** A ULID-shaped id (26 Crockford base-32 characters, time first), as Sinch's fax and service ids look. */
function ulid(): string {
  let time = Date.now();
  let head = '';
  for (let i = 0; i < 10; i += 1) {
    head = CROCKFORD[time % 32]! + head;
    time = Math.floor(time / 32);
  }
  const tail = [...randomBytes(16)].map((byte) => CROCKFORD[byte % 32]).join('');
  return head + tail;
}

function isHttpUrl(value: unknown): value is string {
  if (typeof value !== 'string' || value.length > 2000) return false;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** A URL's basic-auth credentials taken out: the URL to fetch and the Authorization header they make. */
function credentialsOf(value: string): { url: string; authorization: string | null } {
  const url = new URL(value);
  if (!url.username && !url.password) return { url: url.toString(), authorization: null };
  const user = decodeURIComponent(url.username);
  const password = decodeURIComponent(url.password);
  url.username = '';
  url.password = '';
  return { url: url.toString(), authorization: `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}` };
}

/** A URL as Sinch shows it back: credentials masked. */
function masked(value: string): string {
  if (!value) return value;
  try {
    const url = new URL(value);
    if (!url.username && !url.password) return value;
    return value.replace(/^(https?:\/\/)[^@/]*@/i, '$1***:***@');
  } catch {
    return value;
  }
}

/** A multipart/form-data body of text fields and file parts, with its content type. */
function multipartBody(fields: Record<string, string>, files: { name: string; filename: string; contentType: string; bytes: Buffer }[]) {
  const boundary = `----sinch${randomBytes(12).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields))
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  for (const file of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.name}"; filename="${file.filename}"\r\nContent-Type: ${file.contentType}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** Several PDFs as one, in order (Sinch renders every content URL and file into one fax). */
async function merged(documents: Buffer[]): Promise<Buffer> {
  if (documents.length === 1) return documents[0]!;
  const out = await PDFDocument.create();
  for (const document of documents) {
    const pdf = await PDFDocument.load(document, { ignoreEncryption: true });
    for (const page of await out.copyPages(pdf, pdf.getPageIndices())) out.addPage(page);
  }
  return Buffer.from(await out.save());
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

/** The inventory: a few dozen numbers in two US area codes, US toll-free, Canada (416, 514) and France (Paris, Marseille). */
function seedInventory(): SinchAvailableNumber[] {
  const usd = (amount: string) => ({ currencyCode: 'USD', amount });
  const eur = (amount: string) => ({ currencyCode: 'EUR', amount });
  const make = (
    prefix: string,
    count: number,
    regionCode: string,
    type: SinchAvailableNumber['type'],
    capability: SinchAvailableNumber['capability'],
    monthly: SinchMoney,
    setup: SinchMoney,
    documents = false,
  ): SinchAvailableNumber[] =>
    Array.from({ length: count }, (_, i) => ({
      phoneNumber: `${prefix}${String(100 + i).padStart(4, '0')}`,
      regionCode,
      type,
      capability,
      setupPrice: setup,
      monthlyPrice: monthly,
      paymentIntervalMonths: 1,
      supportingDocumentationRequired: documents,
    }));
  return [
    ...make('+1212555', 10, 'US', 'LOCAL', ['SMS', 'VOICE'], usd('1.00'), usd('0.00')),
    ...make('+1415555', 10, 'US', 'LOCAL', ['SMS', 'VOICE'], usd('1.00'), usd('0.00')),
    ...make('+1888555', 4, 'US', 'TOLL_FREE', ['VOICE'], usd('2.00'), usd('0.00')),
    ...make('+1416555', 5, 'CA', 'LOCAL', ['SMS', 'VOICE'], usd('1.00'), usd('0.00')),
    ...make('+1514555', 5, 'CA', 'LOCAL', ['VOICE'], usd('1.00'), usd('0.00')),
    ...make('+3317036', 5, 'FR', 'LOCAL', ['VOICE'], eur('2.50'), eur('5.00'), true),
    ...make('+3349100', 5, 'FR', 'LOCAL', ['VOICE'], eur('2.50'), eur('5.00'), true),
  ];
}

/** Starts the simulator on 127.0.0.1 at a free port. */
export async function startSinchSimulator(options: SinchSimulatorOptions = {}): Promise<SinchSimulator> {
  const projectId = randomUUID();
  const keyId = randomUUID();
  const keySecret = randomBytes(24).toString('base64url');
  const webhookUser = options.webhookUser ?? 'faxline';
  const webhookSecret = options.webhookSecret ?? randomBytes(24).toString('base64url');
  const basic = `Basic ${Buffer.from(`${keyId}:${keySecret}`).toString('base64')}`;
  const tokens = new Set<string>();

  const attempts = Math.max(1, options.webhookAttempts ?? 3);
  const retryDelayMs = options.retryDelayMs ?? 200;
  const webhookTimeoutMs = options.webhookTimeoutMs ?? 5000;
  const stepDelayMs = options.stepDelayMs ?? 5;

  const controls = new SimulatorControls<SinchOutcome, SinchWebhookMode>('in-order');
  const documents = new Map<string, Buffer>();
  const work = new WorkInFlight();
  const provisioning = new Map<string, Promise<void>>();
  let lateCopies: { target: string; contentType: string; event: string; faxId: string; body: Buffer; log: SinchWebhookDelivery[] }[] = [];
  let url = '';

  const faxes: SinchSentFax[] = [];
  const received: SinchReceivedFax[] = [];
  const webhooks: SinchWebhookDelivery[] = [];
  const requestLog: SinchSimulator['requestLog'] = [];
  const activeNumbers: SinchActiveNumber[] = [];
  const availableNumbers = seedInventory();
  const services: SinchService[] = [
    {
      id: ulid(),
      projectId,
      name: 'Default Service',
      incomingWebhookUrl: options.incomingWebhookUrl ?? '',
      webhookContentType: options.webhookContentType ?? 'multipart/form-data',
      defaultForProject: true,
      defaultFrom: '',
      numberOfRetries: 3,
      retryDelaySeconds: 60,
      imageConversionMethod: 'HALFTONE',
      saveOutboundFaxDocuments: true,
      saveInboundFaxDocuments: false,
      scanIncomingBarcodes: false,
      resolution: 'FINE',
    },
  ];
  const defaultService = services[0]!;

  const authentic = (req: IncomingMessage) => {
    const auth = req.headers.authorization ?? '';
    return auth === basic || (auth.startsWith('Bearer ') && tokens.has(auth.slice(7)));
  };

  /** One POST of a callback body; never throws. */
  async function post(target: string, contentType: string, body: Buffer, authorization: string | null) {
    try {
      const res = await fetch(target, {
        method: 'POST',
        headers: { 'content-type': contentType, ...(authorization ? { authorization } : {}) },
        body: new Uint8Array(body),
        redirect: 'manual',
        signal: AbortSignal.timeout(webhookTimeoutMs),
      });
      await res.arrayBuffer().catch(() => undefined);
      return { status: res.status as number | null, error: undefined as string | undefined };
    } catch (error) {
      return { status: null, error: error instanceof Error ? error.message : String(error) };
    }
  }

  /** Delivers one callback with retries: until a 200 (Sinch expects 200) or `attempts` tries, retryDelayMs × n apart. */
  async function deliver(
    target: string,
    payload: { contentType: string; event: string; faxId: string; body: Buffer },
    log: SinchWebhookDelivery[],
    late = false,
  ): Promise<number | null> {
    const { url: bare, authorization } = credentialsOf(target);
    let status: number | null = null;
    for (let attempt = 1; attempt <= attempts && !work.closed; attempt += 1) {
      if (attempt > 1) await sleep(retryDelayMs * (attempt - 1));
      if (work.closed) break;
      const answer = await post(bare, payload.contentType, payload.body, authorization);
      const delivery: SinchWebhookDelivery = {
        event: payload.event,
        faxId: payload.faxId,
        url: bare,
        attempt,
        authorization,
        contentType: payload.contentType,
        body: payload.body,
        status: answer.status,
        ...(answer.error ? { error: answer.error } : {}),
        ...(late ? { late: true } : {}),
      };
      log.push(delivery);
      webhooks.push(delivery);
      status = answer.status;
      if (status === 200) break;
    }
    return status;
  }

  /** Posts late copies queued by earlier callbacks ('reordered'). */
  async function flushLateCopies(): Promise<void> {
    const copies = lateCopies;
    lateCopies = [];
    for (const copy of copies) await deliver(copy.target, copy, copy.log, true);
  }

  /**
   * A fax's one callback in the current mode: once ('in-order'); twice in a row ('duplicated'); or once, with a
   * retried copy posted only after the next fax's callback ('reordered': a stale copy arriving after newer news).
   */
  async function deliverCallback(
    target: string,
    payload: { contentType: string; event: string; faxId: string; body: Buffer },
    log: SinchWebhookDelivery[],
  ): Promise<number | null> {
    const status = await deliver(target, payload, log);
    if (controls.mode === 'duplicated' && !work.closed) await deliver(target, payload, log);
    if (controls.mode === 'reordered' && !work.closed) {
      await flushLateCopies();
      lateCopies.push({ target, ...payload, log });
    }
    return status;
  }

  /** The callback body of an event, in the content type asked for: the fax (URLs masked) and its document. */
  function callbackPayload(event: string, fax: SinchFax, file: Buffer | null, contentType: SinchCallbackContentType) {
    const shown = faxView(fax);
    const eventTime = now();
    if (contentType === 'application/json') {
      const body = {
        event,
        eventTime,
        fax: shown,
        ...(file ? { file: file.toString('base64'), fileType: 'PDF' } : {}),
      };
      return { contentType, event, faxId: fax.id, body: Buffer.from(JSON.stringify(body)) };
    }
    const form = multipartBody(
      { event, eventTime, fax: JSON.stringify(shown) },
      file ? [{ name: 'file', filename: `${fax.id}.pdf`, contentType: 'application/pdf', bytes: file }] : [],
    );
    return { contentType: form.contentType, event, faxId: fax.id, body: form.body };
  }

  const faxView = (fax: SinchFax): SinchFax => ({
    ...fax,
    labels: { ...fax.labels },
    ...(fax.callbackUrl !== undefined ? { callbackUrl: masked(fax.callbackUrl) } : {}),
    ...(fax.contentUrl ? { contentUrl: fax.contentUrl.map(masked) } : {}),
  });
  const serviceView = (service: SinchService): SinchService => ({ ...service, incomingWebhookUrl: masked(service.incomingWebhookUrl) });

  /** Fetches the fax's content URLs as Sinch does (credentials in a URL become Basic), then converts: PDF only. */
  async function documentOf(sent: SinchSentFax, files: Buffer[]): Promise<{ document: Buffer; pages: number } | SinchFaxError> {
    const parts: Buffer[] = [];
    for (const contentUrl of sent.fax.contentUrl ?? []) {
      const { url: bare, authorization } = credentialsOf(contentUrl);
      const fetched = { url: bare, status: null as number | null, contentType: null as string | null, authorization };
      sent.fetches.push(fetched);
      let bytes: Buffer | null = null;
      try {
        const res = await fetch(bare, { headers: authorization ? { authorization } : {}, signal: AbortSignal.timeout(webhookTimeoutMs) });
        fetched.status = res.status;
        fetched.contentType = res.headers.get('content-type');
        const body = Buffer.from(await res.arrayBuffer());
        if (res.status >= 200 && res.status < 300) bytes = body;
      } catch {
        bytes = null;
      }
      if (!bytes)
        return {
          errorType: 'DOCUMENT_CONVERSION_ERROR',
          errorCode: 54,
          errorMessage: `Could not access the url you provided. ${masked(contentUrl)}`,
        };
      parts.push(bytes);
    }
    parts.push(...files);
    let pages = 0;
    for (const part of parts) {
      if (part.length === 0)
        return { errorType: 'DOCUMENT_CONVERSION_ERROR', errorCode: 128, errorMessage: 'Could not determine mimetype for file.' };
      if (!part.subarray(0, 1024).includes('%PDF-'))
        return { errorType: 'DOCUMENT_CONVERSION_ERROR', errorCode: 129, errorMessage: 'Mimetype not supported.' };
      const count = await pdfPageCount(part);
      if (count === null)
        return { errorType: 'DOCUMENT_CONVERSION_ERROR', errorCode: 133, errorMessage: 'Failed to normalize PDF document' };
      pages += count;
    }
    return { document: await merged(parts), pages };
  }

  function finish(fax: SinchFax, status: SinchFaxStatus) {
    fax.status = status;
    fax.completedTime = now();
  }

  async function runOutbound(sent: SinchSentFax, files: Buffer[]): Promise<void> {
    const fax = sent.fax;
    await sleep(stepDelayMs);
    fax.status = 'IN_PROGRESS';
    const converted = await documentOf(sent, files);
    await sleep(stepDelayMs);
    if ('errorType' in converted) {
      Object.assign(fax, converted);
      finish(fax, 'FAILURE');
    } else {
      sent.document = converted.document;
      if (services.find((s) => s.id === fax.serviceId)?.saveOutboundFaxDocuments) {
        documents.set(fax.id, converted.document);
        fax.hasFile = 'true';
      }
      fax.numberOfPages = converted.pages;
      const outcome = controls.outcomeOf(fax.to) ?? { result: 'completed' };
      if (outcome.result === 'completed') {
        const pages = outcome.pages ?? converted.pages;
        fax.numberOfPages = pages;
        fax.pagesSentSuccessfully = pages;
        fax.price = { currencyCode: 'USD', amount: (0.07 * pages).toFixed(3) };
        finish(fax, 'COMPLETED');
      } else {
        Object.assign(fax, typeof outcome.error === 'string' ? SINCH_FAX_ERRORS[outcome.error] : outcome.error);
        fax.pagesSentSuccessfully = outcome.pagesSent ?? 0;
        finish(fax, 'FAILURE');
      }
    }
    if (!fax.callbackUrl || work.closed) return;
    await deliverCallback(fax.callbackUrl, callbackPayload('FAX_COMPLETED', fax, sent.document, fax.callbackUrlContentType), sent.webhooks);
  }

  /** Validates a send as the reference lists its fields; throws a 422 with every violation. */
  function validateSend(body: Record<string, unknown>, fileCount: number): { to: string[]; contentUrl: string[]; files: Buffer[] } {
    const violations: { field: string; description: string }[] = [];
    const present = (field: string) => body[field] !== undefined && body[field] !== null && body[field] !== '';

    const toList = Array.isArray(body.to)
      ? (body.to as unknown[])
      : typeof body.to === 'string'
        ? body.to.split(';').map((n) => n.trim())
        : [];
    if (!present('to') || toList.length === 0) violations.push({ field: 'to', description: 'to is required' });
    for (const to of toList)
      if (typeof to !== 'string' || !E164.test(to))
        violations.push({ field: 'to', description: `The (${String(to)}) is not a valid phone number` });
    if (present('from') && !(typeof body.from === 'string' && E164.test(body.from)))
      violations.push({ field: 'from', description: `The (${String(body.from)}) is not a valid phone number` });

    const contentUrl = Array.isArray(body.contentUrl)
      ? (body.contentUrl as unknown[])
      : typeof body.contentUrl === 'string' && body.contentUrl !== ''
        ? [body.contentUrl]
        : [];
    for (const entry of contentUrl)
      if (!isHttpUrl(entry)) violations.push({ field: 'contentUrl', description: `${String(entry)} is not a valid URL` });

    const files: Buffer[] = [];
    if (present('files')) {
      if (!Array.isArray(body.files)) violations.push({ field: 'files', description: 'files must be a list of { file, fileType }' });
      else
        for (const [i, entry] of (body.files as unknown[]).entries()) {
          const item = entry as { file?: unknown; fileType?: unknown } | null;
          if (typeof item?.file !== 'string' || !/^[A-Za-z0-9+/]*={0,2}$/.test(item.file))
            violations.push({ field: `files[${i}].file`, description: 'file must be base64' });
          else if (typeof item.fileType !== 'string' || !FILE_TYPES.includes(item.fileType.toUpperCase()))
            violations.push({ field: `files[${i}].fileType`, description: `fileType must be one of ${FILE_TYPES.join(', ')}` });
          else files.push(Buffer.from(item.file, 'base64'));
        }
    }
    if (contentUrl.length === 0 && files.length === 0 && fileCount === 0 && violations.every((v) => !v.field.startsWith('files')))
      violations.push({ field: 'contentUrl', description: 'At least one file or contentUrl parameter is required' });

    if (present('callbackUrl') && !isHttpUrl(body.callbackUrl))
      violations.push({ field: 'callbackUrl', description: 'callbackUrl must be an http(s) URL' });
    if (
      present('callbackUrlContentType') &&
      body.callbackUrlContentType !== 'multipart/form-data' &&
      body.callbackUrlContentType !== 'application/json'
    )
      violations.push({
        field: 'callbackUrlContentType',
        description: 'callbackUrlContentType must be multipart/form-data or application/json',
      });
    if (present('resolution') && body.resolution !== 'FINE' && body.resolution !== 'SUPERFINE')
      violations.push({ field: 'resolution', description: 'resolution must be FINE or SUPERFINE' });
    if (present('imageConversionMethod') && body.imageConversionMethod !== 'HALFTONE' && body.imageConversionMethod !== 'MONOCHROME')
      violations.push({ field: 'imageConversionMethod', description: 'imageConversionMethod must be HALFTONE or MONOCHROME' });
    if (present('headerText') && !(typeof body.headerText === 'string' && body.headerText.length <= 50))
      violations.push({ field: 'headerText', description: 'headerText is 50 characters at most' });
    if (
      present('maxRetries') &&
      !(Number.isInteger(body.maxRetries) && (body.maxRetries as number) >= 0 && (body.maxRetries as number) <= 5)
    )
      violations.push({ field: 'maxRetries', description: 'maxRetries must be 0 to 5' });
    if (present('retryDelaySeconds') && !(Number.isInteger(body.retryDelaySeconds) && (body.retryDelaySeconds as number) >= 0))
      violations.push({ field: 'retryDelaySeconds', description: 'retryDelaySeconds must be a whole number of seconds' });
    if (present('labels')) {
      const labels = body.labels;
      if (typeof labels !== 'object' || Array.isArray(labels) || Object.values(labels as object).some((v) => typeof v !== 'string'))
        violations.push({ field: 'labels', description: 'labels must be an object of strings' });
    }
    if (present('serviceId') && !services.some((s) => s.id === body.serviceId))
      violations.push({ field: 'serviceId', description: `No service ${String(body.serviceId)} in this project` });
    if (violations.length > 0)
      throw new FaxApiError(422, 'The request could not be understood by the server due to malformed syntax.', violations);
    return { to: toList as string[], contentUrl: contentUrl as string[], files };
  }

  async function createFaxes(req: IncomingMessage, res: ServerResponse): Promise<number> {
    const refused = controls.nextSendFailure();
    if (refused !== null) throw new FaxApiError(refused, `The service answered ${refused}; try again.`);
    const raw = await readBody(req, MAX_REQUEST_BYTES, () => new FaxApiError(413, 'The request is too large.'));
    const contentType = (req.headers['content-type'] ?? '').toLowerCase();
    let body: Record<string, unknown>;
    let fileParts: Buffer[] = [];
    if (contentType.startsWith('multipart/form-data')) {
      const parts = await multipartOf(raw, req.headers['content-type'] ?? '');
      if (!parts) throw new FaxApiError(400, 'The multipart body could not be read.');
      body = {};
      for (const [name, values] of Object.entries(parts.fields)) {
        const value = values.join(';');
        if (name === 'contentUrl') body.contentUrl = values.flatMap((v) => v.split(',').map((u) => u.trim())).filter(Boolean);
        else if (name === 'to') body.to = values.length > 1 ? values : value;
        else if (name === 'labels') {
          try {
            body.labels = JSON.parse(value) as unknown;
          } catch {
            body.labels = value;
          }
        } else if (name === 'maxRetries' || name === 'retryDelaySeconds') body[name] = /^\d+$/.test(value) ? Number(value) : value;
        else if (name === 'headerPageNumbers') body[name] = value === 'true';
        else body[name] = value;
      }
      fileParts = parts.files.filter((f) => f.name === 'file').map((f) => f.bytes);
    } else {
      body = jsonObjectOf(
        raw.toString('utf8'),
        () => new FaxApiError(400, 'The request could not be understood by the server due to malformed syntax. It could be invalid JSON.'),
      );
    }
    const { to, contentUrl, files } = validateSend(body, fileParts.length);
    const service = services.find((s) => s.id === body.serviceId) ?? defaultService;

    const created: SinchSentFax[] = to.map((number) => {
      const fax: SinchFax = {
        id: ulid(),
        direction: 'OUTBOUND',
        ...(typeof body.from === 'string' && body.from ? { from: body.from } : service.defaultFrom ? { from: service.defaultFrom } : {}),
        to: number,
        ...(contentUrl.length > 0 ? { contentUrl } : {}),
        status: 'QUEUED',
        createTime: now(),
        headerText: typeof body.headerText === 'string' ? body.headerText : '',
        headerPageNumbers: body.headerPageNumbers !== false,
        headerTimeZone: typeof body.headerTimeZone === 'string' ? body.headerTimeZone : 'America/New_York',
        retryDelaySeconds: typeof body.retryDelaySeconds === 'number' ? body.retryDelaySeconds : service.retryDelaySeconds,
        labels: { ...((body.labels as Record<string, string> | undefined) ?? {}) },
        ...(typeof body.callbackUrl === 'string' && body.callbackUrl ? { callbackUrl: body.callbackUrl } : {}),
        callbackUrlContentType: (body.callbackUrlContentType as SinchCallbackContentType | undefined) ?? 'multipart/form-data',
        imageConversionMethod:
          (body.imageConversionMethod as SinchFax['imageConversionMethod'] | undefined) ?? service.imageConversionMethod,
        maxRetries: typeof body.maxRetries === 'number' ? body.maxRetries : service.numberOfRetries,
        retryCount: 0,
        hasFile: 'false',
        resolution: (body.resolution as SinchFax['resolution'] | undefined) ?? service.resolution,
        projectId,
        serviceId: service.id,
      };
      return {
        id: fax.id,
        request: body,
        requestContentType: contentType,
        fetches: [],
        document: null,
        fax,
        webhooks: [],
        done: Promise.resolve(),
      };
    });
    faxes.push(...created);
    if (created.length === 1) sendJson(res, 200, faxView(created[0]!.fax));
    else sendJson(res, 200, { faxes: created.map((sent) => faxView(sent.fax)), totalItems: created.length, pageSize: created.length });
    for (const sent of created) sent.done = work.track(runOutbound(sent, [...files, ...fileParts]));
    return 200;
  }

  async function patchService(req: IncomingMessage, service: SinchService): Promise<void> {
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(
        (await readBody(req, MAX_REQUEST_BYTES, () => new FaxApiError(413, 'The request is too large.'))).toString('utf8'),
      ) as Record<string, unknown>;
      if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new Error('not an object');
    } catch {
      throw new FaxApiError(400, 'The body is not a JSON object.');
    }
    const violations: { field: string; description: string }[] = [];
    if (body.incomingWebhookUrl !== undefined && body.incomingWebhookUrl !== '' && !isHttpUrl(body.incomingWebhookUrl))
      violations.push({ field: 'incomingWebhookUrl', description: 'incomingWebhookUrl must be an http(s) URL' });
    if (
      body.webhookContentType !== undefined &&
      body.webhookContentType !== 'multipart/form-data' &&
      body.webhookContentType !== 'application/json'
    )
      violations.push({ field: 'webhookContentType', description: 'webhookContentType must be multipart/form-data or application/json' });
    for (const field of ['saveInboundFaxDocuments', 'saveOutboundFaxDocuments', 'scanIncomingBarcodes', 'defaultForProject'] as const)
      if (body[field] !== undefined && typeof body[field] !== 'boolean')
        violations.push({ field, description: `${field} must be true or false` });
    if (body.name !== undefined && !(typeof body.name === 'string' && body.name.length <= 60))
      violations.push({ field: 'name', description: 'name is 60 characters at most' });
    if (violations.length > 0) throw new FaxApiError(422, 'Invalid parameters.', violations);
    const editable = [
      'name',
      'incomingWebhookUrl',
      'webhookContentType',
      'defaultFrom',
      'saveInboundFaxDocuments',
      'saveOutboundFaxDocuments',
      'scanIncomingBarcodes',
      'resolution',
      'imageConversionMethod',
    ] as const;
    for (const field of editable) if (body[field] !== undefined) Object.assign(service, { [field]: body[field] });
  }

  async function handleFaxApi(req: IncomingMessage, res: ServerResponse, method: string, rest: string): Promise<number> {
    if (method === 'POST' && rest === '/faxes') return createFaxes(req, res);
    const fileMatch = /^\/faxes\/([^/]+)\/file(\.pdf)?$/.exec(rest);
    if (fileMatch) {
      const id = decodeURIComponent(fileMatch[1]!);
      if (!faxes.some((f) => f.id === id) && !received.some((r) => r.faxId === id))
        throw new FaxApiError(404, 'The resource is not found, not available, or does not exist.');
      if (method === 'DELETE') {
        documents.delete(id);
        const sent = faxes.find((f) => f.id === id);
        if (sent) sent.fax.hasFile = 'false';
        res.writeHead(204).end();
        return 204;
      }
      const bytes = documents.get(id);
      if (method !== 'GET' || !bytes) throw new FaxApiError(404, 'The fax has no file stored with Sinch.');
      res.writeHead(200, { 'content-type': 'application/pdf', 'content-length': bytes.length });
      res.end(bytes);
      return 200;
    }
    const faxMatch = /^\/faxes\/([^/]+)$/.exec(rest);
    if (method === 'GET' && faxMatch) {
      const sent = faxes.find((f) => f.id === decodeURIComponent(faxMatch[1]!));
      if (!sent) throw new FaxApiError(404, 'The resource is not found, not available, or does not exist.');
      sendJson(res, 200, faxView(sent.fax));
      return 200;
    }
    if (method === 'GET' && rest === '/services') {
      sendJson(res, 200, { services: services.map(serviceView), totalItems: services.length, pageSize: services.length, totalPages: 1 });
      return 200;
    }
    const serviceMatch = /^\/services\/([^/]+)$/.exec(rest);
    if (serviceMatch && (method === 'GET' || method === 'PATCH')) {
      const service = services.find((s) => s.id === decodeURIComponent(serviceMatch[1]!));
      if (!service) throw new FaxApiError(404, 'The resource is not found, not available, or does not exist.');
      if (method === 'PATCH') await patchService(req, service);
      sendJson(res, 200, serviceView(service));
      return 200;
    }
    throw new FaxApiError(404, 'The resource is not found, not available, or does not exist.');
  }

  const notFound = (resourceType: string, resourceName: string) =>
    new NumbersApiError(404, 'NOT_FOUND', `${resourceType} not found`, [
      { type: 'ResourceInfo', resourceType, resourceName, owner: '', description: '' },
    ]);
  const invalid = (violations: { field: string; description: string }[]) =>
    new NumbersApiError(400, 'INVALID_ARGUMENT', 'Invalid argument', [{ type: 'BadRequest', fieldViolations: violations }]);

  function searchAvailable(query: URLSearchParams): SinchAvailableNumber[] {
    const violations: { field: string; description: string }[] = [];
    const regionCode = query.get('regionCode');
    const type = query.get('type');
    const pattern = query.get('numberPattern.pattern');
    const searchPattern = query.get('numberPattern.searchPattern') ?? 'START';
    const capabilities = query.getAll('capabilities');
    const size = query.get('size');
    if (!regionCode) violations.push({ field: 'regionCode', description: 'regionCode is required' });
    else if (!/^[A-Z]{2}$/.test(regionCode)) violations.push({ field: 'regionCode', description: 'regionCode must be ISO 3166-1 alpha-2' });
    if (!type) violations.push({ field: 'type', description: 'type is required' });
    else if (!['LOCAL', 'MOBILE', 'TOLL_FREE'].includes(type))
      violations.push({ field: 'type', description: 'type must be MOBILE, LOCAL or TOLL_FREE' });
    if (pattern !== null && !/^\+?\d{1,15}$/.test(pattern))
      violations.push({ field: 'numberPattern.pattern', description: 'pattern is a sequence of digits' });
    if (!['START', 'CONTAINS', 'END'].includes(searchPattern))
      violations.push({ field: 'numberPattern.searchPattern', description: 'searchPattern must be START, CONTAINS or END' });
    for (const capability of capabilities)
      if (capability !== 'SMS' && capability !== 'VOICE')
        violations.push({ field: 'capabilities', description: 'capabilities are SMS and/or VOICE' });
    if (size !== null && !(/^\d+$/.test(size) && Number(size) >= 1 && Number(size) <= 1000))
      violations.push({ field: 'size', description: 'size must be 1 to 1000' });
    if (violations.length > 0) throw invalid(violations);
    const matches = (number: string) =>
      pattern === null ||
      (searchPattern === 'START'
        ? number.startsWith(pattern)
        : searchPattern === 'END'
          ? number.endsWith(pattern)
          : number.includes(pattern));
    return availableNumbers
      .filter((n) => n.regionCode === regionCode && n.type === type && matches(n.phoneNumber))
      .filter((n) => capabilities.every((c) => n.capability.includes(c as 'SMS' | 'VOICE')))
      .slice(0, size === null ? 100 : Number(size));
  }

  async function jsonBodyOf(req: IncomingMessage): Promise<Record<string, unknown>> {
    const raw = (await readBody(req, MAX_REQUEST_BYTES, () => new FaxApiError(413, 'The request is too large.'))).toString('utf8');
    if (raw.trim() === '') return {};
    return jsonObjectOf(raw, () => new NumbersApiError(400, 'INVALID_ARGUMENT', 'Requests with invalid JSON are rejected.'));
  }

  async function rent(req: IncomingMessage, phoneNumber: string): Promise<SinchActiveNumber> {
    const body = await jsonBodyOf(req);
    const index = availableNumbers.findIndex((n) => n.phoneNumber === phoneNumber);
    if (index === -1) throw notFound('AvailableNumber', phoneNumber);
    const voice = body.voiceConfiguration as Record<string, unknown> | undefined;
    const sms = body.smsConfiguration as Record<string, unknown> | undefined;
    const violations: { field: string; description: string }[] = [];
    if (!voice && !sms) violations.push({ field: 'voiceConfiguration', description: 'smsConfiguration or voiceConfiguration is required' });
    if (voice) {
      const type = voice.type ?? 'RTC';
      if (type === 'FAX') {
        if (typeof voice.serviceId !== 'string' || !services.some((s) => s.id === voice.serviceId))
          violations.push({ field: 'voiceConfiguration.serviceId', description: 'serviceId must be a fax service of this project' });
      } else if (type === 'RTC') {
        if (typeof voice.appId !== 'string' || !voice.appId)
          violations.push({ field: 'voiceConfiguration.appId', description: 'appId is required' });
      } else if (type === 'EST') {
        if (typeof voice.trunkId !== 'string' || !voice.trunkId)
          violations.push({ field: 'voiceConfiguration.trunkId', description: 'trunkId is required' });
      } else violations.push({ field: 'voiceConfiguration.type', description: 'type must be RTC, EST or FAX' });
    }
    if (sms && (typeof sms.servicePlanId !== 'string' || !sms.servicePlanId))
      violations.push({ field: 'smsConfiguration.servicePlanId', description: 'servicePlanId is required' });
    if (body.callbackUrl !== undefined && !isHttpUrl(body.callbackUrl))
      violations.push({ field: 'callbackUrl', description: 'callbackUrl must be an http(s) URL' });
    if (violations.length > 0) throw invalid(violations);

    const [number] = availableNumbers.splice(index, 1) as [SinchAvailableNumber];
    const stamp = now();
    const nextCharge = new Date(Date.now() + 30 * 86_400_000).toISOString().replace(/\.\d{3}Z$/, 'Z');
    const type = (voice?.type as SinchVoiceConfiguration['type'] | undefined) ?? 'RTC';
    const target = { type, ...pick(voice ?? {}, ['appId', 'trunkId', 'serviceId']) };
    const active: SinchActiveNumber = {
      phoneNumber,
      projectId,
      displayName: '',
      regionCode: number.regionCode,
      type: number.type,
      capability: number.capability,
      money: number.monthlyPrice,
      paymentIntervalMonths: number.paymentIntervalMonths,
      nextChargeDate: nextCharge,
      expireAt: null,
      ...(sms ? { smsConfiguration: { servicePlanId: sms.servicePlanId, scheduledProvisioning: null } } : {}),
      voiceConfiguration: voice
        ? { type, lastUpdatedTime: null, scheduledVoiceProvisioning: { ...target, status: 'WAITING', lastUpdatedTime: stamp } }
        : { type: 'RTC', appId: '', lastUpdatedTime: null, scheduledVoiceProvisioning: null },
      callbackUrl: typeof body.callbackUrl === 'string' ? body.callbackUrl : '',
    };
    activeNumbers.push(active);
    if (voice) {
      // Voice configuration is provisioned asynchronously: WAITING in the answer, in place a moment later.
      const done = work.track(
        sleep(stepDelayMs).then(() => {
          active.voiceConfiguration = { ...target, lastUpdatedTime: now(), scheduledVoiceProvisioning: null };
          provisioning.delete(phoneNumber);
        }),
      );
      provisioning.set(phoneNumber, done);
    }
    return active;
  }

  async function handleNumbersApi(
    req: IncomingMessage,
    res: ServerResponse,
    method: string,
    rest: string,
    query: URLSearchParams,
  ): Promise<number> {
    const answer = (body: unknown) => {
      sendJson(res, 200, body);
      return 200;
    };
    if (method === 'GET' && rest === '/availableNumbers') return answer({ availableNumbers: searchAvailable(query) });
    const rentMatch = /^\/availableNumbers\/([^/:]+):rent$/.exec(rest);
    if (method === 'POST' && rentMatch) return answer(await rent(req, decodeURIComponent(rentMatch[1]!)));
    const availableMatch = /^\/availableNumbers\/([^/:]+)$/.exec(rest);
    if (method === 'GET' && availableMatch) {
      const number = availableNumbers.find((n) => n.phoneNumber === decodeURIComponent(availableMatch[1]!));
      if (!number) throw notFound('AvailableNumber', decodeURIComponent(availableMatch[1]!));
      return answer(number);
    }
    if (method === 'GET' && rest === '/activeNumbers') {
      const regionCode = query.get('regionCode');
      const type = query.get('type');
      const list = activeNumbers.filter((n) => (!regionCode || n.regionCode === regionCode) && (!type || n.type === type));
      return answer({ activeNumbers: list, nextPageToken: '', totalSize: list.length });
    }
    const releaseMatch = /^\/activeNumbers\/([^/:]+):release$/.exec(rest);
    if (method === 'POST' && releaseMatch) {
      const active = activeNumbers.find((n) => n.phoneNumber === decodeURIComponent(releaseMatch[1]!));
      if (!active) throw notFound('ActiveNumber', decodeURIComponent(releaseMatch[1]!));
      // Releasing stops the renewal: the number stays the project's until the paid month ends.
      active.expireAt = active.nextChargeDate;
      return answer(active);
    }
    const activeMatch = /^\/activeNumbers\/([^/:]+)$/.exec(rest);
    if (method === 'GET' && activeMatch) {
      const active = activeNumbers.find((n) => n.phoneNumber === decodeURIComponent(activeMatch[1]!));
      if (!active) throw notFound('ActiveNumber', decodeURIComponent(activeMatch[1]!));
      return answer(active);
    }
    throw new NumbersApiError(404, 'NOT_FOUND', 'Nothing was found at that address.');
  }

  async function token(req: IncomingMessage, res: ServerResponse): Promise<number> {
    const form = new URLSearchParams(
      (await readBody(req, MAX_REQUEST_BYTES, () => new FaxApiError(413, 'The request is too large.'))).toString('utf8'),
    );
    if (req.headers.authorization !== basic) {
      sendJson(res, 401, { error: 'invalid_client', error_description: 'Client authentication failed.' });
      return 401;
    }
    if (form.get('grant_type') !== 'client_credentials') {
      sendJson(res, 400, { error: 'unsupported_grant_type', error_description: 'Only client_credentials is supported.' });
      return 400;
    }
    const accessToken = randomBytes(32).toString('base64url');
    tokens.add(accessToken);
    sendJson(res, 200, { access_token: accessToken, expires_in: 3599, scope: '', token_type: 'bearer' });
    return 200;
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<number> {
    const parsed = new URL(req.url ?? '/', 'http://localhost');
    const path = parsed.pathname;
    const method = req.method ?? 'GET';
    if (method === 'POST' && path === '/oauth2/token') return token(req, res);

    const fax = /^\/v3\/projects\/([^/]+)(\/.*)$/.exec(path);
    if (fax) {
      if (!authentic(req) || decodeURIComponent(fax[1]!) !== projectId)
        throw new FaxApiError(401, 'Empty body, or you have the wrong API key, secret, or project.');
      return handleFaxApi(req, res, method, fax[2]!);
    }
    const numbers = /^\/v1\/projects\/([^/]+)(\/.*)$/.exec(path);
    if (numbers) {
      if (!authentic(req)) throw new NumbersApiError(401, 'UNAUTHENTICATED', 'Request had invalid authentication credentials.');
      if (decodeURIComponent(numbers[1]!) !== projectId)
        throw new NumbersApiError(403, 'PERMISSION_DENIED', 'The caller does not have permission on this project.');
      return handleNumbersApi(req, res, method, numbers[2]!, parsed.searchParams);
    }
    throw new FaxApiError(404, 'The resource is not found, not available, or does not exist.');
  }

  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    handle(req, res)
      .then((status) => requestLog.push({ method: req.method ?? 'GET', path, status }))
      .catch((error: unknown) => {
        const status = error instanceof FaxApiError || error instanceof NumbersApiError ? error.status : 500;
        requestLog.push({ method: req.method ?? 'GET', path, status });
        if (res.headersSent) return void res.end();
        const message =
          error instanceof Error && (error instanceof FaxApiError || error instanceof NumbersApiError) ? error.message : 'Internal error';
        if (path.startsWith('/v1/'))
          sendJson(res, status, {
            error: {
              code: status,
              message,
              status: error instanceof NumbersApiError ? error.grpcStatus : (GRPC_STATUS[status] ?? 'INTERNAL'),
              details: error instanceof NumbersApiError ? error.details : [],
            },
          });
        else
          sendJson(res, status, faxErrorBody(error instanceof FaxApiError ? error : new FaxApiError(500, 'An unexpected error occurred.')));
      });
  });
  url = await listenOnLocalhost(server);

  const simulator: SinchSimulator = {
    url,
    projectId,
    keyId,
    keySecret,
    serviceId: defaultService.id,
    webhookUser,
    webhookSecret,
    faxes,
    received,
    webhooks,
    requestLog,
    activeNumbers,
    availableNumbers,
    services,
    ...controls.methods(),
    async receive({ to, from, pdf, pages }) {
      await provisioning.get(to);
      const number = activeNumbers.find((n) => n.phoneNumber === to);
      const serviceId = number?.voiceConfiguration.type === 'FAX' ? number.voiceConfiguration.serviceId : undefined;
      const service = services.find((s) => s.id === serviceId);
      if (!service) throw new Error(`receive(): ${to} is not a number of this project configured for fax`);
      if (!service.incomingWebhookUrl) throw new Error(`receive(): service ${service.id} has no incomingWebhookUrl`);
      const stamp = now();
      const numberOfPages = pages ?? (await pdfPageCount(pdf)) ?? 1;
      const fax: SinchFax = {
        id: ulid(),
        direction: 'INBOUND',
        from,
        to,
        numberOfPages,
        status: 'COMPLETED',
        createTime: stamp,
        completedTime: stamp,
        pagesSentSuccessfully: numberOfPages,
        headerText: '',
        headerPageNumbers: true,
        headerTimeZone: 'America/New_York',
        retryDelaySeconds: service.retryDelaySeconds,
        labels: {},
        callbackUrlContentType: service.webhookContentType,
        imageConversionMethod: service.imageConversionMethod,
        maxRetries: 0,
        retryCount: 0,
        hasFile: service.saveInboundFaxDocuments ? 'true' : 'false',
        resolution: service.resolution,
        projectId,
        serviceId: service.id,
      };
      if (service.saveInboundFaxDocuments) documents.set(fax.id, pdf);
      const fileUrl = `${url}/v3/projects/${projectId}/faxes/${fax.id}/file`;
      const entry: SinchReceivedFax = { faxId: fax.id, fileUrl, webhooks: [] };
      received.push(entry);
      const payload = callbackPayload('INCOMING_FAX', fax, pdf, service.webhookContentType);
      const status = await work.track(deliverCallback(service.incomingWebhookUrl, payload, entry.webhooks));
      return { faxId: fax.id, status, fileUrl };
    },
    async sendWebhook(target, body, { signWith = 'own', contentType = 'application/json' } = {}) {
      const bytes = Buffer.isBuffer(body) ? body : Buffer.from(typeof body === 'string' ? body : JSON.stringify(body));
      const fromUrl = credentialsOf(target);
      const authorization =
        signWith === 'none'
          ? null
          : signWith === 'other'
            ? `Basic ${Buffer.from(`${webhookUser}:${randomBytes(18).toString('base64url')}`).toString('base64')}`
            : (fromUrl.authorization ?? `Basic ${Buffer.from(`${webhookUser}:${webhookSecret}`).toString('base64')}`);
      const answer = await post(fromUrl.url, contentType, bytes, authorization);
      const parsed = (() => {
        try {
          return JSON.parse(bytes.toString('utf8')) as { event?: unknown; fax?: { id?: unknown } };
        } catch {
          return {};
        }
      })();
      webhooks.push({
        event: typeof parsed.event === 'string' ? parsed.event : '',
        faxId: typeof parsed.fax?.id === 'string' ? parsed.fax.id : '',
        url: fromUrl.url,
        attempt: 1,
        authorization,
        contentType,
        body: bytes,
        status: answer.status,
        ...(answer.error ? { error: answer.error } : {}),
      });
      return { status: answer.status, authorization, body: bytes };
    },
    async settled() {
      for (;;) {
        await work.settled();
        if (lateCopies.length === 0) return;
        await work.track(flushLateCopies());
      }
    },
    close: () => work.close(server),
  };
  return simulator;
}

function pick(source: Record<string, unknown>, keys: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const key of keys) if (typeof source[key] === 'string') out[key] = source[key];
  return out;
}
