import { z } from 'zod';

import { apiSend } from '@/lib/api-client';

/** POST /api/billing/cancel: the subscription ends at its period's end, nothing else to fill in; undone until then. */
export function cancelSubscription(): Promise<void> {
  return apiSend('POST', '/billing/cancel', undefined, z.undefined());
}

/** POST /api/billing/cancel/undo: the cancelled subscription renews again as before. */
export function undoCancellation(): Promise<void> {
  return apiSend('POST', '/billing/cancel/undo', undefined, z.undefined());
}
