import fc from 'fast-check';
import type { JsonSchema } from './api-routes';

/**
 * Values for generated requests (fast-check): what a route's schema accepts, and what has hurt servers before
 * (control characters, lone surrogates, a megabyte of text, huge numbers, deep nesting, wrong types). Big constants
 * are built once and chosen with `constantFrom`, so that shrinking a failure does not shrink a megabyte.
 */

export const MEGABYTE_TEXT = 'x'.repeat(1_000_000);
/** Over the 1 MiB body limit once in JSON. */
const OVER_BODY_LIMIT_TEXT = 'y'.repeat(1024 * 1024 + 16);
const C0_AND_DEL = [...Array.from({ length: 0x20 }, (_, code) => String.fromCharCode(code)), '\u007f'];
const LONE_SURROGATES = ['\ud800', '\udbff', '\udc00', '\udfff'];
const LONE_SURROGATE = /\p{Cs}/u;
const DEEP_DEPTH = 2_000;
const deeplyNested = (): unknown => {
  let value: unknown = 'bottom';
  for (let depth = 0; depth < DEEP_DEPTH; depth += 1) value = depth % 2 ? [value] : { a: value };
  return value;
};
const DEEP_VALUE = deeplyNested();

/** Strings people and programs send that are fine for a text field (when the length fits). */
const ORDINARY_TEXT = [
  'Ada Lovelace',
  'Zoë Ñúñez-Müller',
  '日本語のファクス',
  'fax 📠 👍🏽',
  'ada@example.com',
  '+15551234567',
  '+14155550100',
  'https://example.com/avatar.png',
  '2026-03-04',
  '2026-03-04T05:06:07Z',
  'processing',
  'delivered',
  'page',
  'en',
  'US',
  '#6D28D9',
  '[]',
  '[{"label":"Pro","id":"price_123"}]',
  '/about-us',
  'Dear team,\r\nplease find the fax attached.\n\tThanks',
  'a',
];

/** Texts aimed at parsers, queries and templates; each one must be refused or stored as it is. */
const TRICKY_TEXT = [
  "' OR '1'='1",
  "'; DROP TABLE users; --",
  '%',
  '_',
  '\\',
  '%_\\%',
  '${7*7}',
  '{{constructor.constructor("return 1")()}}',
  '<script>alert(1)</script>',
  '../../../etc/passwd',
  '\u202egnp.exe',
  '\ufeffbom',
  '\u00a0',
  ' ',
  '',
  '1e309',
  '-0',
  'NaN',
  'Infinity',
  '9'.repeat(400),
  '0x10',
  'null',
  'true',
  '__proto__',
];

const controlCharacter = fc.constantFrom(...C0_AND_DEL, '\u0085', '\u009f');
const SHORT_TEXT = fc.string({ maxLength: 6 });
const surrounded = (inner: fc.Arbitrary<string>) =>
  fc.tuple(SHORT_TEXT, inner, SHORT_TEXT).map(([before, middle, after]) => before + middle + after);

/** A string that a careful server refuses or handles: control characters, lone surrogates, a megabyte, tricks. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  surrounded(controlCharacter),
  surrounded(fc.constantFrom(...LONE_SURROGATES)),
  // Any UTF-16 code units, halves of pairs included (fc.string's 'binary' unit costs seconds to set up).
  fc.array(fc.integer({ min: 0, max: 0xffff }), { maxLength: 24 }).map((units) => String.fromCharCode(...units)),
  fc.constantFrom(MEGABYTE_TEXT, OVER_BODY_LIMIT_TEXT, `${MEGABYTE_TEXT.slice(1)}\u0000`),
  fc.constantFrom(...TRICKY_TEXT),
);

export const hostileNumber: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, -(Number.MAX_SAFE_INTEGER + 2), 2 ** 31, 2 ** 63, -1, 0, 0.5, -0),
  fc.double(),
  fc.integer(),
);

/** Anything but what the schema asks for: other types, structures, deep nesting. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  hostileNumber,
  hostileString,
  fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 4 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 }),
  fc.constant(DEEP_VALUE),
);

const typesOf = (schema: JsonSchema): string[] => (Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : []);

// Built once: fast-check's own e-mail, URL and grapheme arbitraries take seconds each to set up.
const TEXT_UNIT = fc.constantFrom(
  ...Array.from("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 .,'-_@+éüñçøßЖжΩ日本語中文한국어📠👍🇫"),
);
const WORD = fc
  .array(fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789'), { minLength: 1, maxLength: 12 })
  .map((letters) => letters.join(''));
const EMAIL = fc
  .tuple(WORD, fc.constantFrom('', '.', '+', '_', '-'), WORD, fc.constantFrom('example.com', 'faxline.test', 'mail.example.org'))
  .map(([name, separator, more, domain]) => `${name}${separator ? separator + more : ''}@${domain}`);
const WEB_URL = fc
  .tuple(
    fc.constantFrom('https://', 'http://'),
    fc.constantFrom('example.com', 'localhost:8080', 'cdn.example.org'),
    fc.array(WORD, { maxLength: 3 }),
  )
  .map(([scheme, host, path]) => `${scheme}${host}/${path.join('/')}`);

// Small files of each kind a send meets: text and a minimal PDF.
export const TEXT_FILE = Buffer.from('Dear Ada,\nplease find the numbers below.\n1 2 3\n');
export const PDF_FILE = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj ' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 595 842]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

/**
 * Strings that match a pattern and fit a length. A pattern that is one character class repeated (`^[A-Za-z0-9_-]+$`,
 * a base64url key) gets the length inside it: strings of any length filtered down to one length (87 characters)
 * would almost never come, and fast-check would spin. Any other pattern is filtered by the length.
 */
export function stringMatchingWithin(pattern: string, min = 0, max?: number): fc.Arbitrary<string> {
  const repeated = /^\^(\[[^\]]+\])([+*])\$$/.exec(pattern);
  const least = repeated?.[2] === '+' ? Math.max(min, 1) : min;
  const bounded = repeated && (min > 0 || max !== undefined) ? `^${repeated[1]}{${least},${max ?? ''}}$` : pattern;
  return fc.stringMatching(new RegExp(bounded)).filter((text) => text.length >= min && text.length <= (max ?? Infinity));
}

function validString(schema: JsonSchema): fc.Arbitrary<string> {
  const min = schema.minLength ?? 0;
  const max = Math.min(schema.maxLength ?? 200, 200);
  const fits = (text: string) => text.length >= min && text.length <= (schema.maxLength ?? Infinity);
  const fitting = ORDINARY_TEXT.filter(fits);
  const words = fc.string({ unit: TEXT_UNIT, minLength: min, maxLength: Math.max(min, Math.min(max, min + 24)) }).filter(fits);
  if (schema.contentEncoding === 'base64') return fc.constantFrom(TEXT_FILE, PDF_FILE).map((bytes) => bytes.toString('base64'));
  switch (schema.format) {
    case 'email':
      return EMAIL.filter(fits);
    case 'uri':
      return WEB_URL.filter(fits);
    case 'uuid':
      return fc.uuid();
    case 'date-time':
      return fc
        .oneof(
          fc.integer({ min: 60, max: 29 * 24 * 60 }).map((minutes) => new Date(Date.now() + minutes * 60_000)),
          fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2100-01-01T00:00:00Z'), noInvalidDate: true }),
        )
        .map((date) => date.toISOString());
    case 'date':
      return fc
        .date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2100-01-01T00:00:00Z'), noInvalidDate: true })
        .map((d) => d.toISOString().slice(0, 10));
  }
  if (schema.pattern) {
    try {
      return stringMatchingWithin(schema.pattern, min, schema.maxLength);
    } catch {
      // A pattern fast-check cannot invert: plain text below.
    }
  }
  return fitting.length > 0 ? fc.oneof(fc.constantFrom(...fitting), words) : words;
}

function validNumber(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const min = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : -1_000_000);
  const max = schema.maximum ?? (schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - 1 : 1_000_000);
  const low = Math.max(min, Number.MIN_SAFE_INTEGER);
  const high = Math.min(max, Number.MAX_SAFE_INTEGER);
  // Mostly near the lower bound, where pages and counts live; sometimes anywhere up to the top.
  const near = fc.bigInt({ min: BigInt(Math.ceil(low)), max: BigInt(Math.floor(Math.min(high, low + 100))) }).map(Number);
  const anywhere = fc.bigInt({ min: BigInt(Math.ceil(low)), max: BigInt(Math.floor(high)) }).map(Number);
  const whole = fc.oneof({ arbitrary: near, weight: 3 }, { arbitrary: anywhere, weight: 1 });
  return integer ? whole : fc.oneof(whole, fc.double({ min: low, max: high, noNaN: true, noDefaultInfinity: true }));
}

export type Mode = 'valid' | 'mixed';

/**
 * Values for a schema. 'valid' aims at what the schema accepts (refinements across fields may still refuse it);
 * 'mixed' puts a hostile value, a missing field or an extra key here and there inside an otherwise valid shape.
 */
export function valueOf(schema: JsonSchema, mode: Mode): fc.Arbitrary<unknown> {
  const valid = shapeOf(schema, mode);
  return mode === 'mixed' ? fc.oneof({ arbitrary: valid, weight: 5 }, { arbitrary: hostileValue, weight: 1 }) : valid;
}

function shapeOf(schema: JsonSchema, mode: Mode): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const options = [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])];
  if (options.length > 0) return fc.oneof(...options.map((option) => valueOf(option, mode)));
  const types = typesOf(schema);
  if (types.length > 1) return fc.oneof(...types.map((type) => shapeOf({ ...schema, type }, mode)));
  switch (types[0]) {
    case 'string':
      return validString(schema);
    case 'integer':
      return validNumber(schema, true);
    case 'number':
      return validNumber(schema, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(valueOf(schema.items ?? {}, mode), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? 4, 4),
      });
    case 'object':
      return objectOf(schema, mode);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

function objectOf(schema: JsonSchema, mode: Mode): fc.Arbitrary<unknown> {
  const properties: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [key, property] of Object.entries(schema.properties ?? {})) properties[key] = valueOf(property, mode);
  if (typeof schema.additionalProperties === 'object' && schema.propertyNames?.enum) {
    for (const key of schema.propertyNames.enum) properties[String(key)] = valueOf(schema.additionalProperties, mode);
  }
  const required = (schema.required ?? []).filter((key) => key in properties);
  const complete = fc.record(properties, { requiredKeys: required });
  if (mode === 'valid') return complete;
  const extra = fc.dictionary(fc.oneof(fc.constantFrom('__proto__', 'constructor', 'id', 'role', 'accountId'), SHORT_TEXT), hostileValue, {
    maxKeys: 2,
  });
  return fc.oneof(
    { arbitrary: complete, weight: 4 },
    // Required fields left out.
    { arbitrary: fc.record(properties, { requiredKeys: [] }), weight: 1 },
    // Keys the schema does not know, mass-assignment style.
    { arbitrary: fc.tuple(complete, extra).map(([value, more]) => ({ ...more, ...(value as object) })), weight: 1 },
  );
}

/** Percent-encodes a string for a URL, including the lone surrogates that encodeURIComponent refuses (as WTF-8). */
export function percentEncode(text: string): string {
  if (!LONE_SURROGATE.test(text)) return encodeURIComponent(text);
  let out = '';
  for (const character of text) {
    const code = character.charCodeAt(0);
    if (character.length === 1 && code >= 0xd800 && code <= 0xdfff) {
      out += [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
        .map((byte) => `%${byte.toString(16).toUpperCase()}`)
        .join('');
    } else {
      out += encodeURIComponent(character);
    }
  }
  return out;
}

/** Query values written as they stand in a URL: malformed escapes, overlong NUL, repeated keys. */
export const RAW_QUERY_TRICKS = ['%', '%zz', '%C3', '%C0%80', '%00', '%ED%A0%80', '%FF%FE', '+', '%2B%2B', 'a&b=c', '[]=x', 'x[y]=z'];

/** JSON bodies written by hand: what a JSON encoder would never produce. */
export const RAW_JSON_BODIES = [
  '{"a":',
  '{',
  '',
  'null',
  'true',
  '"text"',
  '[]',
  '{"page": 1e400}',
  '{"a":1,"a":2}',
  '{"__proto__":{"admin":true}}',
  '{"constructor":{"prototype":{"admin":true}}}',
  '\ufeff{}',
  '{"name":"\\u0000"}',
  '{"name":"\\ud800"}',
  `${'['.repeat(100_000)}${']'.repeat(100_000)}`,
  `${'{"a":'.repeat(50_000)}1${'}'.repeat(50_000)}`,
  `"${MEGABYTE_TEXT}"`,
];

export const ODD_CONTENT_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'multipart/form-data',
  'application/xml',
  'application/json; charset=utf-16',
  'application/octet-stream',
  'application/json, text/plain',
  'APPLICATION/JSON',
  'application/vnd.api+json',
  'text/html; charset=utf-8',
  ';',
];
