import { faxImageWithin, scanPhoto } from './fax-page';
import type { TScanTask } from './scan-off-thread';

/**
 * A photo's processing (about half a second a page on a phone) in a thread of its own, so that the scanner stays
 * responsive while a page is found, straightened and made black and white: a photo in, its scanned page out; or a
 * page made again within corners the person placed. Pixels are handed over (transferred), not copied.
 */
self.onmessage = (event: MessageEvent<TScanTask>) => {
  try {
    const task = event.data;
    if (task.kind === 'scan') {
      const scanned = scanPhoto(task.photo);
      self.postMessage({ scanned }, { transfer: [scanned.image.data.buffer, scanned.photo.data.buffer] });
    } else {
      const image = faxImageWithin(task.photo, task.corners);
      self.postMessage({ image }, { transfer: [image.data.buffer] });
    }
  } catch (error) {
    self.postMessage({ error: error instanceof Error ? error.message : String(error) });
  }
};
