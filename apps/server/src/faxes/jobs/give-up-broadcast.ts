import type { TLanguage } from '@faxline/shared';
import { and, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { defineJob } from '../../job-deps';
import { translator } from '../../platform/i18n/i18n';
import { failFax } from '../fax-state';
import { faxes } from '../schema';

/**
 * The dead-letter queue of a broadcast's rendering: when it failed every retry, the broadcast's faxes that never
 * reached the line end failed with a reason instead of waiting forever (as faxes.give-up does for one fax).
 */
export const giveUpBroadcastJob = defineJob({
  name: 'faxes.give-up-broadcast',
  schema: z.looseObject({ broadcastId: z.uuid() }),
  queue: { retryLimit: 10, retryDelay: 30, retryBackoff: true },
  exclusiveKey: ({ broadcastId }) => `broadcast:${broadcastId}`,
  handler: async ({ broadcastId }, { db, logger }) => {
    const stuck = await db
      .select({ id: faxes.id, language: faxes.language })
      .from(faxes)
      .where(and(eq(faxes.broadcastId, broadcastId), inArray(faxes.status, ['queued', 'scheduled', 'converting'])));
    for (const fax of stuck)
      await failFax(
        db,
        fax.id,
        ['queued', 'scheduled', 'converting'],
        'conversion_error',
        translator(fax.language as TLanguage)('faxes.renderFailed'),
      );
    if (stuck.length > 0)
      logger.error({ broadcastId, faxes: stuck.length }, 'broadcast rendering failed every retry; its faxes end failed');
  },
});
