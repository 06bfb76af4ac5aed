import { ZApiError } from '@faxline/shared';
import type { ZodType } from 'zod';

import { i18n } from './i18n';

/** A failed API call: `type` for code to branch on, `message` (already translated by the server) for people. */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly type: string,
    message: string,
    /** HTTP status; 0 when the server could not be reached. */
    readonly status: number,
    readonly requestId?: string,
    /** Field-level problems of a request that failed validation (ZApiError `issues`). */
    readonly issues?: ReadonlyArray<{ path: string; message: string }>,
    /** The exact case (the message's key, ZApiError `code`), for code that must tell cases of one `type` apart. */
    readonly code?: string,
  ) {
    super(message);
  }
}

type TMethod = 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export function apiGet<T>(path: string, schema: ZodType<T>): Promise<T> {
  return request('GET', path, undefined, schema);
}

export function apiSend<T>(method: TMethod, path: string, body: unknown, schema: ZodType<T>): Promise<T> {
  return request(method, path, body, schema);
}

/**
 * Sends a multipart form (file uploads). The browser sets the content type with its boundary, so none is set here;
 * `headers` adds request headers such as `Idempotency-Key`.
 */
export function apiSendForm<T>(path: string, form: FormData, schema: ZodType<T>, headers: Record<string, string> = {}): Promise<T> {
  return request('POST', path, form, schema, headers);
}

/** Sends a file as the whole request body (`curl --data-binary`), under the content type the server parses it by. */
export function apiSendFile<T>(path: string, file: Blob, contentType: string, schema: ZodType<T>): Promise<T> {
  return request('POST', path, file, schema, { 'Content-Type': contentType });
}

/** A file download (a PDF, an image): the bytes and the file name the server gives in Content-Disposition. */
export async function apiGetFile(path: string): Promise<{ blob: Blob; fileName: string | null }> {
  const response = await call('GET', path, undefined, {});
  if (!response.ok) throw await errorOf(response);
  return { blob: await response.blob(), fileName: fileNameOf(response.headers.get('content-disposition')) };
}

async function request<T>(
  method: string,
  path: string,
  body: unknown,
  schema: ZodType<T>,
  extraHeaders: Record<string, string> = {},
): Promise<T> {
  const response = await call(method, path, body, extraHeaders);
  if (!response.ok) throw await errorOf(response);
  return schema.parse(await readJson(response));
}

async function call(method: string, path: string, body: unknown, extraHeaders: Record<string, string>): Promise<Response> {
  // A form or a file goes as it is, with the content type the browser (form) or the caller (file) gives.
  const isRaw = body instanceof FormData || body instanceof Blob;
  const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': i18n.language, ...extraHeaders };
  if (body !== undefined && !isRaw) headers['Content-Type'] = 'application/json';
  try {
    return await fetch(`/api${path}`, {
      method,
      headers,
      credentials: 'include',
      body: body === undefined ? undefined : isRaw ? body : JSON.stringify(body),
    });
  } catch {
    throw new ApiError('network_error', i18n.t('errors:api.network'), 0);
  }
}

async function errorOf(response: Response): Promise<ApiError> {
  const parsed = ZApiError.safeParse(await readJson(response));
  // A proxy or crash can answer without our error body; still throw an ApiError, never a parse error.
  if (!parsed.success) return new ApiError('unknown_error', i18n.t('errors:api.unknown'), response.status);
  const { type, message, requestId, issues, code } = parsed.data.error;
  return new ApiError(type, message, response.status, requestId, issues, code);
}

function fileNameOf(disposition: string | null): string | null {
  return disposition?.match(/filename="?([^";]+)"?/i)?.[1] ?? null;
}

// 204 and empty bodies parse as undefined; a schema such as z.undefined() accepts them.
async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
