import pg from 'pg';
import type { Logger } from '../logger';

/** Something that runs SQL: the pool, or the client of an open transaction (a NOTIFY is then sent at its commit). */
export type SqlExecutor = { query: (text: string, values?: unknown[]) => Promise<unknown> };

export type DatabaseNotifications = {
  /** Calls `handler` with each payload sent on `channel` by any process on this database; returns an unsubscribe. */
  subscribe: (channel: string, handler: (payload: string) => void) => () => void;
  close: () => Promise<void>;
};

const RECONNECT_MS = 1_000;

/**
 * PostgreSQL LISTEN/NOTIFY over one dedicated connection per process: how one process tells the others (and itself)
 * that something changed (a job was queued, a cached setting was edited) without anyone polling. A lost connection is
 * re-opened; what was sent meanwhile is missed, so listeners keep a fallback (a poll, a short cache lifetime).
 */
export function listenForNotifications(url: string, logger: Logger): DatabaseNotifications {
  const log = logger.child({ component: 'db-notifications' });
  const handlers = new Map<string, Set<(payload: string) => void>>();
  let client: pg.Client | undefined;
  let closed = false;
  let connecting: Promise<void> | undefined;

  const connect = (): Promise<void> =>
    (connecting ??= (async () => {
      const next = new pg.Client({ connectionString: url, application_name: 'faxline-listen' });
      next.on('notification', (message) => {
        for (const handler of handlers.get(message.channel) ?? []) {
          try {
            handler(message.payload ?? '');
          } catch (error) {
            log.error({ err: error, channel: message.channel }, 'notification handler failed');
          }
        }
      });
      next.on('error', (error) => {
        log.warn({ err: error }, 'notification connection lost');
        reconnectLater();
      });
      try {
        await next.connect();
        for (const channel of handlers.keys()) await next.query(`LISTEN ${quoteChannel(channel)}`);
        client = next;
      } catch (error) {
        log.warn({ err: error }, 'cannot listen for notifications yet');
        await next.end().catch(() => undefined);
        reconnectLater();
      } finally {
        connecting = undefined;
      }
    })());

  const reconnectLater = () => {
    const old = client;
    client = undefined;
    void old?.end().catch(() => undefined);
    if (!closed) setTimeout(() => void connect(), RECONNECT_MS).unref();
  };

  void connect();

  // One LISTEN at a time on the connection (pg deprecates overlapping queries on one client).
  let listening = Promise.resolve();

  return {
    subscribe: (channel, handler) => {
      let set = handlers.get(channel);
      if (!set) {
        set = new Set();
        handlers.set(channel, set);
        const statement = `LISTEN ${quoteChannel(channel)}`;
        const current = client;
        if (current)
          listening = listening
            .then(() => current.query(statement))
            .then(
              () => undefined,
              (error: unknown) => log.warn({ err: error, channel }, 'LISTEN failed'),
            );
      }
      set.add(handler);
      return () => void set.delete(handler);
    },
    close: async () => {
      closed = true;
      await connecting;
      await client?.end().catch(() => undefined);
      client = undefined;
    },
  };
}

/** Sends `payload` on `channel`; inside a transaction it is delivered when (and only if) the transaction commits. */
export async function notify(executor: SqlExecutor, channel: string, payload = ''): Promise<void> {
  await executor.query('SELECT pg_notify($1, $2)', [channel, payload]);
}

function quoteChannel(channel: string): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`Unsupported notification channel name: ${channel}`);
  return channel;
}
