import type { ZFaxListQuery } from '@faxline/shared';
import { and, asc, count, desc, eq, ilike, inArray, isNotNull, isNull, or, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../platform/db/client';
import { seesAllFaxes, type Membership } from '../accounts/membership';
import { faxes } from './schema';

type Query = z.output<typeof ZFaxListQuery>;

/** Which faxes of the account this member may see: all for owner and sub-admin; for a User, what they sent and what arrived. */
export function visibleTo(member: Membership, userId: string): SQL {
  const ofAccount = eq(faxes.accountId, member.accountId);
  return seesAllFaxes(member) ? ofAccount : and(ofAccount, or(eq(faxes.direction, 'inbound'), eq(faxes.userId, userId)))!;
}

/** The words the history shows for statuses (spec 001 §2.7), searchable like the stored ones. */
const SHOWN_STATUSES: Array<{ word: string; condition: () => SQL }> = [
  { word: 'processing', condition: () => inArray(faxes.status, ['queued', 'scheduled', 'converting', 'sending']) },
  { word: 'unread', condition: () => and(eq(faxes.direction, 'inbound'), isNull(faxes.readAt))! },
  { word: 'read', condition: () => and(eq(faxes.direction, 'inbound'), isNotNull(faxes.readAt))! },
];

function matching(search: string | undefined): SQL | undefined {
  if (!search) return undefined;
  const pattern = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const shown = SHOWN_STATUSES.filter((s) => s.word === search.trim().toLowerCase()).map((s) => s.condition());
  return or(
    ilike(faxes.toNumber, pattern),
    ilike(faxes.fromNumber, pattern),
    ilike(faxes.recipientName, pattern),
    ilike(faxes.senderName, pattern),
    ilike(faxes.status, pattern),
    ...shown,
  );
}

/** Fax history (spec 001 §2.7, §4, §9): one page of one direction, the search applied, sorted, with both tabs' counts. */
export async function listFaxes(db: Database, member: Membership, userId: string, query: Query) {
  const scope = visibleTo(member, userId);
  const search = matching(query.search);
  const sortColumn =
    query.sort === 'date'
      ? faxes.createdAt
      : query.sort === 'status'
        ? faxes.status
        : query.sort === 'pages'
          ? faxes.pages
          : query.direction === 'outbound'
            ? faxes.toNumber
            : faxes.fromNumber;
  const order = query.order === 'asc' ? asc(sortColumn) : desc(sortColumn);

  const rows = await db
    .select()
    .from(faxes)
    .where(and(scope, eq(faxes.direction, query.direction), search))
    .orderBy(order, desc(faxes.createdAt), asc(faxes.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const totals = await db.select({ direction: faxes.direction, n: count() }).from(faxes).where(and(scope, search)).groupBy(faxes.direction);
  const countOf = (direction: 'outbound' | 'inbound') => totals.find((t) => t.direction === direction)?.n ?? 0;
  return { rows, total: countOf(query.direction), counts: { outbound: countOf('outbound'), inbound: countOf('inbound') } };
}
