import { describe, expect, it } from 'vitest';
import { inspectImage } from './inspect-image';

/** A JPEG's segments up to its frame header: SOI, an APP1 of `appBytes`, fill bytes, then the frame of `marker`. */
function jpeg(width: number, height: number, marker = 0xc0, appBytes = 100): Uint8Array {
  const app1 = [0xff, 0xe1, (appBytes + 2) >> 8, (appBytes + 2) & 0xff, ...new Array<number>(appBytes).fill(0x41)];
  const frame = [0xff, 0xff, 0xff, marker, 0x00, 0x11, 0x08, height >> 8, height & 0xff, width >> 8, width & 0xff, 0x03];
  return new Uint8Array([0xff, 0xd8, ...app1, ...frame, ...new Array<number>(9).fill(0)]);
}

describe('an image judged by its header', () => {
  it('reads a JPEG frame header after other segments and fill bytes, baseline or progressive', () => {
    expect(inspectImage(jpeg(4000, 3000), 'jpeg')).toEqual({ verdict: 'ok', width: 4000, height: 3000 });
    expect(inspectImage(jpeg(4000, 3000, 0xc2, 5000), 'jpeg')).toEqual({ verdict: 'ok', width: 4000, height: 3000 });
  });

  it('refuses past 20,000 pixels on a side or 50 million pixels (what a fax page can use, with room for photos)', () => {
    expect(inspectImage(jpeg(20_001, 10), 'jpeg').verdict).toBe('too-large');
    expect(inspectImage(jpeg(20_000, 2_500), 'jpeg').verdict).toBe('ok');
    expect(inspectImage(jpeg(8_160, 6_120), 'jpeg').verdict).toBe('ok');
    expect(inspectImage(jpeg(7_072, 7_071), 'jpeg').verdict).toBe('too-large');
    expect(inspectImage(jpeg(9_999, 9_999), 'jpeg').verdict).toBe('too-large');
  });

  it('calls a header without a size damaged', () => {
    expect(inspectImage(new Uint8Array([0xff, 0xd8, 0xff, 0xda, 0x00, 0x02]), 'jpeg')).toEqual({ verdict: 'damaged' });
    expect(inspectImage(jpeg(0, 100), 'jpeg')).toEqual({ verdict: 'damaged' });
    expect(inspectImage(jpeg(100, 100).subarray(0, 50), 'jpeg')).toEqual({ verdict: 'damaged' });
    expect(inspectImage(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]), 'png')).toEqual({
      verdict: 'damaged',
    });
  });
});
