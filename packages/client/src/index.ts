import createClient, { type Client } from 'openapi-fetch';
import type { components, paths } from './schema.js';

export type { components, operations, paths } from './schema.js';

/** A client of /v1: every path, parameter, body and answer typed from the OpenAPI document. */
export type FaxlineClient = Client<paths>;
export type Fax = components['schemas']['Fax'];
export type FaxDetails = components['schemas']['FaxDetails'];
export type FaxStatus = Fax['status'];
/** The body of every error answer: `{ error: { type, message, code, param?, request_id? } }`. */
export type ApiError = components['schemas']['Error'];

export interface FaxlineClientOptions {
  /** The API's root, with /v1: `https://faxline.example.com/v1`. */
  baseUrl: string;
  /** A key made at /user/api-keys: `fl_live_…`. */
  apiKey: string;
  /** Another fetch (a proxy, a test); globalThis.fetch when absent. */
  fetch?: (request: Request) => Promise<Response>;
}

export function createFaxlineClient({ baseUrl, apiKey, fetch }: FaxlineClientOptions): FaxlineClient {
  return createClient<paths>({ baseUrl, headers: { Authorization: `Bearer ${apiKey}` }, ...(fetch ? { fetch } : {}) });
}

/** Where a fax's life ends: it changes no more by itself (a test holds this to the server's list). */
export const FINAL_FAX_STATUSES = [
  'delivered',
  'partially_delivered',
  'failed',
  'canceled',
  'received',
] as const satisfies readonly FaxStatus[];

export function isFinalFaxStatus(status: FaxStatus): boolean {
  return (FINAL_FAX_STATUSES as readonly FaxStatus[]).includes(status);
}

/** An error answer of the API, thrown by the helpers below (calls made with the client return it as `error`). */
export class FaxlineApiError extends Error {
  constructor(
    readonly status: number,
    readonly error: ApiError['error'],
  ) {
    super(`${status} ${error.type}: ${error.message}`);
    this.name = 'FaxlineApiError';
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Polls GET /faxes/{fax_id} until the fax reaches a final status and returns it; throws a FaxlineApiError on an error
 * answer, and an Error when `timeoutMs` runs out first. Over the key's rate limit, it waits as Retry-After says.
 */
export async function waitForFax(
  client: FaxlineClient,
  faxId: string,
  { timeoutMs = 300_000, intervalMs = 2_000 }: { timeoutMs?: number; intervalMs?: number } = {},
): Promise<FaxDetails> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { data, error, response } = await client.GET('/faxes/{fax_id}', { params: { path: { fax_id: faxId } } });
    let wait = intervalMs;
    if (response.status === 429) wait = Math.max(intervalMs, Number(response.headers.get('retry-after') ?? 1) * 1000);
    else if (error) throw new FaxlineApiError(response.status, error.error);
    else if (isFinalFaxStatus(data.status)) return data;
    if (Date.now() + wait > deadline) throw new Error(`Fax ${faxId} has not reached a final status in ${timeoutMs} ms.`);
    await sleep(wait);
  }
}
