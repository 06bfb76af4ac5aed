import { eq } from 'drizzle-orm';
import { users } from '../auth/schema';
import type { Inbox } from '../lines/fax-line';
import { accountHoldingNumber } from '../numbers/numbers';
import type { Database } from '../platform/db/client';
import { inTransaction } from '../platform/db/transaction';
import { chargeFaxPages } from './charge-pages';
import { landingOf } from './landing';
import { faxes } from './schema';

/** Received faxes as the lines deliver them: in the account's history, unread. */
export function faxInbox(db: Database): Inbox {
  return {
    accountHolding: (phoneNumber) => accountHoldingNumber(db, phoneNumber),
    hasCopyOf: async (sentFaxId) => {
      const [copy] = await db.select({ id: faxes.id }).from(faxes).where(eq(faxes.sourceFaxId, sentFaxId));
      return Boolean(copy);
    },
    receive: async ({ accountId, source, line, document, thumbnailKey }) => {
      const [sender] = source.userId ? await db.select({ name: users.name }).from(users).where(eq(users.id, source.userId)) : [];
      const landing = await landingOf(db, accountId, source.toNumber);
      // The copy and its charge commit together (decision 086).
      return inTransaction(db, async (tx) => {
        const inserted = await tx
          .insert(faxes)
          .values({
            ...landing,
            accountId,
            direction: 'inbound',
            status: 'received',
            fromNumber: source.fromNumber,
            toNumber: source.toNumber,
            senderName: sender?.name ?? null,
            recipientName: source.recipientName,
            coverSubject: source.coverSubject,
            quality: source.quality,
            pages: source.pages,
            line,
            documentKey: document?.key ?? null,
            documentSha256: document?.sha256 ?? null,
            thumbnailKey,
            sourceFaxId: source.id,
            completedAt: new Date(),
          })
          // At most one copy of a sent fax (a unique index): a second run's insert does nothing.
          .onConflictDoNothing({ target: faxes.sourceFaxId })
          .returning({ id: faxes.id });
        if (inserted[0]) await chargeFaxPages(tx, inserted[0].id);
        return inserted.length > 0;
      });
    },
  };
}
