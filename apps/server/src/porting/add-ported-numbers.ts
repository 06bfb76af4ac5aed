import { assignNumberToAccount } from '../numbers/assign-number-to-account';
import type { Database } from '../platform/db/client';
import { AppError } from '../platform/http/app-error';

/**
 * Adds the numbers of a completed porting request to the account, assigned from now like any number it holds: faxes
 * to them arrive in its inbox (the internal line and a carrier's inbound both find the account by the number). Each is
 * given through numbers/' own door (decision 112): a number the inventory has, free and out of quarantine, is taken;
 * one it lacks is added with the carrier's id, so that it can be given back to that carrier one day. A number held by
 * anyone else, or still in quarantine, refuses the whole completion (the caller's transaction adds nothing). Numbers
 * beyond the plan are billed by the extra-number charges like any other (decision 112).
 */
export async function addPortedNumbers(
  tx: Database,
  request: { accountId: string; numbers: string[]; provider: string; carrierNumberIds: Record<string, string | null> },
): Promise<void> {
  for (const phoneNumber of request.numbers) {
    try {
      await assignNumberToAccount(tx, {
        accountId: request.accountId,
        phoneNumber,
        newNumber: { provider: request.provider, carrierNumberId: request.carrierNumberIds[phoneNumber] ?? null },
      });
    } catch (error) {
      if (error instanceof AppError && error.type === 'conflict')
        throw new AppError('conflict', 'errors.portingNumberHeld', { numbers: phoneNumber });
      throw error;
    }
  }
}
