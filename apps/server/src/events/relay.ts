import type { TRecordedFaxEventType } from '@faxline/shared';
import { sql } from 'drizzle-orm';
import type { Database } from '../platform/db/client';
import type { DatabaseNotifications } from '../platform/db/notifications';
import { inTransaction } from '../platform/db/transaction';
import type { Logger } from '../platform/logger';
import type { Queue } from '../platform/queue/define-job';
import type { WorkerJob } from '../job-deps';

/** The channel the outbox trigger notifies at the commit of every fax event (migration 0021). */
export const FAX_EVENTS_CHANNEL = 'faxline_fax_events';
/** Events handed over per transaction: a burst is relayed in batches, each committed on its own. */
const BATCH = 100;
/** The relay also looks this often: the fallback when a notification was missed. */
const POLL_MS = 2_000;
/**
 * Under a steady flow of events (the last batch relayed something less than this long ago), a notification waits
 * this long before relaying, so that the events of several faxes share one batch: each batch costs its statements
 * (take, ask who wants them, mark) whatever its size, and one event at a time was most of the relay's work under load.
 * An idle relay answers the first event at once.
 */
const GATHER_MS = 250;
const BUSY_WITHIN_MS = 1_000;

/** An event as the relay takes it from the outbox. */
export type RelayedEvent = { id: string; type: TRecordedFaxEventType; accountId: string };

/**
 * A consumer of fax events: the job that handles one event (payload `{ eventId }`), the event types it wants, and,
 * where whether anyone wants an event depends on its account (webhooks: an endpoint subscribed to it), the ones of a
 * batch it wants, asked once per batch by the capability that owns the answer: a job per event that ends by finding
 * nobody to tell is a job's queries and locks spent on nothing.
 */
export type FaxEventConsumer = {
  job: WorkerJob;
  wants: (type: TRecordedFaxEventType) => boolean;
  wanted?: (db: Database, events: readonly RelayedEvent[]) => Promise<ReadonlySet<string>>;
};

/**
 * Hands the outbox's new events to their consumers: in one transaction, takes a batch that no other relay holds,
 * queues one job per consumer and event (with an id made from both, so a batch relayed twice queues nothing twice),
 * and marks the batch dispatched. Returns how many events it relayed.
 */
export async function relayFaxEvents(db: Database, queue: Queue, consumers: readonly FaxEventConsumer[]): Promise<number> {
  return inTransaction(db, async (tx, client) => {
    const { rows } = await tx.execute<RelayedEvent>(sql`
      SELECT id, type, account_id AS "accountId" FROM fax_events WHERE dispatched_at IS NULL
      ORDER BY created_at LIMIT ${BATCH} FOR UPDATE SKIP LOCKED`);
    for (const consumer of consumers) {
      const typed = rows.filter((event) => consumer.wants(event.type));
      const wanted = consumer.wanted && typed.length > 0 ? await consumer.wanted(tx, typed) : undefined;
      for (const event of typed)
        if (!wanted || wanted.has(event.id))
          await queue.send(consumer.job, { eventId: event.id }, { transaction: client, dedupeKey: event.id });
    }
    if (rows.length > 0)
      await tx.execute(
        sql`UPDATE fax_events SET dispatched_at = now() WHERE id IN (${sql.join(
          rows.map((row) => sql`${row.id}::uuid`),
          sql`, `,
        )})`,
      );
    return rows.length;
  });
}

/**
 * The relay of a worker process: runs when the trigger's notification arrives, and every 2 s as a fallback. Several
 * workers may relay at once; each takes other rows (SKIP LOCKED).
 */
export function startFaxEventRelay(deps: {
  db: Database;
  queue: Queue;
  notifications?: DatabaseNotifications;
  consumers: readonly FaxEventConsumer[];
  logger: Logger;
}): { stop: () => Promise<void> } {
  const logger = deps.logger.child({ component: 'fax-event-relay' });
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = false;
  let lastRelayedAt = 0;

  const relayBatches = async () => {
    let relayed: number;
    do {
      relayed = await relayFaxEvents(deps.db, deps.queue, deps.consumers);
      if (relayed > 0) lastRelayedAt = Date.now();
    } while (!stopped && relayed === BATCH);
  };
  const drain = async () => {
    do {
      again = false;
      if (Date.now() - lastRelayedAt < BUSY_WITHIN_MS) await new Promise((resolve) => setTimeout(resolve, GATHER_MS));
      if (stopped) break;
      try {
        await relayBatches();
      } catch (error) {
        logger.error({ err: error }, 'relaying fax events failed; trying again at the next poll');
      }
    } while (again && !stopped);
  };
  const kick = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = drain().finally(() => (running = undefined));
  };

  const unsubscribe = deps.notifications?.subscribe(FAX_EVENTS_CHANNEL, kick);
  const timer = setInterval(kick, POLL_MS);
  timer.unref();
  kick();
  return {
    stop: async () => {
      stopped = true;
      unsubscribe?.();
      clearInterval(timer);
      await running;
    },
  };
}
