/// <reference lib="webworker" />
// The installed app's service worker (decision 132): the app shell kept at install, and every file of ./features/
// loaded, each adding its own listeners to `self` (offline reading, the share target, push notifications). This file
// stays the loader: a feature is added by adding its file.
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, precacheAndRoute } from 'workbox-precaching';

declare const self: ServiceWorkerGlobalScope;

// The build's list of the shell's files with their revisions (vite-plugin-pwa injects it).
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Eager: a service worker may not import() later. Like every import, these are evaluated before the lines above.
import.meta.glob('./features/*.ts', { eager: true });

// The first version serves the open pages at once; a later one waits until the page says "Reload" (register.ts:
// workbox-window's messageSkipWaiting), so that a page is never served by two versions.
clientsClaim();
self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});
