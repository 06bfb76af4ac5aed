import { NUMBER_QUARANTINE_DAYS, type TAccountNumbers } from '@faxline/shared';
import { extraNumberTermsOf } from '../billing/extra-numbers';
import { landingInboxesOf } from '../inboxes/number-inboxes';
import { heldNumbersOf } from '../numbers/account-numbers';
import type { Database } from '../platform/db/client';

/** The owner's numbers page: each number with its inbox and station id, and what the plan allows (decision 112). */
export async function listAccountNumbers(db: Database, accountId: string): Promise<TAccountNumbers> {
  const [held, inboxes, terms] = await Promise.all([
    heldNumbersOf(db, accountId),
    landingInboxesOf(db, accountId),
    extraNumberTermsOf(db, accountId),
  ]);
  return {
    numbers: held.map((number, index) => ({
      id: number.id,
      phoneNumber: number.phoneNumber,
      countryCode: number.countryCode,
      stationId: number.stationId ?? '',
      inboxId: inboxes.get(number.phoneNumber) ?? null,
      assignedAt: number.assignedAt?.toISOString() ?? null,
      extra: index >= terms.included,
    })),
    allowance: { plan: terms.plan, included: terms.included, extraCentsPerMonth: terms.extraCentsPerMonth, currency: terms.currency },
    quarantineDays: NUMBER_QUARANTINE_DAYS,
  };
}
