import { ZOk } from '@faxline/shared';

import { ApiError, apiSend } from '@/lib/api-client';

/**
 * POST /api/auth/sign-out. A 401 means there was no session to end (the spec's 'Auth session missing!'): the person
 * is signed out either way, so it counts as success. Used by the auth provider, which loads this file lazily.
 */
export async function signOut(): Promise<void> {
  try {
    await apiSend('POST', '/auth/sign-out', undefined, ZOk);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return;
    throw error;
  }
}
