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
  const { width, height, data } = image;
  const { columns, rows, levels } = paperBrightness(image);
  // Where each column sits between the squares' centres, worked out once for every row.
  const left = new Int32Array(width);
  const right = new Int32Array(width);
  const across = new Float32Array(width);
  for (let x = 0; x < width; x += 1) {
    const g = Math.max(0, (x + 0.5) / BLOCK_PX - 0.5);
    left[x] = Math.min(columns - 1, Math.floor(g));
    right[x] = Math.min(columns - 1, left[x]! + 1);
    across[x] = g - Math.floor(g);
  }
  const row = new Float32Array(columns);
  const out = new Uint8Array(width * height);
  for (let y = 0; y < height; y += 1) {
    const g = Math.max(0, (y + 0.5) / BLOCK_PX - 0.5);
    const top = Math.min(rows - 1, Math.floor(g)) * columns;
    const bottom = Math.min(rows - 1, Math.floor(g) + 1) * columns;
    const down = g - Math.floor(g);
    for (let bx = 0; bx < columns; bx += 1) row[bx] = levels[top + bx]! + (levels[bottom + bx]! - levels[top + bx]!) * down;
    for (let x = 0, i = y * width; x < width; x += 1, i += 1) {
      const paper = row[left[x]!]! + (row[right[x]!]! - row[left[x]!]!) * across[x]!;
      out[i] = data[i]! * 2 < paper ? 1 : 0;
    }
  }
  return { width, height, data: out };
}
