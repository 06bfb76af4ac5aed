import type { TContactRequest, TLanguage } from '@faxline/shared';
import { recordPlatformEvent } from '../events/platform-events';
import type { Database } from '../platform/db/client';
import { inTransaction } from '../platform/db/transaction';
import { supportTickets } from './schema';

/** A message from the public contact form becomes an open ticket for the back office, whose bell hears of it. */
export async function openContactTicket(
  db: Database,
  message: Required<TContactRequest>,
  context: { language: TLanguage; userId: string | null },
) {
  return inTransaction(db, async (tx) => {
    const [ticket] = await tx
      .insert(supportTickets)
      .values({
        ...message,
        email: message.email.toLowerCase(),
        source: 'contact_form',
        language: context.language,
        userId: context.userId,
      })
      .returning({ id: supportTickets.id });
    await recordPlatformEvent(tx, {
      type: 'ticket.created',
      subjectId: ticket!.id,
      details: { subject: message.subject, from: message.email.toLowerCase() },
    });
    return ticket!;
  });
}
