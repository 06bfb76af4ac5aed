import type { TCarrier, TFaxFailureReason, TFaxQuality } from '@faxline/shared';
import type { PortOrders } from './port-orders';

/**
 * What Faxline needs of a fax carrier (decision 056), whichever it is: hand a fax over, tell its webhooks
 * from forgeries, read them in Faxline's words, fetch what it received, and keep numbers in its inventory. Each carrier
 * is one adapter file beside this one, written from the carrier's published API reference and tested against a
 * simulator of it (test-support/carriers/); the generic carrier line and webhook route do the rest.
 */
export type Carrier = {
  name: CarrierName;
  /** Hands a fax to the carrier; returns the carrier's id of it. Throws `CarrierUnavailable` or `CarrierRefused`. */
  send(fax: CarrierFax): Promise<string>;
  /** Whether a webhook is the carrier's: its signature checks and, where the carrier signs a time, it is recent. */
  isAuthentic(request: WebhookRequest, nowSeconds?: number): boolean;
  /**
   * Its webhooks are proven by their headers alone (Sinch's credentials): checked before the body is read, so that a
   * stranger cannot make the server read a large body for nothing.
   */
  authenticatesByHeaders?: true;
  /**
   * What a webhook reports, in Faxline's words; null for a webhook Faxline has no use for. Throws
   * `MalformedWebhook` for a body that is not the carrier's shape (an authentic webhook that cannot be read).
   */
  reportOf(request: WebhookRequest): CarrierReport | null;
  /**
   * For carriers that ask, when a fax call comes in, whether to take it (SignalWire's LaML): the answer to send back.
   * `receiveUrl` is where the carrier reports the fax once received. Carriers that never ask leave this out.
   */
  answerIncoming?(take: boolean, receiveUrl: string): { contentType: string; body: string };
  /** A received fax's document (a PDF), fetched from the link its report gave, with the carrier's credentials. */
  fetchMedia(url: string): Promise<Uint8Array>;
  /** Numbers the carrier has for sale in a country (ISO 3166 alpha-2), in an area code when one is given. */
  searchNumbers(criteria: { country: string; areaCode?: string; limit: number }): Promise<AvailableNumber[]>;
  /**
   * Buys a number and points its incoming faxes at Faxline (`webhookUrl`: the carrier's webhook route). Returns the
   * carrier's id of the number, which releasing it needs.
   */
  orderNumber(number: string, webhookUrl: string): Promise<{ carrierNumberId: string }>;
  /** Gives a number back to the carrier: it is no longer Faxline's to use. */
  releaseNumber(number: { number: string; carrierNumberId: string }): Promise<void>;
  /** Port orders, for a carrier whose API takes them (port-orders.ts); absent: porting is worked by hand. */
  portOrders?: PortOrders;
};

export type CarrierName = TCarrier;

/** Each carrier's name as it writes it, for messages (not translated). */
export const CARRIER_NAMES: Record<CarrierName, string> = { telnyx: 'Telnyx', signalwire: 'SignalWire', sinch: 'Sinch' };

/** A fax to hand over: its document is reachable for an hour at `mediaUrl` (lines/media-links.ts). */
export type CarrierFax = {
  mediaUrl: string;
  to: string;
  from: string;
  quality: TFaxQuality;
  /** Where the carrier reports the fax: the carrier's webhook route, as the world reaches it. */
  webhookUrl: string;
  /**
   * Names the fax and the try (`faxline:<fax id>:<try>`): sent the way the carrier gives it back on every webhook
   * (Telnyx's client_state, a query parameter of the status callback, a label), so that a report finds its try.
   */
  tryRef: string;
};

/** A webhook as it came: the exact bytes and the address it was posted to (some carriers sign the address). */
export type WebhookRequest = {
  url: string;
  headers: Record<string, string | string[] | undefined>;
  rawBody: Buffer;
};

type ReportOf<Kind extends string, Facts> = {
  kind: Kind;
  /** Unique per event at the carrier: a webhook delivered twice is acted on once. */
  eventId: string;
  /** The carrier's own name of the event (kept with it). */
  type: string;
  carrierFaxId: string;
} & Facts;

/**
 * The far machine's station id (its CSI) when the carrier reports it after the call (SignalWire's RemoteStationId;
 * Telnyx and Sinch publish none): wrong-number protection checks it afterwards (decision 121).
 */
type RemoteStation = { remoteIdent?: string | null };

/** A webhook, in Faxline's words. */
export type CarrierReport =
  /** A step on the way (queued, media fetched, dialling): kept, changes nothing. */
  | ReportOf<'progress', { tryRef: string | null }>
  | ReportOf<'delivered', { tryRef: string | null; pages: number | null; durationMs: number | null } & RemoteStation>
  | ReportOf<
      'failed',
      {
        tryRef: string | null;
        reason: TFaxFailureReason;
        /** The carrier's own code for the failure, as it sent it: kept on the attempt for support (decision 119). */
        lineCode: string | null;
        detail: string;
        pages: number | null;
        durationMs: number | null;
      } & RemoteStation
    >
  /** A fax call is coming in (carriers that ask first): take it or refuse it (`answerIncoming`). */
  | ReportOf<'incoming', { from: string | null; to: string }>
  /** A fax was received on one of the carrier's numbers: its document is at `mediaUrl`. */
  | ReportOf<'received', { from: string | null; to: string; mediaUrl: string; pages: number | null; durationMs: number | null }>;

/** A number a carrier offers. */
export type AvailableNumber = {
  number: string;
  country: string;
  /** The region and city the carrier names, when it does. */
  region: string | null;
  locality: string | null;
  /** The carrier's monthly price in its currency, as it states it ("1.00 USD"), when it does. */
  monthlyPrice: string | null;
};

/** The carrier could not be asked (a network failure, a timeout, a 5xx, a 429): the fax may go another way. */
export class CarrierUnavailable extends Error {
  override name = 'CarrierUnavailable';
}

/** The carrier refused the request (a 4xx, its status given): asking again the same way would be refused again. */
export class CarrierRefused extends Error {
  override name = 'CarrierRefused';
  constructor(
    message: string,
    readonly status: number | null = null,
    /** The carrier's own words (its error body's), for people to read; the message says who refused, and how. */
    readonly detail: string = message,
  ) {
    super(message);
  }
}

/** An authentic webhook whose body is not the carrier's shape: answered 400, nothing changed. */
export class MalformedWebhook extends Error {
  override name = 'MalformedWebhook';
}

/** How long Faxline waits for a carrier to answer a request. */
export const CARRIER_REQUEST_TIMEOUT_MS = 15_000;

/** The most a received fax's document may weigh (the carriers' own limit is 50 MB or less). */
export const MAX_RECEIVED_MEDIA_BYTES = 50 * 1024 * 1024;

/** The fax and try a `tryRef` names, or null when it is not one of ours. */
export function tryOfRef(ref: string | null | undefined): { faxId: string; attempt: number } | null {
  const match = ref ? /^faxline:([0-9a-f-]{36}):(\d{1,4})$/.exec(ref) : null;
  return match ? { faxId: match[1]!, attempt: Number(match[2]) } : null;
}

export const tryRefOf = (faxId: string, attempt: number) => `faxline:${faxId}:${attempt}`;

/**
 * One request to a carrier's API: a network failure, a timeout, a 429 or a 5xx is `CarrierUnavailable`; any other 4xx
 * is `CarrierRefused` with the carrier's words (`detailOf` reads them from its error body). Answers the 2xx body.
 */
export async function carrierRequest(
  carrier: string,
  url: string,
  init: RequestInit,
  detailOf: (body: string) => string = (body) => body.slice(0, 300),
): Promise<{ status: number; body: Buffer; contentType: string | null }> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, redirect: 'error', signal: AbortSignal.timeout(CARRIER_REQUEST_TIMEOUT_MS) });
  } catch (error) {
    throw new CarrierUnavailable(`${carrier} could not be reached: ${(error as Error).message}`);
  }
  const body = Buffer.from(await response.arrayBuffer());
  if (response.status >= 500 || response.status === 429) throw new CarrierUnavailable(`${carrier} answered ${response.status}`);
  if (response.status >= 400) {
    const detail = detailOf(body.toString('utf8')).slice(0, 300);
    throw new CarrierRefused(`${carrier} refused the request (${response.status}): ${detail}`, response.status, detail);
  }
  return { status: response.status, body, contentType: response.headers.get('content-type') };
}

/** A received fax's document, fetched with the carrier's credentials and refused past the size limit. */
export async function fetchCarrierMedia(carrier: string, url: string, headers: Record<string, string> = {}): Promise<Uint8Array> {
  const { body } = await carrierRequest(carrier, url, { headers });
  if (body.length > MAX_RECEIVED_MEDIA_BYTES) throw new CarrierRefused(`${carrier}'s document is over 50 MB`);
  return new Uint8Array(body);
}

/** A header's value as one string (Node gives repeated headers as arrays). */
export const headerOf = (headers: WebhookRequest['headers'], name: string): string | undefined => {
  const value = headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
};
