import { ApiError } from '@/lib/api-client';

/** What to say of a refusal: the field's own message when the server named one (a reason too long), else its message. */
export function refusalOf(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError)) return fallback;
  return error.issues?.[0]?.message ?? error.message;
}
