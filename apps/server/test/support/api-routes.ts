import { ZPortingRequestForm, ZSendBroadcastRequest, ZSendFaxRequest } from '@faxline/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';

/** The subset of JSON Schema that zod's `toJSONSchema` writes for our contracts. */
export type JsonSchema = {
  type?: string | string[];
  const?: unknown;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  propertyNames?: JsonSchema;
  additionalProperties?: JsonSchema | boolean;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  /** `base64` on a file's content in a JSON body. */
  contentEncoding?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  default?: unknown;
};

/** Where a route takes input: a zod schema per part, as JSON Schema of what a client sends (zod's input side). */
export type ApiRoute = {
  method: string;
  url: string;
  body?: JsonSchema;
  querystring?: JsonSchema;
  params?: JsonSchema;
  /** Routes that read a multipart form themselves: the schema of its `request.json` part. */
  multipartJson?: JsonSchema;
  /** A multipart form as OpenAPI describes one: a field per property, `format: binary` ones as file parts. */
  form?: JsonSchema;
  /** The request headers the route reads (OpenAPI's header parameters: `Idempotency-Key`). */
  headers?: JsonSchema;
};

/**
 * Routes without a body schema that read a multipart form (spec 001 §3): the send form and its preview, whose
 * `request.json` part is checked with ZSendFaxRequest by the route itself; the porting form, with ZPortingRequestForm.
 */
const MULTIPART_FORMS: Record<string, z.ZodType> = {
  'POST /api/faxes': ZSendFaxRequest,
  'POST /api/faxes/preview': ZSendFaxRequest,
  'POST /api/porting-requests': ZPortingRequestForm,
  'POST /api/broadcasts': ZSendBroadcastRequest,
  'POST /api/broadcasts/quote': ZSendBroadcastRequest,
};

const isZod = (value: unknown): value is z.ZodType => typeof value === 'object' && value !== null && '_zod' in value;

export function jsonSchemaOf(schema: z.ZodType): JsonSchema {
  // Transforms and refinements have no JSON Schema: `any` keeps the shape around them.
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

/** Every /api route the router knows (or every route under another prefix: /v1/), HEAD being GET's twin, with the schemas of its input. */
export function apiRoutes(app: FastifyInstance, prefix = '/api/'): ApiRoute[] {
  const routes = app.routeList
    .filter((route) => route.url.startsWith(prefix))
    .flatMap((route) =>
      (Array.isArray(route.method) ? route.method : [route.method])
        .filter((method) => method !== 'HEAD')
        .map((method) => {
          const schema = (route.schema ?? {}) as Record<string, unknown>;
          const part = (name: string) => (isZod(schema[name]) ? { [name]: jsonSchemaOf(schema[name]) } : {});
          const form = MULTIPART_FORMS[`${method} ${route.url}`];
          return {
            method,
            url: route.url,
            ...part('body'),
            ...part('querystring'),
            ...part('params'),
            ...(form ? { multipartJson: jsonSchemaOf(form) } : {}),
          } satisfies ApiRoute;
        }),
    );
  for (const key of Object.keys(MULTIPART_FORMS).filter((form) => form.includes(` ${prefix}`))) {
    if (!routes.some((route) => `${route.method} ${route.url}` === key))
      throw new Error(`The multipart route ${key} is gone: update MULTIPART_FORMS`);
  }
  return routes;
}

export type TextField = { part: 'body' | 'querystring' | 'params' | 'multipart'; path: Array<string | number>; schema: JsonSchema };

/** Every place where a route takes text: string leaves of its schemas (not enums or constants), through unions. */
export function textFieldsOf(route: ApiRoute): TextField[] {
  const found: TextField[] = [];
  const parts = [
    ['body', route.body],
    ['querystring', route.querystring],
    ['params', route.params],
    ['multipart', route.multipartJson],
  ] as const;
  for (const [part, schema] of parts) {
    if (!schema) continue;
    const seen = new Set<string>();
    walkText(schema, [], (path, leaf) => {
      const key = JSON.stringify(path);
      if (seen.has(key)) return;
      seen.add(key);
      found.push({ part, path, schema: leaf });
    });
  }
  return found;
}

function walkText(schema: JsonSchema, path: Array<string | number>, visit: (path: Array<string | number>, leaf: JsonSchema) => void) {
  for (const option of [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])]) walkText(option, path, visit);
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  if (types.includes('string') && schema.const === undefined && schema.enum === undefined) visit(path, schema);
  for (const [key, property] of Object.entries(schema.properties ?? {})) walkText(property, [...path, key], visit);
  if (schema.items) walkText(schema.items, [...path, 0], visit);
  if (typeof schema.additionalProperties === 'object') {
    for (const key of schema.propertyNames?.enum ?? ['key']) walkText(schema.additionalProperties, [...path, String(key)], visit);
  }
}
