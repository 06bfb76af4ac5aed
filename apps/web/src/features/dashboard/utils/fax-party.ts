import { formatPhoneInternational, isE164, type TFax } from '@faxline/shared';

/** A fax number for people in international format; anything else as it is. */
export function formatFaxNumber(number: string): string {
  return isE164(number) ? formatPhoneInternational(number) : number;
}

/** The other party of a fax: the recipient of a sent fax, the sender of a received one; null when unknown. */
export function otherPartyOf(fax: Pick<TFax, 'direction' | 'toNumber' | 'fromNumber' | 'recipientName' | 'senderName'>): string | null {
  if (fax.direction === 'outbound') return fax.recipientName || formatFaxNumber(fax.toNumber);
  if (fax.senderName) return fax.senderName;
  return fax.fromNumber ? formatFaxNumber(fax.fromNumber) : null;
}
