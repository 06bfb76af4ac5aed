// The page's side of the installed app (decision 132): registers the service worker, and keeps what the app's
// prompts need to know: a new version waiting, the browser's install offer, and whether the history shown is the
// kept copy. Loaded after the first render (main.tsx), never in the landing page's first download.
import { Workbox } from 'workbox-window';
import type { TOfflineCopyMessage } from './messages';

/** Chromium's install offer (not yet in TypeScript's DOM types). */
type TInstallPromptEvent = Event & { prompt: () => Promise<void>; userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }> };

export type TInstalledAppState = {
  /** A new version is installed and waits for the page's "Reload". */
  updateWaiting: boolean;
  /** The browser offers to install the app (its `beforeinstallprompt`, kept for the right moment). */
  canInstall: boolean;
  /** When the history shown was kept, if the server did not answer; null while it answers. */
  offlineSince: number | null;
};

let state: TInstalledAppState = { updateWaiting: false, canInstall: false, offlineSince: null };
const listeners = new Set<() => void>();
let workbox: Workbox | null = null;
let installPrompt: TInstallPromptEvent | null = null;

function update(change: Partial<TInstalledAppState>) {
  state = { ...state, ...change };
  for (const listener of listeners) listener();
}

/** For useSyncExternalStore. */
export const subscribeToInstalledApp = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};
export const installedAppState = () => state;

/** Lets the waiting version take over; the page reloads once it controls it. */
export function applyUpdate(): void {
  if (!workbox) return;
  workbox.addEventListener('controlling', () => window.location.reload());
  workbox.messageSkipWaiting();
}

/** Shows the browser's install dialog; the offer is used up either way. */
export async function offerInstall(): Promise<'accepted' | 'dismissed'> {
  const offer = installPrompt;
  if (!offer) return 'dismissed';
  installPrompt = null;
  update({ canInstall: false });
  await offer.prompt();
  return (await offer.userChoice).outcome;
}

/**
 * Registers /sw.js (where the browser supports it) and starts listening; called once, after the first render, with
 * the install offer the browser made before then, if it made one (main.tsx keeps it).
 */
export function registerServiceWorker(earlyInstallOffer?: Event): void {
  // Kept for later: the browser's own mini-infobar would otherwise offer installing on the first visit.
  const keepInstallOffer = (event: Event) => {
    event.preventDefault();
    installPrompt = event as TInstallPromptEvent;
    update({ canInstall: true });
  };
  if (earlyInstallOffer) keepInstallOffer(earlyInstallOffer);
  window.addEventListener('beforeinstallprompt', keepInstallOffer);
  window.addEventListener('appinstalled', () => {
    installPrompt = null;
    update({ canInstall: false });
  });
  if (!('serviceWorker' in navigator)) return;
  navigator.serviceWorker.addEventListener('message', (event: MessageEvent<TOfflineCopyMessage>) => {
    if (event.data?.type === 'OFFLINE_COPY') update({ offlineSince: event.data.savedAt });
    else if (event.data?.type === 'ONLINE') update({ offlineSince: null });
  });
  workbox = new Workbox('/sw.js', { scope: '/' });
  // A version installed while an older one controls the page: it waits for the person's "Reload".
  workbox.addEventListener('waiting', () => update({ updateWaiting: true }));
  void workbox.register();
}
