import type { TBitImage, TGreyImage } from './images';

/** The side of the squares the paper's own brightness is measured in (about a sixth of an inch at fine). */
const BLOCK_PX = 32;

/** The brightness under which a square's brightest tenth begins: the paper there, unless the square is nearly all ink. */
function paperLevel(image: TGreyImage, bx: number, by: number): number {
  const histogram = new Uint32Array(256);
  let count = 0;
  for (let y = by * BLOCK_PX; y < Math.min(image.height, (by + 1) * BLOCK_PX); y += 1) {
    for (let x = bx * BLOCK_PX; x < Math.min(image.width, (bx + 1) * BLOCK_PX); x += 1) {
      histogram[image.data[y * image.width + x]!]! += 1;
      count += 1;
    }
  }
  let seen = 0;
  for (let level = 255; level > 0; level -= 1) {
    seen += histogram[level]!;
    if (seen >= count / 10) return level;
  }
  return 0;
}

/**
 * How bright the paper is at each square of the page: a photo's light falls unevenly, so there is no one white.
 * Each square's level is raised to the brightest of its neighbours', so a square of dense ink takes its paper from
 * around it.
 */
export function paperBrightness(image: TGreyImage): { columns: number; rows: number; levels: Float32Array } {
  const columns = Math.ceil(image.width / BLOCK_PX);
  const rows = Math.ceil(image.height / BLOCK_PX);
  const own = new Float32Array(columns * rows);
  for (let by = 0; by < rows; by += 1) for (let bx = 0; bx < columns; bx += 1) own[by * columns + bx] = paperLevel(image, bx, by);
  const levels = new Float32Array(columns * rows);
  for (let by = 0; by < rows; by += 1) {
    for (let bx = 0; bx < columns; bx += 1) {
      let level = 0;
      for (let y = Math.max(0, by - 1); y <= Math.min(rows - 1, by + 1); y += 1)
        for (let x = Math.max(0, bx - 1); x <= Math.min(columns - 1, bx + 1); x += 1) level = Math.max(level, own[y * columns + x]!);
      levels[by * columns + bx] = level;
    }
  }
  return { columns, rows, levels };
}

/**
 * Black and white the way the fax renderer makes it: Ghostscript's fax device (tiffg4) blackens a dot that is more
 * than half covered, and the server counts a dot dark below half of white (fax-text/page-problems.ts). A photo has no
 * true white, so "half" is taken of the paper's own brightness where the dot is (interpolated between squares).
 */
export function binarise(image: TGreyImage): TBitImage {
  const { columns, rows, levels } = paperBrightness(image);
  const out = new Uint8Array(image.width * image.height);
  const level = (bx: number, by: number) => levels[Math.min(rows - 1, by) * columns + Math.min(columns - 1, bx)]!;
  for (let y = 0; y < image.height; y += 1) {
    const gy = Math.max(0, (y + 0.5) / BLOCK_PX - 0.5);
    const by = Math.floor(gy);
    const fy = gy - by;
    for (let x = 0; x < image.width; x += 1) {
      const gx = Math.max(0, (x + 0.5) / BLOCK_PX - 0.5);
      const bx = Math.floor(gx);
      const fx = gx - bx;
      const top = level(bx, by) + (level(bx + 1, by) - level(bx, by)) * fx;
      const bottom = level(bx, by + 1) + (level(bx + 1, by + 1) - level(bx, by + 1)) * fx;
      const paper = top + (bottom - top) * fy;
      out[y * image.width + x] = image.data[y * image.width + x]! * 2 < paper ? 1 : 0;
    }
  }
  return { width: image.width, height: image.height, data: out };
}
