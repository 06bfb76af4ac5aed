import type { TInboxFaxQuery } from '@faxline/shared';

/**
 * The shared inboxes' query keys (decision 103). Here because two features change what they name: the inbox pages
 * (features/inboxes) list and count the faxes, and a fax's details (features/faxes) move them; one prefix, `all`,
 * makes every list and count follow a move.
 */
export const inboxKeys = {
  all: ['inboxes'] as const,
  list: () => [...inboxKeys.all, 'list'] as const,
  faxes: (query: TInboxFaxQuery) => [...inboxKeys.all, 'faxes', query] as const,
};
