/** Sign-in and sign-out reach the other open tabs of the same browser (spec 000 §4) through this channel. */
export const AUTH_CHANNEL_NAME = 'faxline-auth';

export type TAuthBroadcast = { type: 'SIGNED_IN' | 'SIGNED_OUT' };

export type TAuthChannel = { post: (message: TAuthBroadcast) => void; close: () => void };

export function isAuthBroadcast(data: unknown): data is TAuthBroadcast {
  if (typeof data !== 'object' || data === null) return false;
  const type = (data as { type?: unknown }).type;
  return type === 'SIGNED_IN' || type === 'SIGNED_OUT';
}

/**
 * Opens the channel; `onMessage` runs for each message another tab posts (never for this tab's own). Browsers
 * without BroadcastChannel get a channel that does nothing: their tabs still catch up when they regain focus.
 */
export function openAuthChannel(onMessage: (message: TAuthBroadcast) => void): TAuthChannel {
  if (typeof BroadcastChannel === 'undefined') return { post: () => {}, close: () => {} };
  const channel = new BroadcastChannel(AUTH_CHANNEL_NAME);
  channel.onmessage = (event: MessageEvent<unknown>) => {
    if (isAuthBroadcast(event.data)) onMessage(event.data);
  };
  return { post: (message) => channel.postMessage(message), close: () => channel.close() };
}
