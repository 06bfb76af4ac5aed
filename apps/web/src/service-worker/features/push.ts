import type { TPushMessage } from '@faxline/shared';

/**
 * The service worker's push notifications (issue 42, decision 133): a push shows its notification, a tap opens the
 * fax's page in a window of the app (the one already open, or a new one). sw.ts loads this module; its listeners are
 * added to the worker's global scope here.
 *
 * The worker's types are written out below, as far as this module uses them, so that it type-checks with the web
 * app's DOM library as well as with the worker's.
 */
type WaitingEvent = Event & { waitUntil: (promise: Promise<unknown>) => void };
type PushEventLike = WaitingEvent & { data: { json: () => unknown } | null };
type NotificationEventLike = WaitingEvent & { notification: Notification };
type WindowClientLike = { url: string; focus: () => Promise<unknown>; navigate: (url: string) => Promise<unknown> };
type WorkerScope = {
  location: { origin: string };
  registration: { showNotification: (title: string, options: NotificationOptions) => Promise<void> };
  clients: {
    matchAll: (options: { type: 'window'; includeUncontrolled: boolean }) => Promise<readonly WindowClientLike[]>;
    openWindow: (url: string) => Promise<unknown>;
  };
  addEventListener: ((type: 'push', listener: (event: PushEventLike) => void) => void) &
    ((type: 'notificationclick', listener: (event: NotificationEventLike) => void) => void);
};

const scope = self as unknown as WorkerScope;

/** What the server pushed, when it is a Faxline message (push/send-push-job.ts); null for anything else. */
function messageOf(event: PushEventLike): TPushMessage | null {
  try {
    const data = event.data?.json() as Partial<TPushMessage> | undefined;
    if (typeof data?.title !== 'string' || typeof data.url !== 'string' || !data.url.startsWith('/')) return null;
    return { title: data.title, body: typeof data.body === 'string' ? data.body : '', url: data.url, tag: String(data.tag ?? data.url) };
  } catch {
    return null;
  }
}

scope.addEventListener('push', (event) => {
  const message = messageOf(event);
  if (!message) return;
  event.waitUntil(
    // The tag is the event's: the same push delivered twice replaces its notification instead of showing twice.
    scope.registration.showNotification(message.title, {
      body: message.body,
      tag: message.tag,
      icon: '/favicon.svg',
      data: { url: message.url },
    }),
  );
});

/**
 * Opens the page in the app's window already open (the first one found), focused first while the tap still allows it;
 * in a new window when none is open or the open one cannot be sent there (a window this worker does not control).
 */
async function openPage(url: string): Promise<void> {
  const windows = await scope.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows.find((client) => new URL(client.url).origin === scope.location.origin);
  if (open) {
    await open.focus();
    if (await open.navigate(url).catch(() => null)) return;
  }
  await scope.clients.openWindow(url);
}

scope.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const path = (event.notification.data as { url?: unknown } | null)?.url;
  // Only a page of the app: a notification's data comes from the server, but nothing here opens another site.
  const url = new URL(typeof path === 'string' && path.startsWith('/') ? path : '/user/dashboard', scope.location.origin).href;
  event.waitUntil(openPage(url));
});
