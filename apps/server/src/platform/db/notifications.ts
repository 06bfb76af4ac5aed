import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { Logger } from '../logger';

/** Something that runs SQL: the pool, or the client of an open transaction (a NOTIFY is then sent at its commit). */
export type SqlExecutor = { query: (text: string, values?: unknown[]) => Promise<unknown> };

export type DatabaseNotifications = {
  /**
   * Calls `handler` with each payload sent on `channel` by any process on this database; returns an unsubscribe. When
   * the listening connection is lost, and again when it is back, every handler is called with '' (MISSED): whatever was
   * sent meanwhile did not arrive, so anything may have changed.
   */
  subscribe: (channel: string, handler: (payload: string) => void) => () => void;
  /** Whether notifications arrive now; what is read while they do not can go stale unseen. */
  isListening: () => boolean;
  /**
   * Resolves once every notification of a transaction committed before the call has been handed to its handlers: a
   * change made by this process is then known to its caches (read-your-writes). Immediate while not listening.
   */
  caughtUp: () => Promise<void>;
  close: () => Promise<void>;
};

/** The payload handlers get when notifications may have been missed (see `subscribe`). */
export const MISSED = '';

/**
 * The notifications of a process that does not listen (a tool, or a process that only queues jobs): nothing arrives,
 * so whatever follows them keeps to its lifetime alone.
 */
export const NOT_LISTENING: DatabaseNotifications = {
  subscribe: () => () => {},
  isListening: () => false,
  caughtUp: async () => {},
  close: async () => {},
};

const RECONNECT_MS = 1_000;
// This process's own echo (see `caughtUp`): PostgreSQL delivers notifications in the order their transactions
// committed, so once an echo sent now arrives, everything committed before it has arrived too. Each process echoes on a
// channel of its own: on a shared one, another process's echo, numbered by its own count, released this process's
// waiters before their own echo (and what was committed before it) had arrived.
const ECHO_CHANNEL_PREFIX = 'faxline_echo_';
const ECHO_TIMEOUT_MS = 2_000;

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
  let everConnected = false;
  // Echoes sent and not yet back, by number, oldest first.
  const echoes = new Map<number, () => void>();
  let lastEcho = 0;
  const echoChannel = ECHO_CHANNEL_PREFIX + randomBytes(8).toString('hex');

  const deliver = (channel: string, payload: string) => {
    for (const handler of handlers.get(channel) ?? []) {
      try {
        handler(payload);
      } catch (error) {
        log.error({ err: error, channel }, 'notification handler failed');
      }
    }
  };
  const deliverMissed = () => {
    for (const channel of handlers.keys()) deliver(channel, MISSED);
  };
  const echoArrived = (payload: string) => {
    const number = Number(payload);
    for (const [sent, resolve] of echoes) {
      if (sent > number) break;
      echoes.delete(sent);
      resolve();
    }
  };
  const releaseEchoes = () => {
    for (const resolve of echoes.values()) resolve();
    echoes.clear();
  };

  // One connection at a time, and one retry pending at most: pg may report one loss twice (the server's last error,
  // then the socket's end), and a second chain of retries would open a second LISTEN connection that nobody closes.
  let retry: NodeJS.Timeout | undefined;
  const connect = (): Promise<void> =>
    (connecting ??= (async () => {
      if (closed || client) return;
      const next = new pg.Client({ connectionString: url, application_name: 'faxline-listen' });
      next.on('notification', (message) => {
        if (message.channel === echoChannel) echoArrived(message.payload ?? '');
        else deliver(message.channel, message.payload ?? '');
      });
      next.on('error', (error) => {
        if (client !== next) return; // still connecting (the catch below retries), or already replaced
        log.warn({ err: error }, 'notification connection lost');
        reconnectLater();
      });
      try {
        await next.connect();
        await next.query(`LISTEN ${echoChannel}`);
        for (const channel of handlers.keys()) await next.query(`LISTEN ${quoteChannel(channel)}`);
        if (closed) {
          await next.end().catch(() => undefined);
          return;
        }
        client = next;
        if (everConnected) {
          log.info('listening for notifications again');
          deliverMissed();
        }
        everConnected = true;
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
    if (old) {
      deliverMissed();
      releaseEchoes();
    }
    void old?.end().catch(() => undefined);
    if (closed || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      void connect();
    }, RECONNECT_MS);
    retry.unref();
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
    isListening: () => client !== undefined,
    caughtUp: () => {
      const current = client;
      if (!current) return Promise.resolve();
      const number = ++lastEcho;
      return new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          // Not back in time (a stalled connection): answer anyway, and treat it as lost so the caches start over.
          log.warn('notification echo late: reconnecting');
          if (client === current) reconnectLater();
        }, ECHO_TIMEOUT_MS);
        timer.unref();
        echoes.set(number, () => {
          clearTimeout(timer);
          resolve();
        });
        listening = listening
          .then(() => current.query('SELECT pg_notify($1, $2)', [echoChannel, String(number)]))
          .then(
            () => undefined,
            (error: unknown) => log.warn({ err: error }, 'notification echo failed'),
          );
      });
    },
    close: async () => {
      closed = true;
      clearTimeout(retry);
      releaseEchoes();
      await connecting;
      await client?.end().catch(() => undefined);
      client = undefined;
    },
  };
}

function quoteChannel(channel: string): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`Unsupported notification channel name: ${channel}`);
  return channel;
}
