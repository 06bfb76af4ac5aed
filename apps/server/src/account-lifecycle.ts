import type { AccountLifecycle } from './accounts/account-lifecycle';
import { recordPlatformEvent } from './events/platform-events';
import { deleteFaxesOfAccount } from './faxes/fax-records';
import { releaseNumbersOf } from './numbers/account-numbers';
import { assignFreeNumber } from './numbers/numbers';

/**
 * What an account's opening and deletion take from the floors above accounts/ (accounts/account-lifecycle.ts says
 * why it is handed in): app.ts gives it to the routes, server.ts to the demo seed, and the command line and the test
 * kit take it from here.
 */
export const accountLifecycle: AccountLifecycle = {
  opened: async (tx, accountId) => {
    await assignFreeNumber(tx, accountId);
    // No copy of the name or address: the bell reads the account as it is, and nothing of it once it is deleted.
    return recordPlatformEvent(tx, { type: 'account.created', subjectId: accountId, accountId });
  },
  deleting: async (tx, accountId) => {
    await releaseNumbersOf(tx, accountId);
    return deleteFaxesOfAccount(tx, accountId);
  },
};
