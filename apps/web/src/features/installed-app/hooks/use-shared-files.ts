import { SHARE_TARGET } from '@faxline/shared';
import { useEffect, useState } from 'react';

import { useSearchState } from '@/lib/use-search-state';
import { CACHE_NAMES } from '@/service-worker/messages';

/** The files another app shared to this one, as the service worker kept them (features/share-target.ts); taken once. */
async function takeSharedFiles(): Promise<File[]> {
  if (!('caches' in window) || !(await caches.has(CACHE_NAMES.shared))) return [];
  const cache = await caches.open(CACHE_NAMES.shared);
  const requests = [...(await cache.keys())].sort((a, b) => a.url.localeCompare(b.url, 'en', { numeric: true }));
  const files = await Promise.all(
    requests.map(async (request) => {
      const response = (await cache.match(request))!;
      const name = decodeURIComponent(response.headers.get('x-file-name') ?? 'shared');
      return new File([await response.blob()], name, { type: response.headers.get('content-type') ?? '' });
    }),
  );
  // Kept no longer than it takes to attach them: a document shared by mistake does not stay on the device.
  await caches.delete(CACHE_NAMES.shared);
  return files;
}

// One reading at a time: React's development double mount must not find the files already taken by the first.
let taking: Promise<File[]> | null = null;
const takeOnce = () => (taking ??= takeSharedFiles().finally(() => (taking = null)));

/**
 * The send page's shared files: empty until the share's files are read (then attached by the form); `lost` when the
 * page was opened by a share (`?shared=`) whose files are not there: the server answered it without the service worker,
 * or the kept copy was gone.
 */
export function useSharedFiles(): { files: File[]; lost: boolean } {
  const [search] = useSearchState();
  const shared = search.get('shared');
  const [files, setFiles] = useState<File[]>([]);
  const [lost, setLost] = useState(false);
  useEffect(() => {
    void takeOnce().then((taken) => {
      if (taken.length > 0) setFiles(taken);
      else setLost(shared === SHARE_TARGET.lost || Number(shared) > 0);
    });
  }, [shared]);
  return { files, lost };
}
