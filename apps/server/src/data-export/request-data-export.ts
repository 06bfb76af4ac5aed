import type { TDataExport } from '@faxline/shared';
import { and, eq } from 'drizzle-orm';
import type { Actor } from '../accounts/actor';
import { recordAuditEvent } from '../audit/record-audit-event';
import { clock } from '../platform/clock';
import type { Database } from '../platform/db/client';
import { inTransaction } from '../platform/db/transaction';
import type { Queue } from '../platform/queue/define-job';
import { buildDataExportJob } from './build-data-export-job';
import { dataExportView } from './data-exports';
import { dataExports } from './schema';

/**
 * An owner asks for the account's faxes as one ZIP (decision 110): the export is recorded and its build queued in one
 * transaction, and the request audited. While one is being built, asking again answers that one: the account's faxes
 * are read once, not once per click.
 */
export async function requestDataExport(deps: { db: Database; queue: Queue }, actor: Actor): Promise<TDataExport> {
  const accountId = actor.member.accountId;
  return inTransaction(deps.db, async (tx, client) => {
    // One request at a time per account, whoever clicks: the advisory lock is the account's for this transaction.
    await client.query("SELECT pg_advisory_xact_lock(hashtext('data-export:' || $1))", [accountId]);
    const [building] = await tx
      .select()
      .from(dataExports)
      .where(and(eq(dataExports.accountId, accountId), eq(dataExports.status, 'building')));
    if (building) return dataExportView(building);
    const [row] = await tx.insert(dataExports).values({ accountId, requestedBy: actor.user.id, requestedAt: clock.now() }).returning();
    await deps.queue.send(buildDataExportJob, { exportId: row!.id }, { transaction: client, dedupeKey: row!.id });
    await recordAuditEvent(tx, {
      actorUserId: actor.user.id,
      accountId,
      ip: actor.ip,
      action: 'data_export.requested',
      objectType: 'data_export',
      objectId: row!.id,
      outcome: 'success',
    });
    return dataExportView(row!);
  });
}
