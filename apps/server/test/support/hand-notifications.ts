import type { DatabaseNotifications } from '../../src/platform/db/notifications';

/**
 * Database notifications sent by hand, for a unit test of what listens to them: `send(channel, payload)` is what a
 * commit notifying `channel` delivers, and `setListening(false)` is a process whose listening connection is not open.
 */
export function handNotifications() {
  const handlers = new Map<string, Set<(payload: string) => void>>();
  let listening = true;
  const notifications: DatabaseNotifications = {
    subscribe: (channel, handler) => {
      const set = handlers.get(channel) ?? new Set();
      handlers.set(channel, set.add(handler));
      return () => void set.delete(handler);
    },
    isListening: () => listening,
    caughtUp: async () => {},
    close: async () => {},
  };
  return {
    notifications,
    send: (channel: string, payload: string) => handlers.get(channel)?.forEach((handler) => handler(payload)),
    setListening: (value: boolean) => (listening = value),
  };
}
