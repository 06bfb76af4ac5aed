import { describe, expect, it } from 'vitest';
import { handNotifications } from '../../../test/support/hand-notifications';
import { cachedUntilNotified } from './notified-cache';
import { MISSED } from './notifications';

const CHANNEL = 'plans_changed';

/** A cache over a load that counts its calls and answers its count. */
function counted(hand: ReturnType<typeof handNotifications>, lifetimeMs = 60_000) {
  let calls = 0;
  const cache = cachedUntilNotified({ load: async () => ++calls, notifications: hand.notifications, channel: CHANNEL, lifetimeMs });
  return { cache, calls: () => calls };
}

describe('a value cached until the database notifies', () => {
  it('is read once, and again after its channel is notified or a notification may have been missed', async () => {
    const hand = handNotifications();
    const { cache } = counted(hand);
    expect(await cache.get()).toBe(1);
    expect(await cache.get()).toBe(1);
    hand.send('another_channel', 'x');
    expect(await cache.get()).toBe(1);
    hand.send(CHANNEL, '');
    expect(await cache.get()).toBe(2);
    hand.send(CHANNEL, MISSED);
    expect(await cache.get()).toBe(3);
  });

  it('is not kept while the process does not listen: nothing would tell it of an edit, not even its own', async () => {
    const hand = handNotifications();
    hand.setListening(false);
    const { cache } = counted(hand);
    expect(await cache.get()).toBe(1);
    expect(await cache.get()).toBe(2);
    // Listening now (and every channel listened to before this flag turns): what is read from here on is kept.
    hand.setListening(true);
    expect(await cache.get()).toBe(3);
    expect(await cache.get()).toBe(3);
  });

  it('knows the value at once while it is kept, and not before it is loaded, after a notification or its lifetime', async () => {
    const hand = handNotifications();
    const { cache } = counted(hand);
    expect(cache.known()).toBeUndefined();
    const loading = cache.get();
    expect(cache.known()).toBeUndefined();
    expect(await loading).toBe(1);
    expect(cache.known()).toBe(1);
    hand.send(CHANNEL, '');
    expect(cache.known()).toBeUndefined();
    expect(await cache.get()).toBe(2);
    expect(cache.known()).toBe(2);
    const brief = counted(hand, 0);
    expect(await brief.cache.get()).toBe(1);
    expect(brief.cache.known()).toBeUndefined();
  });

  it('does not keep a read that a notification overtook, and reads again after its lifetime', async () => {
    const hand = handNotifications();
    const { cache } = counted(hand, 0);
    expect(await cache.get()).toBe(1);
    expect(await cache.get()).toBe(2);
    const fresh = counted(hand);
    const first = fresh.cache.get();
    hand.send(CHANNEL, '');
    expect(await first).toBe(1);
    expect(await fresh.cache.get()).toBe(2);
  });
});
