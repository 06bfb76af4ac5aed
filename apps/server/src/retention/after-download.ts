import type { Database } from '../platform/db/client';
import type { Queue } from '../platform/queue/define-job';
import { faxForRetention } from '../faxes/fax-content';
import { checkZeroFootprintLater } from './jobs/zero-footprint-job';
import { zeroFootprintAccounts } from './policy';

/**
 * What the portal's download of a fax's document sets going (RouteDeps.faxDocumentDownloaded): in a zero-footprint
 * account, a received fax's first download is its one use, so its check is queued at once (decision 108). The sweep
 * finds what this misses (a process that stopped before queueing, a download through the public API).
 */
export function zeroFootprintAfterDownload(deps: { db: Database; queue: Queue }) {
  return async (faxId: string): Promise<void> => {
    const fax = await faxForRetention(deps.db, faxId);
    if (!fax || fax.direction !== 'inbound' || fax.contentDeletedAt) return;
    if ((await zeroFootprintAccounts(deps.db, [fax.accountId])).length === 0) return;
    await checkZeroFootprintLater(deps.queue, faxId);
  };
}
