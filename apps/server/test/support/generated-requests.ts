import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import type { ApiRoute, JsonSchema } from './api-routes';
import {
  hostileString,
  hostileValue,
  ODD_CONTENT_TYPES,
  PDF_FILE,
  percentEncode,
  RAW_JSON_BODIES,
  RAW_QUERY_TRICKS,
  TEXT_FILE,
  valueOf,
} from './request-arbitraries';
import { TEST_ORIGIN } from './test-app';

/** One generated request, before it is sent as one role or another (the cookie is added then). */
export type GeneratedRequest = {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
};

const LANGUAGES = ['en', 'es', 'fr', 'de', 'fr-CA, fr;q=0.8, en;q=0.5', '*', 'es;q=abc', 'zz-ZZ'];

const headersOf = fc.record({
  origin: fc.oneof(
    { arbitrary: fc.constant(TEST_ORIGIN), weight: 9 },
    { arbitrary: fc.constantFrom('', 'https://evil.example', 'null'), weight: 1 },
  ),
  'accept-language': fc.constantFrom(...LANGUAGES),
});

/** The route's path with each `:name` filled from its params schema, or with something hostile. */
function pathOf(route: ApiRoute): fc.Arbitrary<string> {
  const names = [...route.url.matchAll(/:(\w+)/g)].map((match) => match[1]!);
  if (names.length === 0) return fc.constant(route.url);
  const valueFor = (name: string) => {
    const schema = route.params?.properties?.[name];
    const fitting = schema ? valueOf(schema, 'valid').map(String) : fc.uuid();
    return fc.oneof(
      { arbitrary: fitting.map(percentEncode), weight: 4 },
      { arbitrary: fc.uuid(), weight: 2 },
      { arbitrary: hostileString.map((text) => percentEncode(text.slice(0, 2_000))), weight: 2 },
      { arbitrary: fc.constantFrom(...RAW_QUERY_TRICKS.filter((trick) => !trick.includes('&')), '..', '%2F', '%2e%2e'), weight: 1 },
    );
  };
  return fc.tuple(...names.map(valueFor)).map((values) => {
    let index = 0;
    return route.url.replace(/:(\w+)/g, () => values[index++]!);
  });
}

const encodeQueryValue = (value: unknown): string =>
  typeof value === 'string'
    ? percentEncode(value)
    : value === undefined
      ? ''
      : percentEncode(typeof value === 'object' ? JSON.stringify(value) : String(value));

/** A query string: the schema's fields (mixed with hostile values), sometimes repeated keys or raw tricks. */
function queryOf(schema: JsonSchema | undefined): fc.Arbitrary<string> {
  const fromSchema = schema
    ? valueOf(schema, 'mixed').map((value) =>
        value !== null && typeof value === 'object' && !Array.isArray(value)
          ? Object.entries(value).flatMap(([key, item]) =>
              Array.isArray(item)
                ? item.map((one) => `${percentEncode(key)}=${encodeQueryValue(one)}`)
                : [`${percentEncode(key)}=${encodeQueryValue(item)}`],
            )
          : [`q=${encodeQueryValue(value)}`],
      )
    : fc.constant([] as string[]);
  const extra = fc.array(
    fc.oneof(
      fc.constantFrom(...RAW_QUERY_TRICKS).map((trick) => (trick.includes('=') ? trick : `page=${trick}`)),
      fc
        .tuple(fc.constantFrom(...Object.keys(schema?.properties ?? { q: {} })), fc.constantFrom(...RAW_QUERY_TRICKS))
        .map(([key, trick]) => `${key}=${trick}`),
      fc
        .tuple(fc.constantFrom(...Object.keys(schema?.properties ?? { q: {} })), hostileValue)
        .map(([key, value]) => `${key}=${encodeQueryValue(value)}`),
    ),
    { maxLength: 2 },
  );
  return fc
    .tuple(fromSchema, fc.oneof({ arbitrary: fc.constant([] as string[]), weight: 3 }, { arbitrary: extra, weight: 1 }))
    .map(([pairs, more]) => [...pairs, ...more].join('&'));
}

type Body = { payload?: string | Buffer; contentType?: string };

/** A JSON body from the schema, raw JSON text, an odd content type or no body at all. */
function jsonBodyOf(schema: JsonSchema | undefined, method: string): fc.Arbitrary<Body> {
  const json = (schema ? valueOf(schema, 'mixed') : hostileValue).map((value) => JSON.stringify(value) ?? '');
  const valid = schema ? valueOf(schema, 'valid').map((value) => JSON.stringify(value) ?? '') : json;
  const takesBody = method !== 'GET' && method !== 'DELETE';
  return fc.oneof(
    { arbitrary: valid.map((payload) => ({ payload, contentType: 'application/json' })), weight: takesBody ? 3 : 0 },
    {
      arbitrary: fc
        .tuple(json, fc.constantFrom('application/json', 'application/json; charset=utf-8'))
        .map(([payload, contentType]) => ({ payload, contentType })),
      weight: takesBody ? 5 : 1,
    },
    { arbitrary: fc.constantFrom(...RAW_JSON_BODIES).map((payload) => ({ payload, contentType: 'application/json' })), weight: 1 },
    {
      arbitrary: fc.tuple(json, fc.constantFrom(...ODD_CONTENT_TYPES)).map(([payload, contentType]) => ({ payload, contentType })),
      weight: 1,
    },
    { arbitrary: fc.constant({}), weight: takesBody ? 1 : 6 },
  );
}

const fileNameOf = fc.oneof(
  {
    arbitrary: fc.constantFrom('letter.txt', 'scan.pdf', 'photo.png', 'contract.docx', 'noextension', '.txt', 'a'.repeat(300) + '.txt'),
    weight: 3,
  },
  { arbitrary: hostileString.map((text) => `${text.slice(0, 200)}.txt`), weight: 2 },
);

const attachmentOf = fc.record({
  field: fc.oneof(
    { arbitrary: fc.integer({ min: 0, max: 6 }).map((n) => `attachment_${n}`), weight: 5 },
    { arbitrary: fc.string({ maxLength: 12 }), weight: 1 },
  ),
  name: fileNameOf,
  content: fc.oneof(
    fc.constant(TEXT_FILE),
    fc.constant(PDF_FILE),
    fc.uint8Array({ maxLength: 64 }).map((bytes) => Buffer.from(bytes)),
    fc.constant(Buffer.alloc(0)),
  ),
  contentType: fc.constantFrom('text/plain', 'application/pdf', 'application/octet-stream', ''),
});

// Header values are written as UTF-8 bytes, as a browser would; a raw CR or LF may break the framing on purpose.
const disposition = (name: string, filename?: string) =>
  `Content-Disposition: form-data; name="${name}"${filename === undefined ? '' : `; filename="${filename}"`}`;

type FormPart = { head: string; content: Buffer | string };
const FRAMING = fc.oneof(
  { arbitrary: fc.constant('ok'), weight: 8 },
  { arbitrary: fc.constantFrom('no-boundary', 'truncated', 'wrong-boundary', 'no-end'), weight: 1 },
);

/** A multipart body of these parts, its framing sometimes broken (no boundary, cut short, another boundary, no end). */
function multipartOf(formParts: FormPart[], framing: string): Body {
  const boundary = '----faxline-generated-7d3f';
  const parts: Buffer[] = [];
  for (const { head, content } of formParts)
    parts.push(Buffer.from(`--${boundary}\r\n${head}\r\n\r\n`), Buffer.from(content), Buffer.from('\r\n'));
  if (framing !== 'no-end') parts.push(Buffer.from(`--${boundary}--\r\n`));
  let payload = Buffer.concat(parts);
  if (framing === 'truncated') payload = payload.subarray(0, Math.floor(payload.length / 2));
  const contentType =
    framing === 'no-boundary'
      ? 'multipart/form-data'
      : `multipart/form-data; boundary=${framing === 'wrong-boundary' ? 'other' : boundary}`;
  return { payload, contentType };
}

type Attachment = typeof attachmentOf extends fc.Arbitrary<infer T> ? T : never;
const attachmentPart = (a: Attachment, field = a.field): FormPart => ({
  head: `${disposition(field, a.name)}${a.contentType ? `\r\nContent-Type: ${a.contentType}` : ''}`,
  content: a.content,
});

/** The send form (spec 001 §3) written by hand: request.json as a field or a file, attachments, odd framing. */
function multipartBodyOf(schema: JsonSchema): fc.Arbitrary<Body> {
  const json = fc.oneof(
    { arbitrary: valueOf(schema, 'valid').map((value) => JSON.stringify(value)), weight: 3 },
    { arbitrary: valueOf(schema, 'mixed').map((value) => JSON.stringify(value) ?? ''), weight: 4 },
    { arbitrary: fc.constantFrom(...RAW_JSON_BODIES.filter((body) => body.length < 10_000)), weight: 1 },
  );
  return fc
    .record({
      json,
      jsonAs: fc.constantFrom('field', 'file', 'absent', 'twice'),
      attachments: fc.array(attachmentOf, { maxLength: 6 }),
      framing: FRAMING,
    })
    .map(({ json, jsonAs, attachments, framing }) => {
      const parts: FormPart[] = [];
      if (jsonAs === 'field' || jsonAs === 'twice') parts.push({ head: disposition('request.json'), content: json });
      if (jsonAs === 'file' || jsonAs === 'twice')
        parts.push({ head: `${disposition('request.json', 'request.json')}\r\nContent-Type: application/json`, content: json });
      return multipartOf([...parts, ...attachments.map((a) => attachmentPart(a))], framing);
    });
}

const isBinary = (schema: JsonSchema): boolean =>
  schema.format === 'binary' || [...(schema.anyOf ?? []), ...(schema.items ? [schema.items] : [])].some(isBinary);

/** A field's value as form text: a list is the field repeated, anything else its text (JSON for a structure). */
const formTexts = (value: unknown): string[] =>
  Array.isArray(value) ? value.flatMap(formTexts) : [typeof value === 'string' ? value : (JSON.stringify(value) ?? '')];

/**
 * A multipart form as an OpenAPI document describes one (the /v1 send): a field per property from its schema, mixed
 * with hostile values, a list as the field repeated; the `format: binary` properties as file parts.
 */
function formBodyOf(schema: JsonSchema): fc.Arbitrary<Body> {
  const properties = Object.entries(schema.properties ?? {});
  const fileFields = properties.filter(([, property]) => isBinary(property)).map(([name]) => name);
  const textFields = properties.filter(([name]) => !fileFields.includes(name));
  return fc
    .record({
      values: fc.record(Object.fromEntries(textFields.map(([name, property]) => [name, valueOf(property, 'mixed')])), { requiredKeys: [] }),
      files: fc.array(fc.tuple(attachmentOf, fc.constantFrom(...fileFields, 'attachment')), { maxLength: 3 }),
      framing: FRAMING,
    })
    .map(({ values, files, framing }) =>
      multipartOf(
        [
          ...Object.entries(values).flatMap(([name, value]) => formTexts(value).map((content) => ({ head: disposition(name), content }))),
          ...files.map(([a, field]) => attachmentPart(a, field)),
        ],
        framing,
      ),
    );
}

/** Header values from the route's header parameters (`Idempotency-Key`), fitting or hostile, sometimes absent. */
function routeHeadersOf(schema: JsonSchema | undefined): fc.Arbitrary<Record<string, string>> {
  if (!schema) return fc.constant({});
  return valueOf({ ...schema, required: [] }, 'mixed').map((value) =>
    value !== null && typeof value === 'object' && !Array.isArray(value)
      ? Object.fromEntries(
          Object.entries(value)
            .filter(([, item]) => item !== undefined)
            // A header is one line of Latin-1: what else a program might put there is cut to what HTTP can carry.
            .map(([name, item]) => [
              name.toLowerCase(),
              formTexts(item)
                .join(',')
                .replace(/[^\x20-\x7e\x80-\xff]/g, '')
                .slice(0, 1_000),
            ]),
        )
      : {},
  );
}

/** Requests for one route: its path, query and body from its schemas, mixed with hostile values. */
export function requestsFor(route: ApiRoute): fc.Arbitrary<GeneratedRequest> {
  const body = route.multipartJson
    ? fc.oneof(
        { arbitrary: multipartBodyOf(route.multipartJson), weight: 4 },
        { arbitrary: jsonBodyOf(route.multipartJson, route.method), weight: 1 },
      )
    : route.form
      ? fc.oneof({ arbitrary: formBodyOf(route.form), weight: 2 }, { arbitrary: jsonBodyOf(route.body, route.method), weight: 3 })
      : jsonBodyOf(route.body, route.method);
  return fc
    .record({
      path: pathOf(route),
      query: fc.oneof(
        { arbitrary: queryOf(route.querystring), weight: route.querystring ? 4 : 1 },
        { arbitrary: fc.constant(''), weight: route.querystring ? 1 : 4 },
      ),
      headers: headersOf,
      routeHeaders: routeHeadersOf(route.headers),
      body,
    })
    .map(({ path, query, headers, routeHeaders, body: { payload, contentType } }) => ({
      method: route.method,
      url: query ? `${path}?${query}` : path,
      headers: {
        ...routeHeaders,
        ...(headers.origin ? { origin: headers.origin } : {}),
        'accept-language': headers['accept-language'],
        ...(contentType ? { 'content-type': contentType } : {}),
      },
      ...(payload === undefined ? {} : { payload }),
    }));
}

/** The request as `inject` takes it, with the role's cookie and a client address of its own. */
export function injectOptionsOf(request: GeneratedRequest, cookie: string | null, remoteAddress: string): InjectOptions {
  return {
    method: request.method as InjectOptions['method'],
    url: request.url,
    headers: { ...request.headers, ...(cookie ? { cookie } : {}) },
    ...(request.payload === undefined ? {} : { payload: request.payload }),
    remoteAddress,
  };
}

/** A short, printable account of a request for a failure report: long runs cut, control characters escaped. */
export function describeRequest(request: GeneratedRequest): string {
  const shorten = (text: string) =>
    JSON.stringify(text.length > 600 ? `${text.slice(0, 300)}…<${text.length} characters>…${text.slice(-100)}` : text).replace(
      /(.)\1{40,}/g,
      (run, character: string) => `${character}<×${run.length}>`,
    );
  const payload = request.payload === undefined ? '' : ` body=${shorten(request.payload.toString('utf8'))}`;
  return `${request.method} ${shorten(request.url)} headers=${JSON.stringify(request.headers)}${payload}`;
}
