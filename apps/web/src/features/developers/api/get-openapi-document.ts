import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';

/** Where the server publishes the public API's OpenAPI document: the reference renders what runs. */
export const OPENAPI_DOCUMENT_PATH = '/v1/openapi.json';

// Enough to know it is an OpenAPI document; the renderer reads the rest.
const ZOpenApiDocument = z.looseObject({ openapi: z.string(), info: z.looseObject({}), paths: z.looseObject({}) });
export type TOpenApiDocument = z.infer<typeof ZOpenApiDocument>;

/** GET /v1/openapi.json: public, no key needed. Any failure (no server, 404, not a document) is an error to show. */
export async function getOpenApiDocument(): Promise<TOpenApiDocument> {
  const response = await fetch(OPENAPI_DOCUMENT_PATH, { headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`GET ${OPENAPI_DOCUMENT_PATH} answered ${response.status}`);
  return ZOpenApiDocument.parse(await response.json());
}

export const openApiDocumentQueryOptions = () =>
  queryOptions({ queryKey: ['developers', 'openapi-document'], queryFn: getOpenApiDocument, retry: 1, staleTime: 5 * 60_000 });

export function useOpenApiDocument() {
  return useQuery(openApiDocumentQueryOptions());
}
