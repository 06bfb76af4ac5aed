import { formatPhoneInternational, webPaths, type TLanguage, type TNotifiedFaxEventType, type TPushMessage } from '@faxline/shared';
import type { FaxRow } from '../faxes/fax-access';
import { translator } from '../platform/i18n/i18n';

type PushedFax = Pick<FaxRow, 'id' | 'direction' | 'toNumber' | 'recipientName' | 'fromNumber' | 'senderName'>;

/** A name and number as a notice shows the other party: "Name (+1 555…)", either alone, or null. */
function partyOf(name: string | null, number: string | null): string | null {
  const shown = number ? formatPhoneInternational(number) : null;
  if (name && shown) return `${name} (${shown})`;
  return name ?? shown;
}

/**
 * A fax event's push, in the person's language: the chat notices' titles (decision 129), which name the other party
 * and never the document; on a HIPAA plan only what happened ("A fax arrived"). It opens the fax's page.
 */
export function faxPushMessage(
  input: { eventId: string; type: TNotifiedFaxEventType; fax: PushedFax },
  terms: { language: TLanguage; hipaaPlan: boolean },
): TPushMessage {
  const t = translator(terms.language);
  const { fax } = input;
  // `fax.partially_delivered` is `chatNotices.titles.partially_delivered`.
  const name = input.type.slice('fax.'.length) as 'delivered' | 'partially_delivered' | 'failed' | 'received';
  const sender = partyOf(fax.senderName, fax.fromNumber);
  const recipient = partyOf(fax.recipientName, fax.toNumber);
  const named = fax.direction === 'inbound' ? sender : recipient;
  const title =
    terms.hipaaPlan || !named
      ? t(`chatNotices.privateTitles.${name}`)
      : t(`chatNotices.titles.${name}`, { sender: named, recipient: named });
  return { title, body: t('push.open'), url: webPaths.user.faxHistory.getHref(fax), tag: input.eventId };
}
