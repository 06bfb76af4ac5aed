import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import type { ApiRoute, JsonSchema, TextField } from './api-routes';
import { percentEncode, stringMatchingWithin } from './request-arbitraries';
import { TEST_ORIGIN } from './test-app';

/** A value the schema accepts, the same every time: the first option, the default, the smallest number. */
export function exampleOf(schema: JsonSchema): unknown {
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  const options = [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])];
  if (options.length > 0) return exampleOf(options[0]!);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string':
      return exampleText(schema);
    case 'integer':
    case 'number':
      return schema.minimum ?? 1;
    case 'boolean':
      return false;
    case 'null':
      return null;
    case 'array':
      return Array.from({ length: schema.minItems ?? 0 }, () => exampleOf(schema.items ?? {}));
    case 'object': {
      const value: Record<string, unknown> = {};
      for (const [key, property] of Object.entries(schema.properties ?? {})) value[key] = exampleOf(property);
      return value;
    }
    default:
      return 'text';
  }
}

function exampleText(schema: JsonSchema): string {
  switch (schema.format) {
    case 'email':
      return 'ada@example.com';
    case 'uri':
      return 'https://example.com/a.png';
    case 'uuid':
      return '5b0e6a3c-2f4d-4c1e-9a7b-3d2e1f0a9b8c';
    case 'date-time':
      return new Date(Date.now() + 24 * 3600_000).toISOString();
    case 'date':
      return '2026-01-02';
  }
  if (schema.pattern)
    return fc.sample(stringMatchingWithin(schema.pattern, schema.minLength, schema.maxLength), { numRuns: 1, seed: 1 })[0]!;
  return 'Ada'.padEnd(schema.minLength ?? 0, 'a');
}

/**
 * The schema's example with each union on the way to `path` taken at the option that holds the field (a condition of
 * a routing rule of the kind whose field it is), so that the field is one the server reads, not an unknown key it
 * drops.
 */
function exampleAlong(schema: JsonSchema, path: ReadonlyArray<string | number>): unknown {
  const options = [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])];
  if (options.length > 0) return exampleAlong(options.find((option) => holds(option, path)) ?? options[0]!, path);
  const [head, ...rest] = path;
  if (typeof head === 'number' && schema.items) {
    const items = [...((exampleOf(schema) as unknown[] | undefined) ?? [])];
    items[head] = exampleAlong(schema.items, rest);
    return items;
  }
  if (typeof head === 'string' && schema.properties?.[head]) {
    return { ...(exampleOf(schema) as Record<string, unknown>), [head]: exampleAlong(schema.properties[head], rest) };
  }
  return exampleOf(schema);
}

/** Whether the schema (or one of its options) has a field at `path`. */
function holds(schema: JsonSchema, path: ReadonlyArray<string | number>): boolean {
  const options = [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])];
  if (options.length > 0) return options.some((option) => holds(option, path));
  const [head, ...rest] = path;
  if (head === undefined) return true;
  if (typeof head === 'number') return schema.items ? holds(schema.items, rest) : false;
  const property = schema.properties?.[head];
  return property ? holds(property, rest) : false;
}

/** A copy of `value` with `text` at `path`, making the objects and arrays on the way. */
function withTextAt(value: unknown, path: Array<string | number>, text: string): unknown {
  const [head, ...rest] = path;
  if (head === undefined) return text;
  if (typeof head === 'number') {
    const items = Array.isArray(value) ? [...(value as unknown[])] : [];
    items[head] = withTextAt(items[head], rest, text);
    return items;
  }
  const fields = { ...(value && typeof value === 'object' ? (value as Record<string, unknown>) : {}) };
  fields[head] = withTextAt(fields[head], rest, text);
  return fields;
}

const queryOf = (values: Record<string, unknown>) =>
  Object.entries(values)
    .filter(([, value]) => value !== null && value !== undefined && typeof value !== 'object')
    .map(([key, value]) => `${key}=${percentEncode(String(value))}`)
    .join('&');

/**
 * The route's request with every input at its example value, except one text field, which holds `text`: the body as
 * JSON, the query string, a path parameter, or the send form's request.json part.
 */
export function requestWithText(route: ApiRoute, field: TextField, text: string, cookie: string): InjectOptions {
  const paramsValue = (route.params ? exampleOf(route.params) : {}) as Record<string, unknown>;
  const params = field.part === 'params' ? (withTextAt(paramsValue, field.path, text) as Record<string, unknown>) : paramsValue;
  let url = route.url.replace(/:(\w+)/g, (_, name: string) => percentEncode(String(params[name] ?? 'some-id')));
  if (route.querystring) {
    const query = exampleOf(route.querystring) as Record<string, unknown>;
    url += `?${queryOf(field.part === 'querystring' ? (withTextAt(query, field.path, text) as Record<string, unknown>) : query)}`;
  }
  const headers = { origin: TEST_ORIGIN, cookie, 'accept-language': 'en' };
  if (route.multipartJson) {
    const json =
      field.part === 'multipart'
        ? withTextAt(exampleAlong(route.multipartJson, field.path), field.path, text)
        : exampleOf(route.multipartJson);
    const boundary = '----faxline-text-field';
    const payload = `--${boundary}\r\nContent-Disposition: form-data; name="request.json"\r\n\r\n${JSON.stringify(json)}\r\n--${boundary}--\r\n`;
    return {
      method: route.method as 'POST',
      url,
      headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    };
  }
  if (!route.body) return { method: route.method as 'GET', url, headers };
  const body = field.part === 'body' ? withTextAt(exampleAlong(route.body, field.path), field.path, text) : exampleOf(route.body);
  return {
    method: route.method as 'POST',
    url,
    headers: { ...headers, 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  };
}
