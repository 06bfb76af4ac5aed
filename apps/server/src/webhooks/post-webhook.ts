import dns from 'node:dns';
import type { LookupFunction } from 'node:net';
import { WEBHOOK_TIMEOUT_SECONDS } from '@faxline/shared';
import { Agent, request, type Dispatcher } from 'undici';
import { mayConnectTo, refusalOf, type WebhookUrlConfig } from './webhook-url';

/** A receiver has 10 seconds to answer, connection included. */
export const WEBHOOK_TIMEOUT_MS = WEBHOOK_TIMEOUT_SECONDS * 1_000;
/** What the delivery log keeps of an answer's body. */
export const EXCERPT_CHARACTERS = 500;
/** Bytes read of an answer's body: enough for the excerpt in any UTF-8 (4 bytes a character at most), no more. */
const EXCERPT_BYTES = EXCERPT_CHARACTERS * 4;
const USER_AGENT = 'Faxline-Webhooks/1.0';

export type PostOutcome = {
  /** The HTTP status of the answer; null when there was none. */
  status: number | null;
  excerpt: string | null;
  /** Why it failed without an answer, or why an answer is not a delivery (a redirect), in words. */
  error: string | null;
  durationMs: number;
  delivered: boolean;
};

class RefusedAddress extends Error {}

/**
 * The connection's own DNS lookup: it resolves the host once, refuses when any answer is an address webhooks may not
 * reach, and hands the checked answers to the socket, which connects to one of them (a second DNS answer cannot differ).
 */
function checkedLookup(config: WebhookUrlConfig): LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { all: true, family: options.family ?? 0 }, (error, addresses) => {
      if (error) return callback(error, '');
      const refused = addresses.find((answer) => !mayConnectTo(answer.address, config));
      if (addresses.length === 0 || refused) {
        const why = `refused: ${hostname} resolves to ${refused?.address ?? 'nothing'}, not a public internet address`;
        return callback(new RefusedAddress(why), '');
      }
      if (options.all) return callback(null, addresses);
      callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
}

/** The first EXCERPT_CHARACTERS characters of an answer's body; what arrived before an error or the time limit. */
async function excerptOf(body: Dispatcher.ResponseData['body']): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of body as AsyncIterable<Buffer>) {
      chunks.push(chunk);
      size += chunk.length;
      if (size >= EXCERPT_BYTES) break;
    }
  } catch {
    // A body cut short or too slow: the status has arrived, and it is what counts.
  } finally {
    body.on('error', () => undefined).destroy();
  }
  return Array.from(Buffer.concat(chunks).toString('utf8')).slice(0, EXCERPT_CHARACTERS).join('');
}

function wordsOf(error: unknown, timedOut: boolean): string {
  const cause = (error as { cause?: unknown } | null)?.cause;
  if (error instanceof RefusedAddress) return error.message;
  if (cause instanceof RefusedAddress) return cause.message;
  if (timedOut) return `timeout: no answer within ${WEBHOOK_TIMEOUT_MS / 1000} seconds`;
  const code = (error as { code?: unknown } | null)?.code;
  const message = error instanceof Error ? error.message : String(error);
  return `connection failed: ${typeof code === 'string' ? `${code} ` : ''}${message}`.slice(0, EXCERPT_CHARACTERS);
}

/**
 * POSTs one try of a message to an address a customer or their browser gave (a webhook endpoint, a push service): to a
 * URL checked again here (scheme, address written in it) and on a connection pinned to the addresses its lookup
 * checked; redirects are not followed (a 3xx is a failure, as Standard Webhooks advises); everything within
 * WEBHOOK_TIMEOUT_MS. The body is JSON unless the headers say otherwise (lower-case names). Never throws: every way it
 * can end is an outcome for the delivery log.
 */
export async function postWebhook(
  config: WebhookUrlConfig,
  target: { url: string; headers: Record<string, string>; body: string | Uint8Array },
): Promise<PostOutcome> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const url = new URL(target.url);
  const refusal = refusalOf(url, config);
  if (refusal) return { status: null, excerpt: null, error: refusal.words, durationMs: 0, delivered: false };

  const deadline = AbortSignal.timeout(WEBHOOK_TIMEOUT_MS);
  const agent = new Agent({
    connect: { lookup: checkedLookup(config), timeout: WEBHOOK_TIMEOUT_MS },
    headersTimeout: WEBHOOK_TIMEOUT_MS,
    bodyTimeout: WEBHOOK_TIMEOUT_MS,
    connections: 1,
  });
  try {
    const response = await request(url, {
      dispatcher: agent,
      method: 'POST',
      signal: deadline,
      headers: { 'content-type': 'application/json', ...target.headers, 'user-agent': USER_AGENT },
      body: target.body,
    });
    const excerpt = await excerptOf(response.body);
    const status = response.statusCode;
    const delivered = status >= 200 && status <= 299;
    const error = status >= 300 && status <= 399 ? 'redirect not followed: update the endpoint to the final URL' : null;
    return { status, excerpt, error, durationMs: elapsed(), delivered };
  } catch (error) {
    return { status: null, excerpt: null, error: wordsOf(error, deadline.aborted), durationMs: elapsed(), delivered: false };
  } finally {
    await agent.destroy().catch(() => undefined);
  }
}
