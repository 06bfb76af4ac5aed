import dns from 'node:dns';
import type { LookupFunction } from 'node:net';
import { Agent, request } from 'undici';
import { mayConnectTo, refusalOfFhirUrl, type FhirUrlConfig } from './fhir-url';

/** A FHIR server has this long to answer one request, connection included (a PDF of 10 MB goes up in it). */
export const FHIR_TIMEOUT_MS = 30_000;
/** What is read of an answer: a search Bundle or an OperationOutcome is far smaller; more is cut. */
const MAX_ANSWER_BYTES = 2 * 1024 * 1024;
const USER_AGENT = 'Faxline-FHIR/1.0';

/** An answer of the FHIR server (or of its authorization server): its status, its JSON when it sent JSON, its Location. */
export type FhirAnswer = { status: number; json: unknown; text: string; location: string | null };

/** No answer at all: refused address, DNS, connection, time limit. Always worth trying again later. */
export class FhirUnreachable extends Error {
  override name = 'FhirUnreachable';
}

class RefusedAddress extends Error {}

/**
 * The connection's own DNS lookup: every address the name resolves to must be one FHIR servers may be at, and the
 * socket connects to one of those checked answers, so that a second lookup cannot lead elsewhere (DNS rebinding).
 */
function checkedLookup(config: FhirUrlConfig): LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { all: true, family: options.family ?? 0 }, (error, addresses) => {
      if (error) return callback(error, '');
      const refused = addresses.find((answer) => !mayConnectTo(answer.address, config));
      if (addresses.length === 0 || refused)
        return callback(new RefusedAddress(`refused: ${hostname} resolves to ${refused?.address ?? 'nothing'}`), '');
      if (options.all) return callback(null, addresses);
      callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
}

function wordsOf(error: unknown, timedOut: boolean): string {
  const cause = (error as { cause?: unknown } | null)?.cause;
  if (error instanceof RefusedAddress || cause instanceof RefusedAddress)
    return (cause instanceof RefusedAddress ? cause : (error as Error)).message;
  if (timedOut) return `timeout: no answer within ${FHIR_TIMEOUT_MS / 1000} seconds`;
  const code = (error as { code?: unknown } | null)?.code;
  const message = error instanceof Error ? error.message : String(error);
  return `connection failed: ${typeof code === 'string' ? `${code} ` : ''}${message}`.slice(0, 500);
}

async function bodyOf(body: AsyncIterable<Buffer> & { destroy(): void }): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    chunks.push(chunk);
    size += chunk.length;
    if (size > MAX_ANSWER_BYTES) break;
  }
  body.destroy();
  return Buffer.concat(chunks).subarray(0, MAX_ANSWER_BYTES).toString('utf8');
}

/**
 * One request to a FHIR server or its token endpoint, to a URL checked again here and on a connection pinned to the
 * addresses its lookup checked; redirects are not followed (a moved server is re-entered in the settings). Answers
 * whatever status came; throws FhirUnreachable when none did.
 */
export async function callFhir(
  config: FhirUrlConfig,
  call: { method: 'GET' | 'POST'; url: string; headers?: Record<string, string>; body?: string },
): Promise<FhirAnswer> {
  const url = new URL(call.url);
  const refusal = refusalOfFhirUrl(url, config);
  if (refusal) throw new FhirUnreachable(refusal);
  const deadline = AbortSignal.timeout(FHIR_TIMEOUT_MS);
  const agent = new Agent({
    connect: { lookup: checkedLookup(config), timeout: FHIR_TIMEOUT_MS },
    headersTimeout: FHIR_TIMEOUT_MS,
    bodyTimeout: FHIR_TIMEOUT_MS,
    connections: 1,
  });
  try {
    const response = await request(url, {
      dispatcher: agent,
      method: call.method,
      signal: deadline,
      headers: { accept: 'application/fhir+json', 'user-agent': USER_AGENT, ...call.headers },
      ...(call.body === undefined ? {} : { body: call.body }),
    });
    const text = await bodyOf(response.body as unknown as AsyncIterable<Buffer> & { destroy(): void });
    let json: unknown = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      // Not JSON (an HTML error page from a proxy): the text is kept for the error's words.
    }
    const location = response.headers.location;
    return { status: response.statusCode, json, text, location: typeof location === 'string' ? location : null };
  } catch (error) {
    throw new FhirUnreachable(wordsOf(error, deadline.aborted));
  } finally {
    await agent.destroy().catch(() => undefined);
  }
}

/** The words of a FHIR error answer: its OperationOutcome's diagnostics (or details), else the start of its body. */
export function diagnosticsOf(answer: FhirAnswer): string {
  const body = answer.json as {
    resourceType?: unknown;
    issue?: { diagnostics?: unknown; details?: { text?: unknown } }[];
    error?: unknown;
    error_description?: unknown;
  } | null;
  let said = answer.text.replace(/\s+/g, ' ').trim();
  if (body?.resourceType === 'OperationOutcome' && Array.isArray(body.issue))
    said = body.issue
      .map((issue) =>
        typeof issue.diagnostics === 'string' ? issue.diagnostics : typeof issue.details?.text === 'string' ? issue.details.text : '',
      )
      .filter(Boolean)
      .join('; ');
  // An OAuth 2.0 error (RFC 6749 §5.2), from a SMART token endpoint.
  else if (typeof body?.error === 'string')
    said = typeof body.error_description === 'string' ? `${body.error}: ${body.error_description}` : body.error;
  return `HTTP ${answer.status}${said ? `: ${said}` : ''}`.slice(0, 1_000);
}
