import { homographyBetween, rectangleCorners } from './homography';
import type { TCorners, TGreyImage } from './images';

/**
 * The quadrilateral `corners` of the image straightened into a width x height rectangle: each output pixel's centre is
 * taken back through the homography into the photo and read there between its four neighbours (bilinear).
 * Outside the photo reads as white paper.
 */
export function warpQuadrilateral(image: TGreyImage, corners: TCorners, width: number, height: number): TGreyImage {
  const h = homographyBetween(rectangleCorners(width, height), corners);
  const out = new Uint8Array(width * height);
  const { width: w, height: ht, data } = image;
  for (let y = 0; y < height; y += 1) {
    const py = y + 0.5;
    for (let x = 0; x < width; x += 1) {
      const px = x + 0.5;
      const d = h[6] * px + h[7] * py + h[8];
      // The photo's pixel centres sit at whole numbers + 0.5.
      const sx = (h[0] * px + h[1] * py + h[2]) / d - 0.5;
      const sy = (h[3] * px + h[4] * py + h[5]) / d - 0.5;
      const x0 = Math.floor(sx);
      const y0 = Math.floor(sy);
      if (x0 < 0 || y0 < 0 || x0 + 1 >= w || y0 + 1 >= ht) {
        out[y * width + x] = 255;
        continue;
      }
      const fx = sx - x0;
      const fy = sy - y0;
      const i = y0 * w + x0;
      const top = data[i]! + (data[i + 1]! - data[i]!) * fx;
      const bottom = data[i + w]! + (data[i + w + 1]! - data[i + w]!) * fx;
      out[y * width + x] = Math.round(top + (bottom - top) * fy);
    }
  }
  return { width, height, data: out };
}
