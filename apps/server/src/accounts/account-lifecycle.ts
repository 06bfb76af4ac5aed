import type { Database } from '../platform/db/client';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * What the capabilities above accounts/ do as an account opens and as it is deleted, each in that transaction: an
 * account opened gets a fax number from the inventory (numbers/) and the back office's bell hears of it (events/); an
 * account deleted ends its subscription (billing/), gives its numbers back (numbers/) and loses its faxes (faxes/). accounts/ sits below them, so it is
 * handed this by the files that wire the floors together (account-lifecycle.ts beside app.ts), as the relay of fax
 * events is handed its consumers.
 */
export type AccountLifecycle = {
  /** An account was just opened: true when the back office heard of it for the first time (the operators' e-mail waits for it). */
  opened(tx: Database, accountId: string): Promise<boolean>;
  /**
   * Before an account's deletion begins, outside its transaction: what it holds beyond Faxline's database ends (its
   * subscription at the payment provider). Throws, and nothing is deleted, when that cannot be done.
   */
  closing(accountId: string): Promise<void>;
  /**
   * An account is about to be deleted: its faxes deleted, and the keys of their files and of its signed agreements' PDFs,
   * removed once the deletion commits.
   */
  deleting(tx: Tx, accountId: string): Promise<{ count: number; fileKeys: string[] }>;
};
