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

async function request<T>(method: string, path: string, body: unknown, schema: ZodType<T>): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': i18n.language };
  if (body !== undefined) headers['Content-Type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(`/api${path}`, {
      method,
      headers,
      credentials: 'include',
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiError('network_error', i18n.t('errors:api.network'), 0);
  }

  const json: unknown = await readJson(response);
  if (!response.ok) {
    const parsed = ZApiError.safeParse(json);
    // A proxy or crash can answer without our error body; still throw an ApiError, never a parse error.
    if (!parsed.success) throw new ApiError('unknown_error', i18n.t('errors:api.unknown'), response.status);
    const { type, message, requestId } = parsed.data.error;
    throw new ApiError(type, message, response.status, requestId);
  }
  return schema.parse(json);
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
