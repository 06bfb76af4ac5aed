import { and, eq, isNull, lt, or } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { Database } from '../platform/db/client';
import { sessions } from './schema';

/** A session's last-seen time is known to the minute: written at most once a minute, whichever process serves it. */
export const LAST_SEEN_PRECISION_MS = 60_000;

export type LastSeenWriter = { touch(sessionId: string): Promise<void> };

/**
 * Keeps `sessions.last_seen_at` (the devices list's "last seen") without a write per request: this process writes a
 * session's time once a minute at most, and the write's condition keeps other processes from writing it again within
 * that minute.
 */
export function lastSeenWriter(db: Database): LastSeenWriter {
  const written = new LRUCache<string, number>({ max: 100_000, ttl: LAST_SEEN_PRECISION_MS });
  return {
    async touch(sessionId) {
      if (written.has(sessionId)) return;
      const now = new Date();
      written.set(sessionId, now.getTime());
      await db
        .update(sessions)
        .set({ lastSeenAt: now })
        .where(
          and(
            eq(sessions.id, sessionId),
            or(isNull(sessions.lastSeenAt), lt(sessions.lastSeenAt, new Date(now.getTime() - LAST_SEEN_PRECISION_MS))),
          ),
        );
    },
  };
}
