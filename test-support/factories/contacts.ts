import { ZContactInput, type TContactInput } from '@faxline/shared';
import { newContactRow } from '../../apps/server/src/contacts/contacts';
import { contacts } from '../../apps/server/src/contacts/schema';
import type { Database } from '../../apps/server/src/platform/db/client';
import { unique } from './values';

let numbers = 0;

/** A fax number no other contact of the run has: +1 555 01x xxxx. */
export const uniqueFaxNumber = () => `+1555${String(1_000_000 + ((Date.now() + (numbers += 1)) % 9_000_000)).padStart(7, '0')}`;

/**
 * A contact of the account, checked by the contract as the API would (`overrides` merged; a unique name and number
 * otherwise), stored directly: for tests that need an address book, not the act of filling one (no audit row).
 */
export async function createContact(deps: { db: Database }, accountId: string, overrides: Partial<TContactInput> = {}) {
  const input = ZContactInput.parse({ name: unique('Contact'), fax_number: uniqueFaxNumber(), ...overrides });
  const [row] = await deps.db.insert(contacts).values(newContactRow(accountId, input)).returning();
  return row!;
}
