import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { defineJob } from '../../job-deps';
import { endAttempt } from '../end-attempt';
import { loadFax } from '../fax-state';
import { faxAttempts } from '../schema';

/** A try handed to a carrier that has not reported its end by the deadline: an outage, and the retry rules go on. */
export const carrierDeadlineJob = defineJob({
  name: 'faxes.carrier-deadline',
  schema: z.object({ faxId: z.uuid(), attempt: z.number().int().min(1) }),
  queue: { retryLimit: 5, retryDelay: 30 },
  pollingIntervalSeconds: 5,
  handler: async ({ faxId, attempt }, deps) => {
    const fax = await loadFax(deps.db, faxId);
    if (!fax) return;
    const [row] = await deps.db
      .select({ firstPage: faxAttempts.firstPage })
      .from(faxAttempts)
      .where(and(eq(faxAttempts.faxId, faxId), eq(faxAttempts.number, attempt)));
    const ended = await endAttempt(
      deps,
      { faxId, attempt, language: fax.language },
      {
        result: 'carrier_outage',
        pagesSent: 0,
        // The try keeps the page it began with (a retry's document started there).
        firstPage: row?.firstPage ?? 1,
        durationMs: 0,
        lineCode: 'carrier_deadline',
        detail: 'the carrier did not report the end of the fax in time',
      },
    );
    if (ended) deps.logger.warn({ faxId, attempt }, 'the carrier did not report the end of the fax in time; counted as a carrier outage');
  },
});
