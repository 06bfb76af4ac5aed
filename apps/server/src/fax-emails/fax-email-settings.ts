import type { TFaxEmailSettings, ZSaveFaxEmailSettingsRequest } from '@faxline/shared';
import type { z } from 'zod';
import { documentsInEmailOf, saveDocumentsInEmail } from '../accounts/fax-settings';
import { assertPlanIncludes } from '../accounts/plan-features';
import { numberSettingsOf, saveNumberSettings } from '../numbers/account-numbers';
import type { Database } from '../platform/db/client';
import { inTransaction } from '../platform/db/transaction';
import { AppError } from '../platform/http/app-error';

/**
 * How the account's received faxes go out by e-mail, as the settings page shows it: documents attached or
 * a sign-in link, whether the plan is a HIPAA plan (always the link), and each number's extra addresses.
 */
export async function readFaxEmailSettings(db: Database, accountId: string): Promise<TFaxEmailSettings> {
  const account = await documentsInEmailOf(db, accountId);
  if (!account) throw new AppError('not_found', 'errors.forbidden');
  const numbers = (await numberSettingsOf(db, accountId)).map(({ phoneNumber, emailRecipients }) => ({ phoneNumber, emailRecipients }));
  return { documentsInEmail: account.documentsInEmail, hipaaPlan: account.isHipaa ?? false, numbers };
}

/**
 * Saves the choice and the numbers' addresses at once (each address once, lower-case: the contract's transform); a
 * number that is not the account's is refused and nothing changes. A number left out keeps its addresses.
 */
export async function saveFaxEmailSettings(
  db: Database,
  accountId: string,
  request: z.output<typeof ZSaveFaxEmailSettingsRequest>,
): Promise<TFaxEmailSettings> {
  if (await asksForMoreEmail(db, accountId, request)) await assertPlanIncludes(db, accountId, 'faxToEmail');
  await inTransaction(db, async (tx) => {
    await saveDocumentsInEmail(tx, accountId, request.documentsInEmail);
    for (const number of request.numbers) {
      const saved = await saveNumberSettings(tx, accountId, number.phoneNumber, { emailRecipients: number.emailRecipients });
      if (!saved) throw new AppError('invalid_request', 'errors.numberNotYours', { number: number.phoneNumber });
    }
  });
  return readFaxEmailSettings(db, accountId);
}

/**
 * Whether a save turns documents in e-mail on, or adds an address a number did not have: what a plan without fax to
 * e-mail refuses (decision 087). Turning them off, or removing addresses, is always allowed, so that an account that
 * moved to such a plan can still tidy what it had.
 */
async function asksForMoreEmail(db: Database, accountId: string, request: z.output<typeof ZSaveFaxEmailSettingsRequest>): Promise<boolean> {
  const current = await readFaxEmailSettings(db, accountId);
  if (request.documentsInEmail && !current.documentsInEmail) return true;
  const saved = new Map(current.numbers.map((number) => [number.phoneNumber, new Set(number.emailRecipients)]));
  return request.numbers.some((number) => number.emailRecipients.some((address) => !saved.get(number.phoneNumber)?.has(address)));
}
