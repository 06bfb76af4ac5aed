import { LRUCache } from 'lru-cache';
import { MISSED, type DatabaseNotifications } from '../platform/db/notifications';

/** Where the database says that a session ended or a person's sign-in rules changed (the 0060 migration's triggers). */
export const SESSION_CHANGES_CHANNEL = 'faxline_sessions';

export type SessionChanges = {
  /** Whether a signed copy of this session, made before now, may say what is no longer true. */
  outdates(sessionId: string, userId: string): boolean;
};

/**
 * Follows the sessions ended and the people changed anywhere, for as long as a signed copy made before the change can
 * live (SESSION_COOKIE_CACHE_SECONDS): a page read whose copy names one of them asks the database instead (decision
 * 109), so that a session ended from another device is signed out at its next request. Notifications missed (the
 * listening connection was lost) outdate every copy for that long.
 */
export function followSessionChanges(notifications: DatabaseNotifications, copySeconds: number): SessionChanges {
  const lifetimeMs = Math.max(copySeconds, 1) * 1000;
  const changed = new LRUCache<string, true>({ max: 100_000, ttl: lifetimeMs });
  let allUntil = 0;
  notifications.subscribe(SESSION_CHANGES_CHANNEL, (payload) => {
    if (payload === MISSED) allUntil = Date.now() + lifetimeMs;
    else changed.set(payload, true);
  });
  return {
    outdates: (sessionId, userId) =>
      Date.now() < allUntil || !notifications.isListening() || changed.has(`session:${sessionId}`) || changed.has(`user:${userId}`),
  };
}
