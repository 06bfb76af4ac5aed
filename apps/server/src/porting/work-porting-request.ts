import type { TPortingCarrier, TPortingStatus } from '@faxline/shared';
import { and, eq, inArray } from 'drizzle-orm';
import { recordAuditEvent } from '../audit/record-audit-event';
import { CARRIER_NAMES, CarrierRefused, CarrierUnavailable, type Carrier } from '../lines/carriers/carrier';
import type { PortOrders } from '../lines/carriers/port-orders';
import { clock } from '../platform/clock';
import { inTransaction } from '../platform/db/transaction';
import { AppError } from '../platform/http/app-error';
import { addPortedNumbers } from './add-ported-numbers';
import { emailPortingStatus } from './porting-emails';
import { portingRequestOf, type PortingRow } from './porting-requests';
import type { PortingDeps } from './submit-porting-request';
import { portingRequests } from './schema';

/** The back office's parts: the carrier of that name in force now (its keys may have just been given), or null. */
export type WorkDeps = PortingDeps & { carrierNamed: (name: TPortingCarrier) => Promise<Carrier | null> };
export type Worker = { userId: string; ip: string | null };

type Move = Partial<Pick<PortingRow, 'portDate' | 'rejectionReason' | 'carrier' | 'carrierOrderId' | 'carrierStatus' | 'completedAt'>>;

/**
 * Moves a request from one of `from` to `to` in one transaction with its audit row, its e-mail and (on completion)
 * the numbers joining the account; a request that another admin moved meanwhile is refused (409), nothing changed.
 */
async function move(
  deps: WorkDeps,
  worker: Worker,
  row: PortingRow,
  from: TPortingStatus[],
  to: TPortingStatus,
  changes: Move,
  details: Record<string, unknown> = {},
): Promise<PortingRow> {
  return inTransaction(deps.db, async (tx, client) => {
    const [moved] = await tx
      .update(portingRequests)
      .set({ ...changes, status: to, updatedAt: clock.now() })
      .where(and(eq(portingRequests.id, row.id), inArray(portingRequests.status, from)))
      .returning();
    if (!moved) throw new AppError('conflict', 'errors.portingStatusChanged');
    if (to === 'completed') {
      const carrierNumberIds = (details.carrierNumberIds as Record<string, string | null> | undefined) ?? {};
      await addPortedNumbers(tx, { accountId: row.accountId, numbers: row.numbers, provider: row.carrier ?? 'faxline', carrierNumberIds });
    }
    await recordAuditEvent(tx, {
      actorUserId: worker.userId,
      accountId: row.accountId,
      ip: worker.ip,
      action: `porting.${to}`,
      objectType: 'porting_request',
      objectId: row.id,
      outcome: 'success',
      details: { from: row.status, numbers: row.numbers, ...changes, ...details },
    });
    if (to !== row.status) await emailPortingStatus(deps, tx, client, moved);
    return moved;
  });
}

async function carrierCall<T>(name: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof CarrierUnavailable) throw new AppError('unavailable', 'errors.carrierUnavailable', { carrier: name });
    if (error instanceof CarrierRefused)
      throw new AppError('unprocessable', 'errors.carrierRefused', { carrier: name, detail: error.detail });
    throw error;
  }
}

async function portOrdersOf(deps: WorkDeps, carrier: TPortingCarrier): Promise<PortOrders> {
  const adapter = await deps.carrierNamed(carrier);
  if (!adapter?.portOrders) throw new AppError('invalid_request', 'errors.carrierNotConfigured', { carrier: CARRIER_NAMES[carrier] });
  return adapter.portOrders;
}

const carrierWorked = (row: PortingRow) => {
  if (row.carrier) throw new AppError('conflict', 'errors.portingWorkedByCarrier', { carrier: CARRIER_NAMES[row.carrier] });
};

/** Takes a submitted request in review: by hand, or by submitting the carrier a port order with its documents. */
export async function reviewPortingRequest(deps: WorkDeps, worker: Worker, id: string, carrier: TPortingCarrier | null) {
  const row = await portingRequestOf(deps.db, null, id);
  if (row.status !== 'submitted') throw new AppError('conflict', 'errors.portingStatusChanged');
  if (!carrier) return move(deps, worker, row, ['submitted'], 'in_review', {});
  const orders = await portOrdersOf(deps, carrier);
  const [loa, bill] = await Promise.all([deps.files.get(row.loaFileKey), deps.files.get(row.billFileKey)]);
  const ext = row.billContentType === 'application/pdf' ? 'pdf' : row.billContentType === 'image/png' ? 'png' : 'jpg';
  const submitted = await carrierCall(CARRIER_NAMES[carrier], () =>
    orders.submit({
      numbers: row.numbers,
      holder: row.holder,
      authorisedPerson: row.signedName,
      loa: { fileName: `letter-of-authorisation-${row.id}.pdf`, bytes: loa },
      bill: { fileName: `bill-${row.id}.${ext}`, bytes: bill },
      requestedDate: null,
      reference: row.id,
    }),
  );
  try {
    return await move(deps, worker, row, ['submitted'], 'in_review', {
      carrier,
      carrierOrderId: submitted.orderId,
      carrierStatus: submitted.status,
    });
  } catch (error) {
    // Moved by someone else meanwhile: the order just made is withdrawn rather than left working unseen.
    await orders.cancel(submitted.orderId).catch(() => undefined);
    throw error;
  }
}

/** Approves a request worked by hand with the day its numbers move (today or later). */
export async function approvePortingRequest(deps: WorkDeps, worker: Worker, id: string, portDate: string) {
  const row = await portingRequestOf(deps.db, null, id);
  carrierWorked(row);
  if (portDate < clock.now().toISOString().slice(0, 10))
    throw new AppError('invalid_request', 'validation.portingDateInPast', {}, 'body.portDate');
  return move(deps, worker, row, ['submitted', 'in_review'], 'approved', { portDate });
}

/** Completes an approved request worked by hand: its numbers become the account's. */
export async function completePortingRequest(deps: WorkDeps, worker: Worker, id: string) {
  const row = await portingRequestOf(deps.db, null, id);
  carrierWorked(row);
  return move(deps, worker, row, ['approved'], 'completed', { completedAt: clock.now() });
}

/** Rejects a request that is not ended, with the reason the customer reads; a carrier's order is withdrawn first. */
export async function rejectPortingRequest(deps: WorkDeps, worker: Worker, id: string, reason: string) {
  const row = await portingRequestOf(deps.db, null, id);
  if (!['submitted', 'in_review', 'approved'].includes(row.status)) throw new AppError('conflict', 'errors.portingStatusChanged');
  if (row.carrier && row.carrierOrderId) {
    const orders = await portOrdersOf(deps, row.carrier);
    await carrierCall(CARRIER_NAMES[row.carrier], () => orders.cancel(row.carrierOrderId!));
  }
  return move(deps, worker, row, ['submitted', 'in_review', 'approved'], 'rejected', { rejectionReason: reason });
}

/**
 * Reads the carrier's port order and follows it: a confirmed date approves the request, the port completes it (the
 * numbers join the account with the carrier's ids), an exception or a cancellation rejects it with the carrier's
 * words; meanwhile only the carrier's status is kept.
 */
export async function syncPortingRequest(deps: WorkDeps, worker: Worker, id: string) {
  const row = await portingRequestOf(deps.db, null, id);
  if (!row.carrier || !row.carrierOrderId) throw new AppError('conflict', 'errors.portingNotWithCarrier');
  if (!['in_review', 'approved'].includes(row.status)) return row;
  const name = CARRIER_NAMES[row.carrier];
  const orders = await portOrdersOf(deps, row.carrier);
  const status = await carrierCall(name, () => orders.statusOf(row.carrierOrderId!));
  const open: TPortingStatus[] = ['in_review', 'approved'];
  const carrierStatus = status.carrierStatus;
  switch (status.kind) {
    case 'ported': {
      const ids: Record<string, string | null> = {};
      for (const number of row.numbers) ids[number] = await carrierCall(name, () => orders.numberIdOf(number));
      return move(
        deps,
        worker,
        row,
        open,
        'completed',
        { carrierStatus, portDate: status.portDate ?? row.portDate, completedAt: clock.now() },
        {
          carrierNumberIds: ids,
        },
      );
    }
    case 'scheduled':
      if (row.status === 'in_review')
        return move(deps, worker, row, ['in_review'], 'approved', { carrierStatus, portDate: status.portDate });
      return move(deps, worker, row, ['approved'], 'approved', { carrierStatus, portDate: status.portDate });
    case 'exception':
    case 'cancelled':
      return move(deps, worker, row, open, 'rejected', {
        carrierStatus,
        rejectionReason: status.detail ?? `${name}: ${carrierStatus}`,
      });
    case 'pending':
      return move(deps, worker, row, [row.status], row.status, { carrierStatus });
  }
}
