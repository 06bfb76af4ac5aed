/// <reference lib="webworker" />
// Offline reading (decision 132): pages open from the kept shell when the server is out of reach, the script and
// text files of the pages a person opened are kept as they load, and the last answers of the fax history list (and of
// who is signed in, without which the history page sends to /sign-in) are kept to be shown when the server does not
// answer. Nothing else of the API is kept: no fax, document, page image or preview. The kept answers go at sign-out.
import { getCacheKeyForURL, matchPrecache } from 'workbox-precaching';
import { ExpirationPlugin } from 'workbox-expiration';
import { registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import type { WorkboxPlugin } from 'workbox-core';
import { CACHE_NAMES, SAVED_AT_HEADER, type TOfflineCopyMessage } from '../messages';

declare const self: ServiceWorkerGlobalScope;

/** The API answers kept for offline reading: the history list's pages and the session that opens the user area. */
const KEPT_API = new Set(['/api/faxes', '/api/auth/session']);
/** Where the server answers with something other than the web app: never answered with the shell. */
const NOT_THE_APP = /^\/(api|v1|\.well-known|oauth|mcp|scim|downloads)(\/|$)/;

async function tellPages(message: TOfflineCopyMessage): Promise<void> {
  for (const client of await self.clients.matchAll({ type: 'window' })) client.postMessage(message);
}

/**
 * Stamps a kept answer with when it was kept, so that the page can say how old what it shows is. A session found
 * gone (signed out elsewhere, expired) drops every kept answer instead.
 */
const stampSavedAt: WorkboxPlugin = {
  cacheWillUpdate: async ({ request, response }) => {
    if (!response.ok) return null;
    if (new URL(request.url).pathname === '/api/auth/session' && !((await response.clone().json()) as { session?: unknown }).session) {
      await caches.delete(CACHE_NAMES.offline);
      return null;
    }
    const headers = new Headers(response.headers);
    headers.set(SAVED_AT_HEADER, String(Date.now()));
    return new Response(await response.blob(), { status: response.status, statusText: response.statusText, headers });
  },
};

/** Tells the pages whether what they are shown is the server's answer or the kept copy. */
const announceSource: WorkboxPlugin = {
  fetchDidSucceed: async ({ response }) => {
    await tellPages({ type: 'ONLINE' });
    return response;
  },
  cachedResponseWillBeUsed: async ({ cachedResponse }) => {
    if (cachedResponse)
      await tellPages({ type: 'OFFLINE_COPY', savedAt: Number(cachedResponse.headers.get(SAVED_AT_HEADER)) || Date.now() });
    return cachedResponse;
  },
};

registerRoute(
  ({ url, request }) => url.origin === self.location.origin && request.method === 'GET' && KEPT_API.has(url.pathname),
  new NetworkFirst({
    cacheName: CACHE_NAMES.offline,
    // A server that answers slowly is still the server: the copy is for a server that does not answer at all.
    plugins: [stampSavedAt, announceSource, new ExpirationPlugin({ maxEntries: 10, maxAgeSeconds: 7 * 24 * 60 * 60 })],
  }),
);

// The build's scripts, styles and texts: their names change with their content, so a kept one is never stale. The
// shell's own are answered by the precache (this module's routes come first: sw.ts's imports are evaluated before it).
registerRoute(
  ({ url }) => url.origin === self.location.origin && url.pathname.startsWith('/assets/') && !getCacheKeyForURL(url.href),
  new CacheFirst({ cacheName: 'faxline-assets-v1', plugins: [new ExpirationPlugin({ maxEntries: 400, purgeOnQuotaError: true })] }),
);

// A page: the server's index.html (it may carry a page's own head), else the kept shell.
registerRoute(
  ({ request, url }) => request.mode === 'navigate' && !NOT_THE_APP.test(url.pathname),
  async ({ request }) => {
    try {
      return await fetch(request);
    } catch {
      return (await matchPrecache('index.html')) ?? Response.error();
    }
  },
);

// Signing out (in any tab) or a session found gone drops the kept answers: the next person on this device sees none.
self.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url);
  if (url.origin === self.location.origin && event.request.method === 'POST' && url.pathname === '/api/auth/sign-out') {
    event.waitUntil(caches.delete(CACHE_NAMES.offline));
  }
});
