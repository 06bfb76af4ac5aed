import { countryOf } from '@faxline/shared';
import { and, eq, inArray, ne, or, isNull } from 'drizzle-orm';
import type { Database } from '../platform/db/client';
import { AppError } from '../platform/http/app-error';
import { faxNumbers } from '../numbers/schema';

/**
 * Adds the numbers of a completed porting request to the account, assigned from now like any number it holds: faxes
 * to them arrive in its inbox (the internal line and a carrier's inbound both find the account by the number). A
 * number the inventory has already, available, is given to the account; one another account holds refuses the whole
 * completion (nothing is added). The carrier's id is kept, so that the number can be given back to it one day.
 *
 * It writes numbers/' table (fax_numbers) directly: the smallest service the completion needs, to be joined with
 * numbers/' own "add a number to an account" when both land.
 */
export async function addPortedNumbers(
  tx: Database,
  request: { accountId: string; numbers: string[]; provider: string; carrierNumberIds: Record<string, string | null> },
): Promise<void> {
  const held = await tx
    .select({ phoneNumber: faxNumbers.phoneNumber })
    .from(faxNumbers)
    .where(
      and(
        inArray(faxNumbers.phoneNumber, request.numbers),
        ne(faxNumbers.status, 'available'),
        or(isNull(faxNumbers.accountId), ne(faxNumbers.accountId, request.accountId)),
      ),
    );
  if (held.length > 0) throw new AppError('conflict', 'errors.portingNumberHeld', { numbers: held.map((n) => n.phoneNumber).join(', ') });
  const now = new Date();
  for (const phoneNumber of request.numbers) {
    const carrierNumberId = request.carrierNumberIds[phoneNumber] ?? null;
    const written = await tx
      .insert(faxNumbers)
      .values({
        phoneNumber,
        provider: request.provider,
        countryCode: countryOf(phoneNumber) ?? null,
        status: 'assigned',
        accountId: request.accountId,
        assignedAt: now,
        carrierNumberId,
      })
      .onConflictDoUpdate({
        target: faxNumbers.phoneNumber,
        set: { status: 'assigned', accountId: request.accountId, assignedAt: now, provider: request.provider, carrierNumberId },
        // Only a number still free, or already the account's: the check above holds under a race only with this.
        setWhere: or(eq(faxNumbers.status, 'available'), eq(faxNumbers.accountId, request.accountId)),
      })
      .returning({ id: faxNumbers.id });
    if (written.length === 0) throw new AppError('conflict', 'errors.portingNumberHeld', { numbers: phoneNumber });
  }
}
