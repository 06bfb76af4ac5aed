import { ZSessionResponse, type TSessionResponse } from '@faxline/shared';

import { apiGet } from '@/lib/api-client';

// Its query options live in ../session-query.ts, which imports this file lazily (see there).

/** GET /api/auth/session: the current session, or `{ session: null }` when signed out. */
export function getSession(): Promise<TSessionResponse> {
  return apiGet('/auth/session', ZSessionResponse);
}
