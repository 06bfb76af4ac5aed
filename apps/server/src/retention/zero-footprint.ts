import { isInFlightFaxStatus } from '@faxline/shared';
import { objectsWithPlainAction, objectsWithPlainActionSince } from '../audit/objects-with-action';
import { eventsOfFax } from '../events/events-of-fax';
import { faxesKeepingContent, faxForRetention, keepingContent } from '../faxes/fax-content';
import { clock } from '../platform/clock';
import { pendingJobsAbout } from '../platform/queue/pending-jobs';
import { pendingMessagesOf } from '../webhooks/pending-messages';
import { clearFaxContent, type ClearDeps } from './clear-content';
import { activeHoldsOf, heldBy } from './holds';
import { zeroFootprintAccounts } from './policy';

/** The queues whose jobs are zero-footprint's own: its checks never wait for themselves. */
export const ZERO_FOOTPRINT_QUEUES = ['retention.zero-footprint', 'retention.fax-ended'] as const;

export type ZeroFootprintOutcome = 'cleared' | 'waiting' | 'kept';

/**
 * Whether everything the fax's events set going is over (decision 108): every event handed to its consumers, no job
 * still to run about the fax or its events (the e-mails, the webhooks' fan-out, reading, routing), and no webhook
 * message with tries left. An e-mail or a webhook given up counts as out: nothing will ever need the content again.
 */
export async function deliveriesOut(deps: Pick<ClearDeps, 'db'>, faxId: string): Promise<boolean> {
  const events = await eventsOfFax(deps.db, faxId);
  if (events.some((event) => !event.dispatched)) return false;
  const eventIds = events.map((event) => event.id);
  const [jobs, messages] = await Promise.all([
    pendingJobsAbout(deps.db, { faxId, eventIds, exceptQueues: ZERO_FOOTPRINT_QUEUES }),
    pendingMessagesOf(deps.db, eventIds),
  ]);
  return jobs === 0 && messages === 0;
}

/**
 * Zero-footprint mode for one fax: its content goes once the fax is final and its deliveries are out, and, for a
 * received fax, once its document was downloaded (the first download is its one use). A fax on hold, of an account not
 * in the mode, or not yet downloaded is kept ('kept'); one whose deliveries are still going is 'waiting'.
 */
export async function clearIfZeroFootprint(deps: ClearDeps, faxId: string): Promise<ZeroFootprintOutcome> {
  const fax = await faxForRetention(deps.db, faxId);
  if (!fax || fax.contentDeletedAt) return 'kept';
  if ((await zeroFootprintAccounts(deps.db, [fax.accountId])).length === 0) return 'kept';
  if (isInFlightFaxStatus(fax.status)) return 'waiting';
  if (fax.direction === 'inbound' && !(await objectsWithPlainAction(deps.db, 'fax', [faxId], 'fax.download')).has(faxId)) return 'kept';
  if (!(await deliveriesOut(deps, faxId))) return 'waiting';
  return (await clearFaxContent(deps, faxId, { cause: 'zero_footprint' })) ? 'cleared' : 'kept';
}

const SWEEP_BATCH = 200;
/** How far back the sweep looks for received faxes' downloads: far beyond its own period, for a worker down a while. */
const DOWNLOADS_LOOKED_BACK_MS = 2 * 24 * 60 * 60 * 1000;

/**
 * The sweep behind the immediate checks (a worker that died between a fax's end and its check, a download through the
 * public API): in every zero-footprint account not on hold, the sent faxes that still keep content and the received
 * ones downloaded lately are checked again. Returns how many it cleared.
 */
export async function sweepZeroFootprint(deps: ClearDeps): Promise<number> {
  const now = clock.now();
  let cleared = 0;
  for (const accountId of await zeroFootprintAccounts(deps.db)) {
    const held = heldBy(await activeHoldsOf(deps.db, accountId));
    if (held.whole) continue;
    const sent = await faxesKeepingContent(
      deps.db,
      {
        accountId,
        createdBefore: now,
        inbox: { except: [] },
        exceptFaxIds: held.faxIds,
        exceptNumbers: held.numbers,
        direction: 'outbound',
      },
      SWEEP_BATCH,
    );
    const downloaded = await objectsWithPlainActionSince(deps.db, {
      accountId,
      objectType: 'fax',
      action: 'fax.download',
      since: new Date(now.getTime() - DOWNLOADS_LOOKED_BACK_MS),
    });
    for (const id of [...sent, ...(await keepingContent(deps.db, downloaded))])
      if ((await clearIfZeroFootprint(deps, id)) === 'cleared') cleared += 1;
  }
  return cleared;
}
