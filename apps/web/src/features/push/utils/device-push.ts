/**
 * This browser's side of push notifications: whether it can get them, its subscription, subscribing with the server's
 * key and unsubscribing. The service worker's registration comes from `navigator.serviceWorker.ready` (the app
 * registers the worker); a browser where none becomes ready in time cannot get pushes from Faxline.
 */

/** What this browser allows: no push at all, notifications refused by the person, or push possible. */
export type TPushSupport = 'unsupported' | 'denied' | 'available';

const READY_TIMEOUT_MS = 10_000;

export function pushSupport(): TPushSupport {
  if (!('serviceWorker' in navigator) || !('PushManager' in window) || !('Notification' in window)) return 'unsupported';
  return Notification.permission === 'denied' ? 'denied' : 'available';
}

/** The app's service worker registration, or null when none is ready in time. */
async function registration(): Promise<ServiceWorkerRegistration | null> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), READY_TIMEOUT_MS)));
  try {
    return await Promise.race([navigator.serviceWorker.ready, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** This browser's subscription, or null (none, or no service worker). */
export async function currentSubscription(): Promise<PushSubscription | null> {
  return (await registration())?.pushManager.getSubscription() ?? null;
}

/** A base64url key as `applicationServerKey` takes it. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

/** Whether a subscription was made with this key: one made with an earlier key must be made again. */
function madeWith(subscription: PushSubscription, key: Uint8Array): boolean {
  const used = subscription.options.applicationServerKey;
  if (!used) return false;
  const bytes = new Uint8Array(used);
  return bytes.length === key.length && bytes.every((byte, index) => byte === key[index]);
}

/**
 * Asks the person for notifications (the browser's own prompt) and subscribes this browser with the server's key;
 * 'denied' when they refused, 'unsupported' when no service worker is ready.
 */
export async function subscribeDevice(publicKey: string): Promise<PushSubscription | 'denied' | 'unsupported'> {
  if ((await Notification.requestPermission()) !== 'granted') return 'denied';
  const ready = await registration();
  if (!ready) return 'unsupported';
  const key = keyBytes(publicKey);
  const existing = await ready.pushManager.getSubscription();
  if (existing && madeWith(existing, key)) return existing;
  await existing?.unsubscribe();
  return ready.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
}

/** The device's name in the list of a person's devices: what the browser says of itself. */
export const deviceLabel = (): string => navigator.userAgent.slice(0, 200);
