import { z } from 'zod';
import { defineJob } from '../../job-deps';
import type { Queue } from '../../platform/queue/define-job';
import { clearIfZeroFootprint, sweepZeroFootprint } from '../zero-footprint';

/** Checks of one fax while its deliveries are still going: later each time (1 s, 2 s, 4 s, ... up to 5 min), 16 of them. */
const MAX_CHECKS = 16;
const delayOf = (check: number) => Math.min(2 ** check, 300);

const ZZeroFootprintJob = z
  .object({
    /** The fax to check now; absent for the schedule's sweep over every zero-footprint account. */
    faxId: z.uuid().optional(),
    /** Which check of the fax this is (0 the first). */
    check: z.number().int().min(0).max(MAX_CHECKS).optional(),
  })
  .strict();

/**
 * Zero-footprint mode (decision 108): with a fax, clears its content if it is final, its deliveries are out and (a
 * received fax) it was downloaded, or looks again later while they are still going; with none (every 5 minutes), the
 * sweep that catches what a check missed.
 */
export const zeroFootprintJob = defineJob({
  name: 'retention.zero-footprint',
  schema: ZZeroFootprintJob,
  cron: '*/5 * * * *',
  queue: { retryLimit: 3, retryDelay: 30, retryBackoff: true, expireInSeconds: 900 },
  pollingIntervalSeconds: 1,
  exclusiveKey: ({ faxId }) => `retention.zero-footprint:${faxId ?? 'sweep'}`,
  handler: async ({ faxId, check = 0 }, { db, files, queue, logger }) => {
    if (!faxId) {
      const cleared = await sweepZeroFootprint({ db, files });
      if (cleared > 0) logger.info({ cleared }, 'zero-footprint sweep: content of faxes deleted');
      return;
    }
    const outcome = await clearIfZeroFootprint({ db, files }, faxId);
    if (outcome === 'waiting' && check < MAX_CHECKS) await checkZeroFootprintLater(queue, faxId, check + 1);
  },
});

/** Queues a check of the fax (`check` 0: as soon as a worker takes it). */
export async function checkZeroFootprintLater(queue: Queue, faxId: string, check = 0): Promise<void> {
  await queue.send(
    zeroFootprintJob,
    { faxId, check },
    { dedupeKey: `${faxId}:${check}`, ...(check > 0 ? { startAfter: delayOf(check - 1) } : {}) },
  );
}
