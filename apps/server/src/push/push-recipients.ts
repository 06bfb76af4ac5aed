import type { TLanguage, TNotifiedFaxEventType } from '@faxline/shared';
import type { TConfig } from '../platform/config';
import type { Database } from '../platform/db/client';
import type { FaxRow } from '../faxes/fax-access';
import { outcomeRecipient, receivedFaxRecipients, type TNoticeRecipient } from '../fax-emails/fax-email-recipients';

/** A person a fax event's push goes to, and the language it is written in. */
export type PushRecipient = { userId: string; language: TLanguage };

/**
 * Who is pushed a fax event: the people its e-mail goes to, chosen by the same rules and preferences ("Fax Received"
 * for the members who may see a received fax, "Fax Sent Confirmation" for a sent fax's sender); a number's extra
 * addresses are nobody's device.
 */
export async function pushRecipientsOf(
  db: Database,
  config: Pick<TConfig, 'emailConfirmation'>,
  type: TNotifiedFaxEventType,
  fax: FaxRow,
): Promise<PushRecipient[]> {
  const notified: TNoticeRecipient[] =
    type === 'fax.received'
      ? await receivedFaxRecipients(db, config, fax, { extraAddresses: false })
      : [await outcomeRecipient(db, config, fax)].filter((recipient) => recipient !== null);
  return notified.flatMap(({ unsubscribe, language }) => (unsubscribe.kind === 'person' ? [{ userId: unsubscribe.userId, language }] : []));
}
