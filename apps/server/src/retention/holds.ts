import type { TLegalHold, TSetLegalHold } from '@faxline/shared';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { recordAuditEvent } from '../audit/record-audit-event';
import type { Actor } from '../accounts/actor';
import { auditedBy } from '../accounts/actor';
import { accessibleFax } from '../faxes/fax-access';
import type { Database } from '../platform/db/client';
import { AppError } from '../platform/http/app-error';
import { legalHolds } from './schema';

type HoldRow = typeof legalHolds.$inferSelect;

/** The holds of an account in force, oldest first. */
export async function activeHoldsOf(db: Database, accountId: string): Promise<HoldRow[]> {
  return db
    .select()
    .from(legalHolds)
    .where(and(eq(legalHolds.accountId, accountId), isNull(legalHolds.liftedAt)))
    .orderBy(asc(legalHolds.setAt));
}

/** What an account's holds keep, as a retention run reads them: all of it, or these faxes and numbers. */
export type HeldByAccount = { whole: boolean; faxIds: string[]; numbers: string[] };

export function heldBy(holds: readonly HoldRow[]): HeldByAccount {
  return {
    whole: holds.some((hold) => hold.scope === 'account'),
    faxIds: holds.flatMap((hold) => (hold.scope === 'fax' && hold.faxId ? [hold.faxId] : [])),
    numbers: holds.flatMap((hold) => (hold.scope === 'number' && hold.number ? [hold.number] : [])),
  };
}

/** The holds in force that keep this fax: its own, its numbers' (to or from), its account's. */
export function holdsCovering(holds: readonly HoldRow[], fax: { id: string; fromNumber: string | null; toNumber: string }): HoldRow[] {
  return holds.filter(
    (hold) =>
      hold.scope === 'account' ||
      (hold.scope === 'fax' && hold.faxId === fax.id) ||
      (hold.scope === 'number' && (hold.number === fax.toNumber || hold.number === fax.fromNumber)),
  );
}

export const toPublicHold = (hold: HoldRow): TLegalHold => ({
  id: hold.id,
  scope: hold.scope,
  faxId: hold.faxId,
  number: hold.number,
  reason: hold.reason,
  setBy: hold.setBy,
  setAt: hold.setAt.toISOString(),
});

/**
 * Puts a fax, a number or the whole account on legal hold, with its reason, audited. A fax must be one the member may
 * see (404 otherwise, as everywhere); the same thing held twice is refused (409), so that one lift ends it.
 */
export async function setLegalHold(db: Database, actor: Actor, input: TSetLegalHold): Promise<TLegalHold> {
  const { accountId } = actor.member;
  if (input.scope === 'fax') await accessibleFax(db, actor, input.faxId, 'fax.hold');
  const target = { faxId: input.scope === 'fax' ? input.faxId : null, number: input.scope === 'number' ? input.number : null };
  const same = (await activeHoldsOf(db, accountId)).find(
    (hold) => hold.scope === input.scope && hold.faxId === target.faxId && hold.number === target.number,
  );
  if (same) throw new AppError('conflict', 'errors.legalHoldExists');
  const [hold] = await db
    .insert(legalHolds)
    .values({ accountId, scope: input.scope, ...target, reason: input.reason, setBy: actor.user.id })
    .returning();
  await recordAuditEvent(db, {
    ...auditedBy(actor, { scope: input.scope, ...target, reason: input.reason }),
    action: 'retention.hold_set',
    objectType: input.scope === 'fax' ? 'fax' : 'legal_hold',
    objectId: input.scope === 'fax' ? input.faxId : hold!.id,
    outcome: 'success',
  });
  return toPublicHold(hold!);
}

/** Lifts a hold of the account in force, with the reason, audited; 404 for one of another account or already lifted. */
export async function liftLegalHold(db: Database, actor: Actor, id: string, reason: string): Promise<void> {
  const [lifted] = await db
    .update(legalHolds)
    .set({ liftedAt: new Date(), liftedBy: actor.user.id, liftReason: reason })
    .where(and(eq(legalHolds.id, id), eq(legalHolds.accountId, actor.member.accountId), isNull(legalHolds.liftedAt)))
    .returning();
  if (!lifted) throw new AppError('not_found', 'errors.legalHoldNotFound');
  await recordAuditEvent(db, {
    ...auditedBy(actor, { scope: lifted.scope, faxId: lifted.faxId, number: lifted.number, reason }),
    action: 'retention.hold_lifted',
    objectType: lifted.scope === 'fax' ? 'fax' : 'legal_hold',
    objectId: lifted.scope === 'fax' ? lifted.faxId : lifted.id,
    outcome: 'success',
  });
}
