/**
 * The largest image a fax page may carry (docs/decisions/063). A page at superfine is 1728 x 4592 dots (7.9 million),
 * at fine 1728 x 2292 (4 million); every image is scaled down to fit one. The limit leaves six times the superfine
 * page for the photos and scans that get scaled down: a 50 megapixel phone photo (8,160 x 6,120), an A4 page scanned
 * at 600 dpi (35 million). It refuses what only costs: a 9,999 x 9,999 PNG fits in a few kilobytes and decodes to
 * 400 MB.
 */
export const MAX_IMAGE_MEGAPIXELS = 50;
export const MAX_IMAGE_SIDE = 20_000;

export type ImageSize = { width: number; height: number };
export type ImageInspection = ({ verdict: 'ok' } & ImageSize) | ({ verdict: 'too-large' } & ImageSize) | { verdict: 'damaged' };

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** Width and height from the IHDR chunk, which the PNG format requires to come first. */
function pngSize(bytes: Uint8Array): ImageSize | null {
  if (bytes.length < 24 || PNG_SIGNATURE.some((byte, i) => bytes[i] !== byte)) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (view.getUint32(8) !== 13 || new TextDecoder().decode(bytes.subarray(12, 16)) !== 'IHDR') return null;
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

/** Start-of-frame markers (baseline, progressive, lossless...): every 0xC0-0xCF but DHT (C4), JPG (C8) and DAC (CC). */
const isStartOfFrame = (marker: number) => marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;

/** Width and height from the first start-of-frame segment, walking the segments before it by their lengths. */
function jpegSize(bytes: Uint8Array): ImageSize | null {
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8) return null;
  const read16 = (at: number) => (bytes[at]! << 8) | bytes[at + 1]!;
  let at = 2;
  while (at < bytes.length) {
    if (bytes[at] !== 0xff) return null;
    while (bytes[at] === 0xff) at += 1; // fill bytes
    const marker = bytes[at];
    at += 1;
    if (marker === undefined) return null;
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd8)) continue; // markers without a segment
    if (marker === 0xd9 || marker === 0xda) return null; // end of image, or scan data, before any frame header
    if (at + 2 > bytes.length) return null;
    const length = read16(at);
    if (length < 2) return null;
    if (isStartOfFrame(marker)) {
      if (at + 7 > bytes.length) return null;
      return { height: read16(at + 3), width: read16(at + 5) };
    }
    at += length;
  }
  return null;
}

/**
 * An image's size read from its header only, never decoding its pixels: refused past MAX_IMAGE_MEGAPIXELS or
 * MAX_IMAGE_SIDE, and damaged when the header cannot be read or gives no size (a JPEG whose height comes later, in a
 * DNL segment, is too unusual to be worth supporting).
 */
export function inspectImage(bytes: Uint8Array, type: 'png' | 'jpeg'): ImageInspection {
  const size = type === 'png' ? pngSize(bytes) : jpegSize(bytes);
  if (!size || size.width === 0 || size.height === 0) return { verdict: 'damaged' };
  const tooLarge =
    size.width > MAX_IMAGE_SIDE || size.height > MAX_IMAGE_SIDE || size.width * size.height > MAX_IMAGE_MEGAPIXELS * 1_000_000;
  return { verdict: tooLarge ? 'too-large' : 'ok', ...size };
}
