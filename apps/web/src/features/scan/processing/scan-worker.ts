import { scanPhoto } from './fax-page';
import type { TRgbaImage } from './images';

/**
 * A photo's processing (about half a second a page on a phone) in a thread of its own, so that the scanner stays
 * responsive while a page is found, straightened and made black and white. One photo in, its scanned page out; the
 * pixels are handed over (transferred), not copied.
 */
self.onmessage = (event: MessageEvent<TRgbaImage>) => {
  try {
    const scanned = scanPhoto(event.data);
    self.postMessage({ scanned }, { transfer: [scanned.image.data.buffer] });
  } catch (error) {
    self.postMessage({ error: error instanceof Error ? error.message : String(error) });
  }
};
