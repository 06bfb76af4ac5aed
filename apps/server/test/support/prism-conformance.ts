import { openApiDocument } from '@faxline/shared/api-v1';
import {
  createInstance,
  getHttpOperationsFromSpec,
  type IHttpNameValue,
  type IHttpNameValues,
  type IHttpRequest,
  type IHttpResponse,
} from '@stoplight/prism-http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import pino from 'pino';

// Every answer the integration tests get from /v1 is checked by Stoplight Prism against the OpenAPI document the
// server serves (issue 41, item 4; decision 136). Prism's own request pipeline (`@stoplight/prism-http`: its router,
// its request, security and response validators, as `prism proxy --errors` runs them) with one part replaced: instead
// of forwarding the request to an upstream, it is handed the answer the server has just given. So no test changes how
// it calls the server (inject or a real socket, each file its own app), and no proxy process is started.

const V1 = '/v1';
/** The document does not describe itself. */
const UNDESCRIBED = new Set(['/v1/openapi.json']);

type Operations = Awaited<ReturnType<typeof getHttpOperationsFromSpec>>;
/** Read once per test process: the document follows the contracts, which do not change during a run. */
let operations: Promise<Operations> | undefined;
const operationsOfDocument = () => (operations ??= getHttpOperationsFromSpec(openApiDocument(V1) as never));

/**
 * Reads the document into Prism's operations now, once per test process. It takes Prism some hundreds of milliseconds
 * on the event loop the server shares: a test that times that loop reads it first, or its first /v1 answer pays.
 */
export const readDocumentForPrism = (): Promise<void> => operationsOfDocument().then(() => undefined);

/** The server's answer to each request being checked, which Prism's pipeline is given in place of an upstream's. */
const answers = new WeakMap<IHttpRequest, IHttpResponse>();
/** As `prism proxy --errors` runs: a request that matches no operation is an error, not a pass-through. */
const PROXY_CONFIG = {
  isProxy: true,
  upstream: new URL('http://faxline.test'),
  upstreamProxy: undefined,
  errors: true,
  validateRequest: true,
  validateResponse: true,
  checkSecurity: true,
  mock: { dynamic: false },
} as const;
const prism = createInstance(PROXY_CONFIG, {
  logger: pino({ level: 'silent' }) as never,
  forward:
    ({ data }: { data: IHttpRequest }) =>
    () =>
    async () => ({ _tag: 'Right', right: answers.get(data)! }),
});

/** What Prism found wrong in the /v1 answers since the last look, one readable line each. */
const violations: string[] = [];

/** The violations found since the last call, and forgets them: a test support hook fails the test that caused them. */
export function takePrismViolations(): string[] {
  return violations.splice(0);
}

/** Has Prism check every /v1 answer of this app (an `onSend` hook: it sees the body as sent). */
export function checkV1AnswersWithPrism(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    const path = request.url.split('?')[0]!;
    if (path.startsWith(`${V1}/`) && !UNDESCRIBED.has(path)) {
      // Never changes the answer: what Prism cannot judge is reported, not thrown into the reply.
      const problem = await Promise.resolve()
        .then(() => prismVerdict(requestOf(request), answerOf(reply, payload)))
        .catch((error: Error) => `Prism could not judge it: ${error.message}`);
      if (problem) violations.push(`${request.method} ${request.url} → ${reply.statusCode}: ${problem}`);
    }
    return payload;
  });
}

/** What Prism says is wrong with this exchange, or null. */
async function prismVerdict(request: PrismRequest, answer: IHttpResponse): Promise<string | null> {
  const result = await prismResult(request.input, answer).catch(() =>
    // Prism throws on a Content-Type it cannot parse (`;`): the answer is judged without it (a refusal, as it should be).
    prismResult(withoutContentType(request.input), answer),
  );
  if (result._tag === 'Left') {
    // No operation of the document matches: refused all the same (404, 405, or 401 by the key check, which runs first).
    if (answer.statusCode >= 400 && answer.statusCode < 500) return null;
    return `the document has no such operation (${result.left.message})`;
  }
  const { input, output } = result.right.validations;
  const problems = output.map((v) => `response ${(v.path ?? []).join('.')} ${v.message}`);
  // A request the document refuses, which the server accepted: the two disagree on what is allowed.
  const accepted = isSuccess(answer.statusCode);
  const refused = input.filter((v) => v.severity === ERROR && judged(v, request.multipart));
  if (accepted && refused.length > 0)
    problems.push(...refused.map((v) => `accepted a request the document refuses: ${(v.path ?? []).join('.')} ${v.message}`));
  return problems.length > 0 ? problems.join('; ') : null;
}

/** What Prism says of a request or an answer (its `IPrismDiagnostic`); severity 0 is an error, 1 a warning. */
type Diagnostic = { message: string; code?: string | number; path?: ReadonlyArray<string | number>; severity: number };
const ERROR = 0;

/**
 * Prism's pipeline on one exchange. The request is judged only when the server accepted it (a refusal needs no second
 * opinion): the generated requests' megabyte bodies cost Prism's validators milliseconds each, for nothing.
 */
async function prismResult(input: IHttpRequest, answer: IHttpResponse) {
  const resources = await operationsOfDocument();
  answers.set(input, answer);
  const accepted = isSuccess(answer.statusCode);
  return prism.request(input, resources, { ...PROXY_CONFIG, validateRequest: accepted, checkSecurity: accepted })();
}

const isSuccess = (status: number) => status >= 200 && status < 300;

function withoutContentType(input: IHttpRequest): IHttpRequest {
  const { 'content-type': _dropped, ...headers } = input.headers ?? {};
  return { ...input, headers, body: undefined };
}

/** Prism's words for a body sent to an operation that takes none (a GET's): the server does not read it. */
const BODY_NOT_TAKEN = 'No supported content types, but request included a non-empty body';

/**
 * Whether a refusal of Prism's is one the server should have made too. Not a body sent where the operation takes
 * none (the server never reads it), nor anything about a multipart form's body: the route reads the form as a stream
 * and keeps no copy to give Prism, so only its query, path, headers and key are judged.
 */
function judged(v: Diagnostic, multipart: boolean): boolean {
  if (v.message === BODY_NOT_TAKEN) return false;
  return !multipart || ['query', 'path', 'header'].includes(String(v.path?.[0])) || v.code === 401;
}

type PrismRequest = { input: IHttpRequest; multipart: boolean };

/** The request as Prism's proxy reads it: lower-case method, the path below /v1, the query as names and values. */
function requestOf(request: FastifyRequest): PrismRequest {
  const url = new URL(request.url, 'http://faxline.test');
  const query: IHttpNameValues = {};
  for (const name of new Set(url.searchParams.keys())) {
    const values = url.searchParams.getAll(name);
    query[name] = values.length === 1 ? values[0]! : values;
  }
  const contentType = String(request.headers['content-type'] ?? '');
  return {
    input: {
      method: request.method.toLowerCase() as IHttpRequest['method'],
      url: { path: url.pathname.slice(V1.length), query },
      headers: textHeaders(request.headers),
      // Fastify's parsed body: the JSON a program sent (Prism's proxy parses JSON the same way).
      body: request.body ?? undefined,
    },
    multipart: contentType.startsWith('multipart/'),
  };
}

/**
 * The answer as Prism's proxy reads an upstream's: JSON parsed, other text as text. A streamed body (a fax's PDF) is
 * not read, so as not to change what the test receives; Prism would check its bytes only as "a string", and its
 * status, media type and headers are checked all the same.
 */
function answerOf(reply: FastifyReply, payload: unknown): IHttpResponse {
  const headers = textHeaders(reply.getHeaders());
  const text = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : null;
  const isJson = /[/+]json\b/.test(headers['content-type'] ?? '');
  const body = text === null ? '' : isJson && text !== '' ? (JSON.parse(text) as unknown) : text;
  return { statusCode: reply.statusCode, headers, body };
}

function textHeaders(headers: Record<string, unknown>): IHttpNameValue {
  const text: IHttpNameValue = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    text[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
  }
  return text;
}
