import { LRUCache } from 'lru-cache';
import { MISSED, type DatabaseNotifications } from '../platform/db/notifications';

/** Sent at the commit of any change to an account's faxes, their counts or its members (migration 0011). */
export const ACCOUNT_CHANGED_CHANNEL = 'account_changed';

/** A bound on anything a notification could not say (a change made with the triggers disabled, say). */
export const HISTORY_CACHE_LIFETIME_MS = 60_000;

/** What a history read gives: the answer's body, and the account it was read in (known only once read). */
export type HistoryRead = { accountId: string; body: string };

export type HistoryCache = {
  /**
   * The answer kept for this person and query, or `load`'s, kept until the account changes. A load that fails is not
   * kept (the next request tries again), nor is one made while changes cannot be heard.
   */
  read: (userId: string, query: string, load: () => Promise<HistoryRead>) => Promise<string>;
  close: () => void;
};

type Entry = { accountId: string | null; read: Promise<HistoryRead> };

/**
 * Fax history pages, the most read answer of all (the web asks again while a fax is in flight), kept in memory per
 * person and query until the database says their account changed (decision 035). Every change to an account's faxes,
 * counts or members notifies at its commit, from any process, so an answer here is never older than the last commit
 * this process has heard of; a change this process makes itself is heard before it answers (`caughtUp`, app.ts), so the
 * person who made it reads it. `lifetimeMs` bounds anything else.
 */
export function createHistoryCache(options: {
  notifications: DatabaseNotifications;
  maxEntries: number;
  lifetimeMs: number;
}): HistoryCache {
  if (options.maxEntries === 0) return { read: async (_userId, _query, load) => (await load()).body, close: () => {} };
  // The keys kept per account, to drop them together; and the keys whose load has not yet said its account.
  const byAccount = new Map<string, Set<string>>();
  const unplaced = new Set<string>();
  const forget = (key: string, entry: Entry) => {
    unplaced.delete(key);
    if (entry.accountId === null) return;
    const keys = byAccount.get(entry.accountId);
    keys?.delete(key);
    if (keys?.size === 0) byAccount.delete(entry.accountId);
  };
  const entries = new LRUCache<string, Entry>({
    max: options.maxEntries,
    ttl: options.lifetimeMs,
    dispose: (entry, key) => forget(key, entry),
  });

  const dropAccount = (accountId: string) => {
    if (accountId === MISSED) return entries.clear();
    for (const key of [...(byAccount.get(accountId) ?? []), ...unplaced]) entries.delete(key);
  };
  const unsubscribe = options.notifications.subscribe(ACCOUNT_CHANGED_CHANNEL, dropAccount);

  return {
    read: async (userId, query, load) => {
      const key = `${userId}\n${query}`;
      const kept = entries.get(key);
      if (kept) return (await kept.read).body;
      const read = load();
      if (!options.notifications.isListening()) return (await read).body;
      const entry: Entry = { accountId: null, read };
      entries.set(key, entry);
      // Until its account is known, any account's change may be this one's: it is dropped by every change.
      unplaced.add(key);
      let result: HistoryRead;
      try {
        result = await read;
      } catch (error) {
        if (entries.peek(key) === entry) entries.delete(key);
        throw error;
      }
      if (entries.peek(key) === entry) {
        unplaced.delete(key);
        entry.accountId = result.accountId;
        const keys = byAccount.get(result.accountId) ?? new Set<string>();
        byAccount.set(result.accountId, keys.add(key));
      }
      return result.body;
    },
    close: () => {
      unsubscribe();
      entries.clear();
    },
  };
}
