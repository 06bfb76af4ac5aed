import { ApiError } from '@/lib/api-client';

/** The server's message (already translated, e.g. a username already taken), or `fallback` when it gave none. */
export function failureMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.type !== 'unknown_error' ? error.message : fallback;
}
