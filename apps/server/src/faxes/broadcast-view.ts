import {
  isInFlightFaxStatus,
  type TBroadcastCounts,
  type TBroadcastDetails,
  type TBroadcastRecipient,
  type TBroadcastSummary,
  type TOutboundFaxStatus,
} from '@faxline/shared';
import { and, asc, desc, eq, inArray, type SQL } from 'drizzle-orm';
import { seesAllFaxes } from '../accounts/membership';
import type { Database } from '../platform/db/client';
import { AppError } from '../platform/http/app-error';
import type { FaxActor, FaxRow } from './fax-access';
import { broadcasts, faxes, faxFiles } from './schema';

export type BroadcastRow = typeof broadcasts.$inferSelect;

/** How many broadcasts the list shows, newest first. */
const LISTED = 50;

/** The statuses "Retry the failed" sends again: the recipient did not get the whole fax. */
export const RETRYABLE_STATUSES = ['failed', 'partially_delivered'] as const satisfies readonly TOutboundFaxStatus[];
const isRetryable = (status: string) => (RETRYABLE_STATUSES as readonly string[]).includes(status);

/** Who may see a broadcast: as for its faxes (fax-access.ts), the owner and sub-admins all, a User their own. */
function visibleBroadcasts(actor: FaxActor): SQL {
  const ofAccount = eq(broadcasts.accountId, actor.member.accountId);
  return seesAllFaxes(actor.member) ? ofAccount : and(ofAccount, eq(broadcasts.userId, actor.user.id))!;
}

/** The broadcast, when this member may see it; otherwise 404, the same for another account's as for none. */
export async function accessibleBroadcast(db: Database, actor: FaxActor, id: string): Promise<BroadcastRow> {
  const [row] = await db
    .select()
    .from(broadcasts)
    .where(and(eq(broadcasts.id, id), visibleBroadcasts(actor)));
  if (!row) throw new AppError('not_found', 'errors.broadcastNotFound');
  return row;
}

/** Each recipient's latest fax of the broadcast (a retry's new fax stands for the recipient), and how many it was sent. */
export async function latestFaxesOf(db: Database, broadcastId: string): Promise<{ fax: FaxRow; sends: number }[]> {
  const rows = await db.select().from(faxes).where(eq(faxes.broadcastId, broadcastId)).orderBy(asc(faxes.createdAt), asc(faxes.id));
  const byNumber = new Map<string, { fax: FaxRow; sends: number }>();
  for (const fax of rows) byNumber.set(fax.toNumber, { fax, sends: (byNumber.get(fax.toNumber)?.sends ?? 0) + 1 });
  return [...byNumber.values()];
}

/** Where a recipient's status puts it in the view: what needs a person first. */
function rankOf(status: string): number {
  if (isRetryable(status)) return 0;
  if (isInFlightFaxStatus(status)) return 1;
  return status === 'canceled' ? 2 : 3;
}

function countsOf(statuses: readonly string[]): TBroadcastCounts {
  const counts = { total: statuses.length, waiting: 0, delivered: 0, failed: 0, canceled: 0 };
  for (const status of statuses) {
    if (isInFlightFaxStatus(status)) counts.waiting += 1;
    else if (status === 'delivered') counts.delivered += 1;
    else if (status === 'canceled') counts.canceled += 1;
    else counts.failed += 1;
  }
  return counts;
}

function toRecipient({ fax, sends }: { fax: FaxRow; sends: number }): TBroadcastRecipient {
  return {
    number: fax.toNumber,
    name: fax.recipientName,
    faxId: fax.id,
    status: fax.status as TOutboundFaxStatus,
    failureReason: fax.failureReason,
    retryReason: fax.retryReason,
    nextTryAt: fax.nextTryAt?.toISOString() ?? null,
    sends,
    updatedAt: fax.updatedAt.toISOString(),
  };
}

/** What the broadcast sends: the cover subject and the file names of its first fax (every fax has the same). */
async function contentsOf(db: Database, first: FaxRow | undefined) {
  if (!first) return { coverSubject: null, fileNames: [] };
  const files = await db.select({ name: faxFiles.name }).from(faxFiles).where(eq(faxFiles.faxId, first.id)).orderBy(asc(faxFiles.position));
  return { coverSubject: first.coverSubject, fileNames: files.map((file) => file.name) };
}

function summaryOf(
  row: BroadcastRow,
  contents: { coverSubject: string | null; fileNames: string[] },
  counts: TBroadcastCounts,
): TBroadcastSummary {
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    scheduledAt: row.scheduledAt?.toISOString() ?? null,
    canceledAt: row.canceledAt?.toISOString() ?? null,
    ...contents,
    counts,
  };
}

/** A broadcast and each recipient's status (GET /api/broadcasts/:id), read again at each refresh of its view. */
export async function getBroadcast(db: Database, actor: FaxActor, id: string): Promise<TBroadcastDetails> {
  const row = await accessibleBroadcast(db, actor, id);
  const latest = await latestFaxesOf(db, row.id);
  // The ones to act on first: failed, then on their way, canceled, delivered; by number within each.
  const recipients = latest.map(toRecipient).sort((a, b) => rankOf(a.status) - rankOf(b.status) || a.number.localeCompare(b.number));
  const counts = countsOf(recipients.map((r) => r.status));
  const first = latest[0]?.fax;
  return {
    ...summaryOf(row, await contentsOf(db, first), counts),
    recipients,
    finished: counts.waiting === 0,
    retryable: recipients.filter((r) => isRetryable(r.status)).length,
    cancelable: latest.some(
      ({ fax }) => fax.status === 'queued' || fax.status === 'scheduled' || (fax.status === 'sending' && fax.nextTryAt !== null),
    ),
  };
}

/** The member's broadcasts, newest first, each with its recipients counted (GET /api/broadcasts). */
export async function listBroadcasts(db: Database, actor: FaxActor): Promise<TBroadcastSummary[]> {
  const rows = await db
    .select()
    .from(broadcasts)
    .where(visibleBroadcasts(actor))
    .orderBy(desc(broadcasts.createdAt), desc(broadcasts.id))
    .limit(LISTED);
  if (rows.length === 0) return [];
  const all = await db
    .select()
    .from(faxes)
    .where(
      inArray(
        faxes.broadcastId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(faxes.createdAt), asc(faxes.id));
  const latest = new Map<string, Map<string, FaxRow>>();
  for (const fax of all) {
    const ofBroadcast = latest.get(fax.broadcastId!) ?? new Map<string, FaxRow>();
    ofBroadcast.set(fax.toNumber, fax);
    latest.set(fax.broadcastId!, ofBroadcast);
  }
  return Promise.all(
    rows.map(async (row) => {
      const ofBroadcast = [...(latest.get(row.id)?.values() ?? [])];
      return summaryOf(row, await contentsOf(db, ofBroadcast[0]), countsOf(ofBroadcast.map((fax) => fax.status)));
    }),
  );
}
