import { describe, expect, it } from 'vitest';
import { handNotifications } from '../../test/support/hand-notifications';
import { MISSED } from '../platform/db/notifications';
import { ACCOUNT_CHANGED_CHANNEL, createHistoryCache, type HistoryRead } from './history-cache';

/** `change(account)` is what a commit touching that account's faxes or members sends. */
function accountNotifications() {
  const hand = handNotifications();
  return { ...hand, change: (payload: string) => hand.send(ACCOUNT_CHANGED_CHANNEL, payload) };
}

/** A load that counts its calls and answers `body` for `accountId`. */
function loader(accountId: string) {
  let calls = 0;
  const load = async (): Promise<HistoryRead> => ({ accountId, body: `${accountId}:${++calls}` });
  return { load, calls: () => calls };
}

const open = (hand: ReturnType<typeof accountNotifications>) =>
  createHistoryCache({ notifications: hand.notifications, maxEntries: 100, lifetimeMs: 60_000 });

describe('the history cache', () => {
  it('answers a query again from memory, per person and query', async () => {
    const cache = open(accountNotifications());
    const a = loader('account-a');
    expect(await cache.read('ada', 'page 1', a.load)).toBe('account-a:1');
    expect(await cache.read('ada', 'page 1', a.load)).toBe('account-a:1');
    expect(await cache.read('ada', 'page 2', a.load)).toBe('account-a:2');
    expect(await cache.read('bob', 'page 1', a.load)).toBe('account-a:3');
    expect(a.calls()).toBe(3);
  });

  it("drops an account's answers when it changes, and only that account's", async () => {
    const hand = accountNotifications();
    const cache = open(hand);
    const a = loader('account-a');
    const b = loader('account-b');
    await cache.read('ada', 'page 1', a.load);
    await cache.read('ada', 'page 2', a.load);
    await cache.read('bea', 'page 1', b.load);
    hand.change('account-a');
    expect(await cache.read('ada', 'page 1', a.load)).toBe('account-a:3');
    expect(await cache.read('ada', 'page 2', a.load)).toBe('account-a:4');
    expect(await cache.read('bea', 'page 1', b.load)).toBe('account-b:1');
  });

  it('keeps nothing read while a change arrived: the read may have started before its commit', async () => {
    const hand = accountNotifications();
    const cache = open(hand);
    let finish: (read: HistoryRead) => void = () => {};
    const slow = () => new Promise<HistoryRead>((resolve) => (finish = resolve));
    const first = cache.read('ada', 'page 1', slow);
    // The account is not known until the read ends: any account's change may be this one's.
    hand.change('account-z');
    finish({ accountId: 'account-a', body: 'before the change' });
    expect(await first).toBe('before the change');
    const a = loader('account-a');
    expect(await cache.read('ada', 'page 1', a.load)).toBe('account-a:1');
  });

  it('drops everything when notifications may have been missed, and keeps nothing while they cannot arrive', async () => {
    const hand = accountNotifications();
    const cache = open(hand);
    const a = loader('account-a');
    await cache.read('ada', 'page 1', a.load);
    hand.change(MISSED);
    expect(await cache.read('ada', 'page 1', a.load)).toBe('account-a:2');
    hand.setListening(false);
    hand.change(MISSED);
    expect(await cache.read('ada', 'page 1', a.load)).toBe('account-a:3');
    expect(await cache.read('ada', 'page 1', a.load)).toBe('account-a:4');
  });

  it('does not keep a failed read', async () => {
    const cache = open(accountNotifications());
    await expect(cache.read('ada', 'page 1', () => Promise.reject(new Error('forbidden')))).rejects.toThrow('forbidden');
    expect(await cache.read('ada', 'page 1', loader('account-a').load)).toBe('account-a:1');
  });

  it('keeps nothing when it is given no room', async () => {
    const hand = accountNotifications();
    const cache = createHistoryCache({ notifications: hand.notifications, maxEntries: 0, lifetimeMs: 60_000 });
    const a = loader('account-a');
    await cache.read('ada', 'page 1', a.load);
    await cache.read('ada', 'page 1', a.load);
    expect(a.calls()).toBe(2);
  });
});
