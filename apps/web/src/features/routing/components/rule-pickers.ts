import type { TInbox, TMember, TWebhookEndpoint } from '@faxline/shared';

/** What a rule's fields choose among: the account's numbers, inboxes, people and webhook endpoints. */
export type TRulePickers = {
  numbers: readonly string[];
  inboxes: readonly TInbox[];
  people: readonly TMember[];
  /** Null when the endpoints could not be read (a plan without webhooks): the rule then posts to none. */
  webhooks: readonly TWebhookEndpoint[] | null;
};
