import { faxImageWithin, scanPhoto, type TScannedPage } from './fax-page';
import type { TBitImage, TCorners, TGreyImage, TRgbaImage } from './images';

/** What the scan worker is asked: a photo to scan, or a page to make again within the person's corners. */
export type TScanTask = { kind: 'scan'; photo: TRgbaImage } | { kind: 'straighten'; photo: TGreyImage; corners: TCorners };
type TAnswer = { scanned: TScannedPage } | { image: TBitImage } | { error: string };

let worker: Worker | null = null;

/**
 * One task in the Web Worker (scan-worker.ts), one at a time; null where a worker cannot start (an old browser, a
 * policy that forbids it) or failed, and the caller does the task on this thread: the page is the same, only the wait
 * differs. The task's pixels are copies: the caller keeps its own.
 */
async function inWorker(task: TScanTask, transfer: Transferable[]): Promise<TAnswer | null> {
  try {
    worker ??= new Worker(new URL('./scan-worker.ts', import.meta.url), { type: 'module' });
  } catch {
    return null;
  }
  const thread = worker;
  const answer = await new Promise<TAnswer | null>((resolve) => {
    thread.onmessage = (event: MessageEvent<TAnswer>) => resolve(event.data);
    // The worker's script did not load or failed outside a task: this thread does it.
    thread.onerror = (event) => {
      event.preventDefault();
      resolve(null);
    };
    thread.postMessage(task, transfer);
  });
  if (answer === null) {
    thread.terminate();
    worker = null;
  }
  if (answer && 'error' in answer) throw new Error(answer.error);
  return answer;
}

/** `scanPhoto` off the page's thread. */
export async function scanPhotoOffThread(photo: TRgbaImage): Promise<TScannedPage> {
  const pixels = new Uint8ClampedArray(photo.data);
  const answer = await inWorker({ kind: 'scan', photo: { width: photo.width, height: photo.height, data: pixels } }, [pixels.buffer]);
  return answer && 'scanned' in answer ? answer.scanned : scanPhoto(photo);
}

/** `faxImageWithin` off the page's thread. */
export async function faxImageWithinOffThread(photo: TGreyImage, corners: TCorners): Promise<TBitImage> {
  const pixels = photo.data.slice();
  const answer = await inWorker({ kind: 'straighten', photo: { ...photo, data: pixels }, corners }, [pixels.buffer]);
  return answer && 'image' in answer ? answer.image : faxImageWithin(photo, corners);
}
