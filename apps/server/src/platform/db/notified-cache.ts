import type { DatabaseNotifications } from './notifications';

export type NotifiedCache<T> = {
  /** The cached value, loaded when there is none, when it was dropped, or when it is older than the lifetime. */
  get: () => Promise<T>;
  /**
   * The cached value if it is loaded and still fresh, else undefined (then `get`): for code on every request, which
   * should not pay a promise for a value it already has.
   */
  known: () => T | undefined;
  /** Forgets the value in this process at once (an edit made here is seen by the next request, whatever the network). */
  drop: () => void;
  /** Stops listening (the application closes). */
  close: () => void;
};

/**
 * A value read from the database and kept in memory until `channel` is notified by any process on the database (the
 * table's trigger sends it in the transaction of the edit, so at its commit), and `lifetimeMs` at the latest. A value
 * read while this process is not listening (its listening connection not yet open, or lost) is answered and not kept:
 * nothing would tell it of an edit, not even this process's own (`caughtUp` cannot wait for what is not heard). The
 * lifetime bounds the harm of anything else (a stalled connection).
 */
export function cachedUntilNotified<T>(options: {
  load: () => Promise<T>;
  notifications: DatabaseNotifications;
  channel: string;
  lifetimeMs: number;
}): NotifiedCache<T> {
  let entry: { at: number; value: Promise<T>; loaded?: { value: T } } | null = null;
  const fresh = (at: number) => Date.now() - at < options.lifetimeMs;

  // A load that started before a drop may still return the old value to its own caller, but is never kept: `drop`
  // clears the entry it was stored in.
  const drop = () => {
    entry = null;
  };
  const unsubscribe = options.notifications.subscribe(options.channel, drop);

  return {
    get: () => {
      if (entry && fresh(entry.at)) return entry.value;
      if (!options.notifications.isListening()) return options.load();
      const next: NonNullable<typeof entry> = { at: Date.now(), value: options.load() };
      next.value.then(
        (value) => void (next.loaded = { value }),
        () => {
          if (entry === next) entry = null; // a failed read is tried again by the next caller
        },
      );
      entry = next;
      return next.value;
    },
    known: () => (entry?.loaded && fresh(entry.at) ? entry.loaded.value : undefined),
    drop,
    close: unsubscribe,
  };
}
