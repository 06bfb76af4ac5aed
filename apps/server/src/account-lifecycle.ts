import type { AccountLifecycle } from './accounts/account-lifecycle';
import { baaFileKeysOf } from './billing/baa';
import { endSubscriptionOfAccount } from './billing/end-subscription';
import { dataExportFileKeysOf } from './data-export/data-exports';
import type { BillingInForce } from './billing/billing-providers';
import { recordPlatformEvent } from './events/platform-events';
import { deleteFaxesOfAccount } from './faxes/fax-records';
import { releaseNumbersOf } from './numbers/account-numbers';
import { assignFreeNumber } from './numbers/numbers';
import type { Database } from './platform/db/client';

/** An account's opening, which needs nothing but the database: the demo seed and the command line use it alone. */
export const accountOpening: Pick<AccountLifecycle, 'opened'> = {
  opened: async (tx, accountId) => {
    await assignFreeNumber(tx, accountId);
    // No copy of the name or address: the bell reads the account as it is, and nothing of it once it is deleted.
    return recordPlatformEvent(tx, { type: 'account.created', subjectId: accountId, accountId });
  },
};

/**
 * What an account's opening and deletion take from the floors above accounts/ (accounts/account-lifecycle.ts says
 * why it is handed in): app.ts gives it to the routes, and the test kit takes it from here.
 */
export function accountLifecycle(deps: { db: Database; billing: BillingInForce }): AccountLifecycle {
  return {
    ...accountOpening,
    closing: (accountId) => endSubscriptionOfAccount(deps, accountId),
    deleting: async (tx, accountId) => {
      await releaseNumbersOf(tx, accountId);
      const faxes = await deleteFaxesOfAccount(tx, accountId);
      // The signed agreements' rows and the data exports' go with the account's; their PDFs and ZIPs go from the file
      // store with the faxes' files.
      const exports = await dataExportFileKeysOf(tx, accountId);
      return { count: faxes.count, fileKeys: [...faxes.fileKeys, ...(await baaFileKeysOf(tx, accountId)), ...exports] };
    },
  };
}
