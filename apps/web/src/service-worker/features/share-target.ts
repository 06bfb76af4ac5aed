/// <reference lib="webworker" />
// Share to fax (issue 42 item 4, decision 132): another app's "Share" posts its files to the manifest's share target;
// they are kept in Cache Storage, the person lands on the send page, and the page takes them (shared-files.ts) and
// deletes them there. Only what the send page attaches is kept (PDFs and pictures).
import { SHARE_TARGET, webPaths } from '@faxline/shared';
import { CACHE_NAMES } from '../messages';

declare const self: ServiceWorkerGlobalScope;

/** Whether a shared file is one the send page attaches (the manifest's `accept`, checked again: a POST can send anything). */
const attachable = (file: File) => file.type === 'application/pdf' || file.type.startsWith('image/');

/** Keeps the shared files under /shared-files/<n>, each with its name and type, replacing an earlier share not yet taken. */
async function keepSharedFiles(files: File[]): Promise<void> {
  await caches.delete(CACHE_NAMES.shared);
  const cache = await caches.open(CACHE_NAMES.shared);
  await Promise.all(
    files.map((file, index) =>
      cache.put(
        `/shared-files/${index}`,
        new Response(file, { headers: { 'content-type': file.type, 'x-file-name': encodeURIComponent(file.name) } }),
      ),
    ),
  );
}

async function receiveShare(request: Request): Promise<Response> {
  const form = await request.formData();
  const files = form.getAll(SHARE_TARGET.filesField).filter((entry): entry is File => entry instanceof File && attachable(entry));
  await keepSharedFiles(files);
  return Response.redirect(`${webPaths.user.sendFax.path}?shared=${files.length}`, 303);
}

self.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url);
  if (url.origin !== self.location.origin || event.request.method !== 'POST' || url.pathname !== SHARE_TARGET.action) return;
  event.respondWith(receiveShare(event.request));
});
