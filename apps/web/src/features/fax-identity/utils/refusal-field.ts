import { ApiError } from '@/lib/api-client';

import { fieldOfPath, type TIdentityField } from './fax-identity-checks';

/**
 * Which field a refusal of the server belongs to, with its (already translated) message; `field` is null when the
 * refusal names no field (a number that is no longer the account's): the form shows it. Null for no refusal at all (no
 * connection, a failure of the server, no permission): those are for a toast alone.
 */
export function refusalOf(error: unknown): { field: TIdentityField | null; message: string } | null {
  if (!(error instanceof ApiError) || error.status < 400 || error.status >= 500 || error.status === 403) return null;
  const issue = error.issues?.[0];
  return { field: issue ? fieldOfPath(issue.path.split('.')) : null, message: issue?.message ?? error.message };
}
