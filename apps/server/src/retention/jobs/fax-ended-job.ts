import type { TRecordedFaxEventType } from '@faxline/shared';
import { faxEventJobKey, loadFaxEvent, ZFaxEventJob } from '../../events/fax-event';
import type { RelayedEvent } from '../../events/relay';
import { defineJob } from '../../job-deps';
import type { Database } from '../../platform/db/client';
import { zeroFootprintAccounts } from '../policy';
import { checkZeroFootprintLater } from './zero-footprint-job';

/** The events after which a sent fax is final: its content may go in zero-footprint mode once its deliveries are out. */
export const ZERO_FOOTPRINT_AFTER = [
  'fax.delivered',
  'fax.partially_delivered',
  'fax.failed',
  'fax.canceled',
] as const satisfies readonly TRecordedFaxEventType[];

/** The events of a batch whose account is in zero-footprint mode: the relay queues only those. */
export async function eventsOfZeroFootprintAccounts(db: Database, events: readonly RelayedEvent[]): Promise<ReadonlySet<string>> {
  const accounts = new Set(await zeroFootprintAccounts(db, [...new Set(events.map((event) => event.accountId))]));
  return new Set(events.filter((event) => accounts.has(event.accountId)).map((event) => event.id));
}

/**
 * Consumer of a sent fax's final event in a zero-footprint account: its first check, a second after, by when the other
 * consumers of the same event have usually run (the check looks again later while they have not).
 */
export const faxEndedJob = defineJob({
  name: 'retention.fax-ended',
  schema: ZFaxEventJob,
  queue: { retryLimit: 5, retryDelay: 10, retryBackoff: true },
  exclusiveKey: faxEventJobKey('retention.fax-ended'),
  handler: async ({ eventId }, { db, queue }) => {
    const event = await loadFaxEvent(db, eventId);
    if (event) await checkZeroFootprintLater(queue, event.faxId, 1);
  },
});
