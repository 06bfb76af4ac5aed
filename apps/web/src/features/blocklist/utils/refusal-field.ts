import { ApiError } from '@/lib/api-client';

import type { TBlocklistField } from './blocklist-checks';

/**
 * Which field a refusal of the server belongs to, with its (already translated) message: the note when the server
 * named it, the number otherwise (a bad prefix, one already listed, a full list). Null when no field is at fault
 * (no connection, a server failure): those are for a toast alone.
 */
export function fieldOfRefusal(error: unknown): { field: TBlocklistField; message: string } | null {
  if (!(error instanceof ApiError) || error.status < 400 || error.status >= 500 || error.status === 403) return null;
  const issue = error.issues?.[0];
  const field = issue?.path.split('.').at(-1) === 'note' ? 'note' : 'prefix';
  return { field, message: issue?.message ?? error.message };
}
