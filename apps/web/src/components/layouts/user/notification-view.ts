import { formatPhoneInternational, isE164, type TFaxEvent } from '@faxline/shared';

export type TEventKind = 'received' | 'delivered' | 'partiallyDelivered' | 'failed' | 'canceled' | 'updated';

/** What happened, as the notification says it: a fax arrived, or a sent fax ended one way or another. */
export function eventKindOf(event: Pick<TFaxEvent, 'direction' | 'status'>): TEventKind {
  if (event.direction === 'inbound') return 'received';
  switch (event.status) {
    case 'delivered':
      return 'delivered';
    case 'partially_delivered':
      return 'partiallyDelivered';
    case 'failed':
      return 'failed';
    case 'canceled':
      return 'canceled';
    default:
      return 'updated';
  }
}

/** The badge's count: received faxes nobody of the account has opened yet. */
export function unreadCount(events: readonly Pick<TFaxEvent, 'unread'>[]): number {
  return events.filter((event) => event.unread).length;
}

/** The other party for people: a fax number in international format, a name as it is; null when unknown. */
export function counterpartOf(event: Pick<TFaxEvent, 'counterpart'>): string | null {
  const party = event.counterpart?.trim();
  if (!party) return null;
  return isE164(party) ? formatPhoneInternational(party) : party;
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
];

/** "5 minutes ago", "yesterday", "hace 3 horas": the age of an event in the active language; "now" under a minute. */
export function relativeTimeOf(iso: string, now: Date, language: string): string {
  const format = new Intl.RelativeTimeFormat(language, { numeric: 'auto' });
  const seconds = Math.round((new Date(iso).getTime() - now.getTime()) / 1000);
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return format.format(Math.trunc(seconds / size), unit);
  }
  return format.format(0, 'second');
}
