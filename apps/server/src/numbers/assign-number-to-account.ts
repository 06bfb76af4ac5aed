import { countryOf, destinationOf } from '@faxline/shared';
import { and, eq, sql } from 'drizzle-orm';
import { clock } from '../platform/clock';
import type { Database } from '../platform/db/client';
import { AppError } from '../platform/http/app-error';
import { takeableAt } from './quarantine';
import { faxNumbers } from './schema';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** A number that is not in the inventory yet: just ordered from a carrier, or ported in from another provider. */
export type NewNumber = { provider: string; carrierNumberId?: string | null; numberType?: string };

export type AssignedNumber = { id: string; phoneNumber: string };

/**
 * Gives a number to an account (decision 112). A number of the inventory is taken only while anyone may take it
 * (available, out of quarantine): two accounts asking at once cannot both have it. A number not in the inventory is
 * added to it assigned, when `newNumber` says where it comes from (a carrier's order, a port). The plan's allowance and
 * its charge are the caller's (number-choice/); this only holds the number. Throws 409 `errors.numberQuarantined`
 * (with the date it ends) or `errors.numberNotAvailable`; 404 when the number is neither in the inventory nor new.
 */
export async function assignNumberToAccount(
  db: Database | Tx,
  input: { accountId: string; phoneNumber: string; newNumber?: NewNumber; now?: Date },
): Promise<AssignedNumber> {
  const now = input.now ?? clock.now();
  const taken = { status: 'assigned' as const, accountId: input.accountId, assignedAt: now, quarantinedUntil: null };
  const claimed = input.newNumber
    ? await db
        .insert(faxNumbers)
        .values({
          phoneNumber: input.phoneNumber,
          provider: input.newNumber.provider,
          numberType: input.newNumber.numberType ?? 'local',
          carrierNumberId: input.newNumber.carrierNumberId ?? null,
          // A range libphonenumber does not know yet still has its calling code's country.
          countryCode: countryOf(input.phoneNumber) ?? destinationOf(input.phoneNumber)?.country ?? null,
          ...taken,
        })
        // Already in the inventory: taken as any other, only while anyone may take it.
        .onConflictDoUpdate({ target: faxNumbers.phoneNumber, set: taken, setWhere: takeableAt(now) })
        .returning({ id: faxNumbers.id, phoneNumber: faxNumbers.phoneNumber })
    : await db
        .update(faxNumbers)
        .set(taken)
        .where(and(eq(faxNumbers.phoneNumber, input.phoneNumber), takeableAt(now)))
        .returning({ id: faxNumbers.id, phoneNumber: faxNumbers.phoneNumber });
  if (claimed[0]) return claimed[0];
  throw await whyNotTakeable(db, input.phoneNumber, now);
}

/** The reason a number could not be taken, said as precisely as the row allows. */
async function whyNotTakeable(db: Database | Tx, phoneNumber: string, now: Date): Promise<AppError> {
  const [row] = await db
    .select({ status: faxNumbers.status, quarantinedUntil: faxNumbers.quarantinedUntil })
    .from(faxNumbers)
    .where(eq(faxNumbers.phoneNumber, phoneNumber));
  if (!row) return new AppError('not_found', 'errors.numberNotFound');
  if (row.status === 'available' && row.quarantinedUntil && row.quarantinedUntil > now)
    return new AppError('conflict', 'errors.numberQuarantined', {
      number: phoneNumber,
      until: row.quarantinedUntil.toISOString().slice(0, 10),
    });
  return new AppError('conflict', 'errors.numberNotAvailable', { number: phoneNumber });
}

/** Serialises the changes of one account's numbers (an add checks the allowance against what it holds). */
export async function lockAccountNumbers(tx: Tx | Database, accountId: string): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`account-numbers:${accountId}`}))`);
}
