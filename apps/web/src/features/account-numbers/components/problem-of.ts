import { ApiError } from '@/lib/api-client';

/** The server's translated reason for a refusal (the first field's, for a request that failed validation), or `unknown`. */
export function problemOf(error: unknown, unknown: string): string {
  if (!(error instanceof ApiError)) return unknown;
  return error.issues?.[0]?.message ?? error.message;
}
