import type { ApiRoute, JsonSchema } from './api-routes';

// The routes of an OpenAPI 3.1 document (the one /v1 serves) with the JSON Schemas of their input, in the shape the
// generated requests are built from (`requestsFor`): what a developer reads is what the battery sends (decision 136).

type Parameter = { in: 'query' | 'path' | 'header' | 'cookie'; name: string; required?: boolean; schema?: JsonSchema };
type Operation = {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
};
export type OpenApiDocument = {
  servers?: Array<{ url: string }>;
  paths: Record<string, Record<string, Operation>>;
};

const METHODS = new Set(['get', 'put', 'post', 'delete', 'patch']);

/** Every operation of the document as a route (`/v1/faxes/:fax_id`), its `$ref`s resolved. */
export function documentRoutes(document: OpenApiDocument): ApiRoute[] {
  const resolved = withRefsResolved(document, document) as OpenApiDocument;
  const base = resolved.servers?.[0]?.url ?? '';
  return Object.entries(resolved.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => METHODS.has(method))
      .map(([method, operation]) => {
        const parameters = operation.parameters ?? [];
        const content = operation.requestBody?.content ?? {};
        const json = content['application/json']?.schema;
        const form = content['multipart/form-data']?.schema;
        return {
          method: method.toUpperCase(),
          url: `${base}${path.replace(/\{(\w+)\}/g, ':$1')}`,
          ...parametersIn(parameters, 'path', 'params'),
          ...parametersIn(parameters, 'query', 'querystring'),
          ...parametersIn(parameters, 'header', 'headers'),
          ...(json ? { body: json } : {}),
          ...(form ? { form } : {}),
        } satisfies ApiRoute;
      }),
  );
}

/** The parameters of one place (`in`) as one object schema, the required ones required. */
function parametersIn(parameters: Parameter[], place: Parameter['in'], part: 'params' | 'querystring' | 'headers') {
  const here = parameters.filter((parameter) => parameter.in === place);
  if (here.length === 0) return {};
  const schema: JsonSchema = {
    type: 'object',
    properties: Object.fromEntries(here.map((parameter) => [parameter.name, parameter.schema ?? {}])),
    required: here.filter((parameter) => parameter.required || place === 'path').map((parameter) => parameter.name),
  };
  return { [part]: schema };
}

/** The document with every local `$ref` (`#/components/schemas/…`) replaced by what it names; a cycle stops at `{}`. */
function withRefsResolved(value: unknown, document: unknown, following: ReadonlySet<string> = new Set()): unknown {
  if (Array.isArray(value)) return value.map((item) => withRefsResolved(item, document, following));
  if (value === null || typeof value !== 'object') return value;
  const { $ref, ...rest } = value as Record<string, unknown>;
  if (typeof $ref === 'string') {
    if (following.has($ref)) return {};
    const target = pointerTarget(document, $ref);
    return withRefsResolved({ ...(target as object), ...rest }, document, new Set([...following, $ref]));
  }
  return Object.fromEntries(Object.entries(rest).map(([key, item]) => [key, withRefsResolved(item, document, following)]));
}

function pointerTarget(document: unknown, ref: string): unknown {
  if (!ref.startsWith('#/')) throw new Error(`Only local references are followed: ${ref}`);
  let target = document;
  for (const token of ref.slice(2).split('/')) {
    target = (target as Record<string, unknown> | undefined)?.[token.replace(/~1/g, '/').replace(/~0/g, '~')];
    if (target === undefined) throw new Error(`${ref} names nothing in the document`);
  }
  return target;
}
