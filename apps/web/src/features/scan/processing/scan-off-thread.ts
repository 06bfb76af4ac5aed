import { scanPhoto, type TScannedPage } from './fax-page';
import type { TRgbaImage } from './images';

type TAnswer = { scanned: TScannedPage } | { error: string };

let worker: Worker | null = null;

/**
 * `scanPhoto` in a Web Worker (scan-worker.ts), one photo at a time; where a worker cannot start (an old browser, a
 * policy that forbids it), on this thread as before: the page is the same, only the wait differs.
 */
export async function scanPhotoOffThread(photo: TRgbaImage): Promise<TScannedPage> {
  try {
    worker ??= new Worker(new URL('./scan-worker.ts', import.meta.url), { type: 'module' });
  } catch {
    return scanPhoto(photo);
  }
  const thread = worker;
  const answer = await new Promise<TAnswer | null>((resolve) => {
    thread.onmessage = (event: MessageEvent<TAnswer>) => resolve(event.data);
    // The worker's script did not load or failed outside a photo's processing: this thread does the page.
    thread.onerror = (event) => {
      event.preventDefault();
      resolve(null);
    };
    const pixels = new Uint8ClampedArray(photo.data);
    thread.postMessage({ width: photo.width, height: photo.height, data: pixels } satisfies TRgbaImage, [pixels.buffer]);
  });
  if (answer === null) {
    thread.terminate();
    worker = null;
    return scanPhoto(photo);
  }
  if ('error' in answer) throw new Error(answer.error);
  return answer.scanned;
}
