import type { TLanguage } from '@faxline/shared';
import { z } from 'zod';
import { translator } from '../../platform/i18n/i18n';
import { defineJob } from '../../job-deps';
import { failFax, loadFax } from '../fax-state';

/**
 * The dead-letter queue of the fax steps: a prepare or transmit job that failed every retry (its worker kept dying,
 * the database kept failing) lands here, and the fax ends failed with a reason instead of waiting forever.
 */
export const giveUpFaxJob = defineJob({
  name: 'faxes.give-up',
  schema: z.looseObject({ faxId: z.uuid() }),
  queue: { retryLimit: 10, retryDelay: 30, retryBackoff: true },
  exclusiveKey: ({ faxId }) => faxId,
  handler: async ({ faxId }, { db, logger }) => {
    const fax = await loadFax(db, faxId);
    if (!fax) return;
    const t = translator(fax.language as TLanguage);
    const sending = fax.status === 'sending';
    const failed = await failFax(
      db,
      faxId,
      sending ? ['sending'] : ['queued', 'scheduled', 'converting'],
      sending ? 'line_quality' : 'conversion_error',
      t(sending ? 'faxes.line_quality' : 'faxes.renderFailed'),
    );
    if (failed) logger.error({ faxId, status: fax.status }, 'fax step failed every retry; the fax ends failed');
  },
});
