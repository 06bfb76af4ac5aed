import { faxEventJobKey, loadFaxEvent, ZFaxEventJob } from '../events/fax-event';
import { faxToExport } from '../faxes/fax-records';
import type { RelayedEvent } from '../events/relay';
import { defineJob } from '../job-deps';
import type { Database } from '../platform/db/client';
import { inTransaction } from '../platform/db/transaction';
import { accountsSendingAutomatically, fhirConnectionOf } from './connections';
import { queueFirstTry } from './export-fax';
import { fhirExports } from './schema';

/** The events of a batch whose account sends its faxes to its FHIR server once classified: the relay queues only those. */
export async function eventsOfAutomaticFhirAccounts(db: Database, events: readonly RelayedEvent[]): Promise<ReadonlySet<string>> {
  const sending = await accountsSendingAutomatically(
    db,
    events.map((event) => event.accountId),
  );
  return new Set(events.filter((event) => sending.has(event.accountId)).map((event) => event.id));
}

/** The events after which a received fax may be classified: its class found, or its filing by the routing rules. */
export const EXPORT_AFTER = ['fax.classified', 'fax.received'] as const;

/**
 * Consumer of `fax.classified` (decision 105): a received fax whose class Faxline found goes to the account's FHIR
 * server, when the account asked for it. A fax that waited for the routing rules was read before it was filed, and its
 * class comes with its `fax.received` instead (decision 104): that event sends it when it has one. Once per fax: a class found again, or corrected by a member, finds its
 * export made and adds nothing (a member sends it again from the fax's details).
 */
export const fhirExportClassifiedJob = defineJob({
  name: 'fhir.export-classified',
  schema: ZFaxEventJob,
  queue: { retryLimit: 5, retryDelay: 10, retryBackoff: true },
  exclusiveKey: faxEventJobKey('fhir.export-classified'),
  handler: async ({ eventId }, { db, queue }) => {
    const event = await loadFaxEvent(db, eventId);
    if (!event) return;
    if (event.type === 'fax.received' && !(await faxToExport(db, event.faxId))?.documentClass) return;
    // Turned off since the event was relayed: nothing is sent.
    const connection = await fhirConnectionOf(db, event.accountId);
    if (!connection?.enabled || !connection.sendAutomatically) return;
    await inTransaction(db, async (tx, client) => {
      const [made] = await tx
        .insert(fhirExports)
        .values({ faxId: event.faxId, accountId: event.accountId })
        .onConflictDoNothing({ target: fhirExports.faxId })
        .returning({ id: fhirExports.id });
      if (made) await queueFirstTry(queue, client, made.id);
    });
  },
});
