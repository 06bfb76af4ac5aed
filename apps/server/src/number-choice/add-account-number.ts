import type { TAccountNumbers, TCarrier } from '@faxline/shared';
import { auditedBy, type Actor } from '../accounts/actor';
import { PlanFeatureMissing } from '../accounts/plan-features';
import { recordAuditEvent } from '../audit/record-audit-event';
import { chargeExtraNumbers, extraNumberTermsOf } from '../billing/extra-numbers';
import type { Carrier } from '../lines/carriers/carrier';
import { heldNumbersOf } from '../numbers/account-numbers';
import { assignNumberToAccount, lockAccountNumbers } from '../numbers/assign-number-to-account';
import { orderCarrierNumber } from '../numbers/carrier-numbers';
import { clock } from '../platform/clock';
import type { Database } from '../platform/db/client';
import { inTransaction } from '../platform/db/transaction';
import type { Queue } from '../platform/queue/queue';
import { listAccountNumbers } from './list-account-numbers';

export type AddNumberDeps = {
  db: Database;
  queue: Pick<Queue, 'send'>;
  /** The carrier in force by its name; throws when it is not configured. */
  carrierNamed: (name: TCarrier) => Promise<Carrier>;
  /** Where a carrier sends the faxes of a number ordered from it. */
  webhookUrlOf: (carrier: Carrier) => string;
};

/** Refused (403, with the way to a bigger plan) when one more number would pass what the plan allows. */
async function assertRoomForNumber(db: Database, accountId: string): Promise<void> {
  const [terms, held] = await Promise.all([extraNumberTermsOf(db, accountId), heldNumbersOf(db, accountId)]);
  if (held.length >= terms.included && terms.extraCentsPerMonth === null)
    throw new PlanFeatureMissing('errors.numberAllowanceReached', { plan: terms.plan, included: terms.included });
}

/**
 * The owner adds a number found by the search (decision 112): within the plan's allowance it is free; beyond it, only
 * when the plan sells more numbers and a next invoice will come, and its first month is charged at once (the later ones
 * by the daily sweep). A carrier's number is bought from the carrier first, after the allowance is checked, so a
 * refused add buys nothing; the allowance is checked again under the account's lock with the number's assignment, so
 * two adds at once cannot both pass the last free place.
 */
export async function addAccountNumber(
  deps: AddNumberDeps,
  actor: Actor,
  input: { phoneNumber: string; carrier: TCarrier | null },
): Promise<TAccountNumbers> {
  const { db } = deps;
  const accountId = actor.member.accountId;
  await assertRoomForNumber(db, accountId);
  if (input.carrier) {
    const carrier = await deps.carrierNamed(input.carrier);
    // Added to the inventory, available: should the assignment below be refused, the number stays Faxline's.
    await orderCarrierNumber(db, carrier, input.phoneNumber, deps.webhookUrlOf(carrier));
  }
  await inTransaction(db, async (tx, client) => {
    await lockAccountNumbers(tx, accountId);
    await assertRoomForNumber(tx, accountId);
    const now = clock.now();
    const number = await assignNumberToAccount(tx, { accountId, phoneNumber: input.phoneNumber, now });
    await chargeExtraNumbers(tx, { queue: deps.queue, transaction: client }, accountId, now);
    await recordAuditEvent(tx, {
      ...auditedBy(actor, { phoneNumber: number.phoneNumber, carrier: input.carrier }),
      action: 'number.choose',
      objectType: 'fax_number',
      objectId: number.id,
      outcome: 'success',
    });
  });
  return listAccountNumbers(db, accountId);
}
