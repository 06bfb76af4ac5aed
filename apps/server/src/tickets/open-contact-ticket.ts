import type { TContactRequest, TLanguage } from '@faxline/shared';
import type { Database } from '../platform/db/client';
import { supportTickets } from './schema';

/** A message from the public contact form becomes an open ticket for the back office. */
export async function openContactTicket(
  db: Database,
  message: Required<TContactRequest>,
  context: { language: TLanguage; userId: string | null },
) {
  const [ticket] = await db
    .insert(supportTickets)
    .values({ ...message, email: message.email.toLowerCase(), source: 'contact_form', language: context.language, userId: context.userId })
    .returning({ id: supportTickets.id });
  return ticket!;
}
