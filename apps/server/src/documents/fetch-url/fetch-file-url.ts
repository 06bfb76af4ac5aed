import dns from 'node:dns';
import type { LookupFunction } from 'node:net';
import tls from 'node:tls';
import { Agent, request, type Dispatcher } from 'undici';
import { FileUrlError, isPublicAddress, parseFileUrl } from './fetch-file-url-checks';
import { fetchedFileName } from './fetch-file-url-name';

export { checkFileUrl, FileUrlError, type FileUrlReason } from './fetch-file-url-checks';

export const MAX_REDIRECTS = 5;
const DEFAULT_TIMEOUT_MS = 30_000;
const DEFAULT_CONNECT_TIMEOUT_MS = 10_000;
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
const TIMEOUT_CODES = new Set(['UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT']);
const MB = 1024 * 1024;

export type FetchFileUrlOptions = {
  /** The platform's upload size limit: a larger document is refused, read no further than that. */
  maxFileSizeMB: number;
  /** The whole fetch, every redirect and the body included. */
  timeoutMs?: number;
  /** Each connection (address, TCP and TLS). */
  connectTimeoutMs?: number;
  /** Tests and development (config `fileUrl.trustedOrigins`): these exact origins may be on a private address. */
  trustedOrigins?: readonly string[];
  /** PEM certificate authorities trusted besides the usual ones (config `fileUrl.ca`). */
  ca?: string;
  signal?: AbortSignal;
};

export type FetchedFile = { name: string; bytes: Uint8Array };

type Hop = Required<Pick<FetchFileUrlOptions, 'timeoutMs' | 'connectTimeoutMs' | 'trustedOrigins'>> & {
  maxBytes: number;
  maxFileSizeMB: number;
  ca: string | undefined;
  signal: AbortSignal;
};

/**
 * Fetches the document of a `file_url` for the worker without letting the URL reach inside our network (SSRF): https
 * only, every address the host resolves to public (`isPublicAddress`), the connection made to the very addresses that
 * were checked (the lookup that checks them is the connection's own, so a second DNS answer cannot differ), at most
 * MAX_REDIRECTS redirects each checked the same way, the size read no further than the limit, the time bounded.
 * Throws a FileUrlError naming why it failed.
 */
export async function fetchFileUrl(value: string, options: FetchFileUrlOptions): Promise<FetchedFile> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const deadline = AbortSignal.timeout(timeoutMs);
  const hop: Hop = {
    timeoutMs,
    connectTimeoutMs: options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS,
    trustedOrigins: options.trustedOrigins ?? [],
    maxFileSizeMB: options.maxFileSizeMB,
    maxBytes: Math.floor(options.maxFileSizeMB * MB),
    ca: options.ca,
    signal: options.signal ? AbortSignal.any([deadline, options.signal]) : deadline,
  };
  let url = parseFileUrl(value, hop.trustedOrigins);
  for (let redirects = 0; ; redirects += 1) {
    const answer = await fetchOnce(url, hop, deadline);
    if ('file' in answer) return answer.file;
    if (redirects === MAX_REDIRECTS) throw new FileUrlError('url_too_many_redirects', { max: MAX_REDIRECTS });
    url = parseFileUrl(answer.location, hop.trustedOrigins);
  }
}

/** One request, on a connection of its own whose lookup checks the addresses it connects to. */
async function fetchOnce(url: URL, hop: Hop, deadline: AbortSignal): Promise<{ file: FetchedFile } | { location: string }> {
  let refusal: FileUrlError | undefined;
  const agent = new Agent({
    connect: {
      lookup: checkedLookup(hop.trustedOrigins.includes(url.origin), (error) => (refusal = error)),
      timeout: hop.connectTimeoutMs,
      // Node's usual authorities and the configured ones (`ca` alone would replace them).
      ...(hop.ca ? { ca: [...tls.rootCertificates, hop.ca] } : {}),
    },
    headersTimeout: hop.timeoutMs,
    bodyTimeout: hop.timeoutMs,
    connections: 1,
  });
  try {
    const response = await request(url, {
      dispatcher: agent,
      method: 'GET',
      signal: hop.signal,
      headers: { accept: '*/*', 'user-agent': 'Faxline (file_url fetcher)' },
    });
    const { statusCode, headers, body } = response;
    if (REDIRECT_STATUSES.has(statusCode)) {
      discard(body);
      const location = firstOf(headers.location);
      if (!location) throw new FileUrlError('url_http_status', { status: statusCode });
      try {
        return { location: new URL(location, url).href };
      } catch {
        throw new FileUrlError('url_http_status', { status: statusCode });
      }
    }
    if (statusCode < 200 || statusCode > 299) {
      discard(body);
      throw new FileUrlError('url_http_status', { status: statusCode });
    }
    const declared = Number(firstOf(headers['content-length']));
    if (Number.isFinite(declared) && declared > hop.maxBytes) {
      discard(body);
      throw new FileUrlError('url_too_large', { size: hop.maxFileSizeMB });
    }
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of body as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > hop.maxBytes) {
        discard(body);
        throw new FileUrlError('url_too_large', { size: hop.maxFileSizeMB });
      }
      chunks.push(chunk);
    }
    const name = fetchedFileName(firstOf(headers['content-disposition']), url);
    return { file: { name, bytes: new Uint8Array(Buffer.concat(chunks, size)) } };
  } catch (error) {
    throw failureOf(error, refusal, hop, deadline);
  } finally {
    await agent.destroy().catch(() => undefined);
  }
}

/**
 * The connection's own DNS lookup: it resolves the host once, refuses the connection when any answer is not a public
 * address (unless the origin is trusted), and hands the checked answers to the socket, which connects to one of them.
 */
function checkedLookup(trusted: boolean, onRefused: (error: FileUrlError) => void): LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { all: true, family: options.family ?? 0 }, (error, addresses) => {
      if (error) return callback(error, '');
      if (addresses.length === 0 || (!trusted && addresses.some((answer) => !isPublicAddress(answer.address)))) {
        const refused = new FileUrlError('url_private_address');
        onRefused(refused);
        return callback(refused, '');
      }
      if (options.all) return callback(null, addresses);
      callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
}

/** What went wrong, as a FileUrlError: our own refusals as they are, a time limit as a timeout, anything else unreachable. */
function failureOf(error: unknown, refusal: FileUrlError | undefined, hop: Hop, deadline: AbortSignal): unknown {
  if (refusal) return refusal;
  if (error instanceof FileUrlError) return error;
  if (deadline.aborted) return new FileUrlError('url_timeout', { seconds: hop.timeoutMs / 1000 }, { cause: error });
  // The caller gave up (the worker is stopping): not a fault of the URL.
  if (hop.signal.aborted) return error;
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && TIMEOUT_CODES.has(code)) {
    const seconds = (code === 'UND_ERR_CONNECT_TIMEOUT' ? hop.connectTimeoutMs : hop.timeoutMs) / 1000;
    return new FileUrlError('url_timeout', { seconds }, { cause: error });
  }
  return new FileUrlError('url_unreachable', {}, { cause: error });
}

/** Stops reading an answer; its end as an error is expected, not a fault (the agent is closed next). */
function discard(body: Dispatcher.ResponseData['body']): void {
  body.on('error', () => undefined).destroy();
}

function firstOf(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}
