import type { TFaxTimeline } from '@faxline/shared';
import { auditTrailOf } from '../audit/record-audit-event';
import { peopleNamed } from '../auth/people';
import { inboxNamesOf } from '../inboxes/inboxes';
import type { Database } from '../platform/db/client';
import { accessibleFax, type FaxActor } from './fax-access';

/** What a fax's timeline leaves out of its audit rows: looking at it is not a change to it. */
const NOT_ON_TIMELINE = ['fax.view', 'fax.download', 'fax.text'] as const;

/** The ids of inboxes and people an entry's details name: the placement's before and after, the rule's choices. */
function idsNamedIn(details: Record<string, unknown>): string[] {
  const ids: unknown[] = [];
  for (const key of ['inboxId', 'assigneeId']) {
    const value = details[key];
    if (value && typeof value === 'object') ids.push((value as { from?: unknown }).from, (value as { to?: unknown }).to);
    else ids.push(value);
  }
  return ids.filter((id): id is string => typeof id === 'string' && /^[\w-]{1,64}$/.test(id));
}

/**
 * A fax's timeline (decision 103): what was done to it and by whom, from its audit rows (the rule that placed it, each
 * move, claim and label, its class corrected, pages asked for again, its export to an EHR), oldest first.
 */
export async function faxTimeline(db: Database, actor: FaxActor, id: string): Promise<TFaxTimeline> {
  const fax = await accessibleFax(db, actor, id, 'fax.view');
  const rows = await auditTrailOf(db, 'fax', fax.id, NOT_ON_TIMELINE);
  const named = rows.flatMap((row) => idsNamedIn(row.details ?? {}));
  const personIds = [...new Set([...rows.flatMap((row) => (row.actorUserId ? [row.actorUserId] : [])), ...named])];
  const names = new Map([
    ...(await peopleNamed(db, personIds)).map((person) => [person.id, person.name] as const),
    ...(await inboxNamesOf(db, fax.accountId, named)),
  ]);
  return {
    entries: rows.map((row) => ({
      at: row.at.toISOString(),
      action: row.action,
      outcome: row.outcome,
      actorName: row.actorUserId ? (names.get(row.actorUserId) ?? null) : null,
      details: row.details ?? {},
    })),
    names: Object.fromEntries([...names].filter(([id]) => named.includes(id))),
  };
}
