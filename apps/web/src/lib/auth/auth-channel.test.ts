import { afterEach, describe, expect, it, vi } from 'vitest';

import { AUTH_CHANNEL_NAME, isAuthBroadcast, openAuthChannel, type TAuthChannel } from './auth-channel';

const opened: TAuthChannel[] = [];
const open = (onMessage: Parameters<typeof openAuthChannel>[0]) => {
  const channel = openAuthChannel(onMessage);
  opened.push(channel);
  return channel;
};
afterEach(() => {
  for (const channel of opened.splice(0)) channel.close();
});

describe('isAuthBroadcast', () => {
  it('accepts sign-in and sign-out messages only', () => {
    expect(isAuthBroadcast({ type: 'SIGNED_IN' })).toBe(true);
    expect(isAuthBroadcast({ type: 'SIGNED_OUT' })).toBe(true);
    expect(isAuthBroadcast({ type: 'TOKEN_REFRESHED' })).toBe(false);
    expect(isAuthBroadcast('SIGNED_IN')).toBe(false);
    expect(isAuthBroadcast(null)).toBe(false);
  });
});

// Node has BroadcastChannel too: two channels here behave like two tabs of one browser.
describe('openAuthChannel', () => {
  it('delivers a sign-in from one tab to the others, not back to the sender', async () => {
    const senderHeard = vi.fn();
    const otherTab = new Promise((resolve) => open(resolve));
    const sender = open(senderHeard);

    sender.post({ type: 'SIGNED_IN' });
    await expect(otherTab).resolves.toEqual({ type: 'SIGNED_IN' });
    expect(senderHeard).not.toHaveBeenCalled();
  });

  it('ignores foreign messages on the same channel name', async () => {
    const heard = vi.fn();
    open(heard);
    const stranger = new BroadcastChannel(AUTH_CHANNEL_NAME);
    const received = new Promise((resolve) => open(resolve));
    stranger.postMessage({ type: 'SOMETHING_ELSE' });
    stranger.postMessage({ type: 'SIGNED_OUT' });
    await expect(received).resolves.toEqual({ type: 'SIGNED_OUT' });
    expect(heard).toHaveBeenCalledTimes(1);
    expect(heard).toHaveBeenCalledWith({ type: 'SIGNED_OUT' });
    stranger.close();
  });
});
