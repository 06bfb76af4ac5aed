import type { TFax, TFaxChannel } from '@faxline/shared';

/** How a sent fax came in, as its details name it ("Sent Via: E-mail"); a channel added to FAX_CHANNELS must be named. */
export const CHANNEL_NAMES = {
  web: 'details.channels.web',
  api: 'details.channels.api',
  email: 'details.channels.email',
  agent: 'details.channels.agent',
} as const satisfies Record<TFaxChannel, string>;

/** The same, as the history's note under a sent fax's date ("Via e-mail"). */
const CHANNEL_NOTES = {
  web: 'history.via.web',
  api: 'history.via.api',
  email: 'history.via.email',
  agent: 'history.via.agent',
} as const satisfies Record<TFaxChannel, string>;

/** The history's note on how a fax was sent; none for a received fax, which came down a line. */
export function channelNoteOf(fax: Pick<TFax, 'direction' | 'channel'>): (typeof CHANNEL_NOTES)[TFaxChannel] | null {
  return fax.direction === 'outbound' ? CHANNEL_NOTES[fax.channel] : null;
}
