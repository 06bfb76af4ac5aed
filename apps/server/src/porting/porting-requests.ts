import { OPEN_PORTING_STATUSES, type TAdminPortingRequest, type TPortingRequest, type TPortingStatus } from '@faxline/shared';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { accounts } from '../accounts/schema';
import type { Database } from '../platform/db/client';
import { AppError } from '../platform/http/app-error';
import { peopleWhoPay } from '../accounts/people-who-pay';
import { portingRequests } from './schema';

export type PortingRow = typeof portingRequests.$inferSelect;

export function portingViewOf(row: PortingRow): TPortingRequest {
  return {
    id: row.id,
    numbers: row.numbers,
    status: row.status,
    holder: row.holder,
    signedName: row.signedName,
    signedOn: row.signedOn,
    billFileName: row.billFileName,
    portDate: row.portDate,
    rejectionReason: row.rejectionReason,
    carrier: row.carrier,
    carrierOrderId: row.carrierOrderId,
    carrierStatus: row.carrierStatus,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
  };
}

/** The account's requests, newest first. */
export async function portingRequestsOf(db: Database, accountId: string): Promise<TPortingRequest[]> {
  const rows = await db
    .select()
    .from(portingRequests)
    .where(eq(portingRequests.accountId, accountId))
    .orderBy(desc(portingRequests.createdAt));
  return rows.map(portingViewOf);
}

/** One request, when it is the account's (another account's is not found: its existence is not told). */
export async function portingRequestOf(db: Database, accountId: string | null, id: string): Promise<PortingRow> {
  const [row] = await db
    .select()
    .from(portingRequests)
    .where(and(eq(portingRequests.id, id), accountId === null ? undefined : eq(portingRequests.accountId, accountId)));
  if (!row) throw new AppError('not_found', 'errors.portingRequestNotFound');
  return row;
}

/** The back office's queue: the open requests oldest first (first come, first worked), or one status newest first. */
export async function portingQueue(db: Database, status: TPortingStatus | 'open'): Promise<TAdminPortingRequest[]> {
  const open = status === 'open';
  const rows = await db
    .select({ request: portingRequests, accountName: accounts.name })
    .from(portingRequests)
    .innerJoin(accounts, eq(accounts.id, portingRequests.accountId))
    .where(open ? inArray(portingRequests.status, [...OPEN_PORTING_STATUSES]) : eq(portingRequests.status, status))
    .orderBy(open ? asc(portingRequests.createdAt) : desc(portingRequests.updatedAt))
    .limit(200);
  return Promise.all(
    rows.map(async ({ request, accountName }) => ({
      ...portingViewOf(request),
      accountId: request.accountId,
      accountName,
      ownerEmail: (await peopleWhoPay(db, request.accountId)).find((person) => person.role === 'owner')?.email ?? null,
    })),
  );
}
