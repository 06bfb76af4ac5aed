import { shrink, type TCorners, type TGreyImage, type TPoint } from './images';

/** The photo is looked at no larger than this on its long side: a page's outline needs no more, and it stays fast. */
const SEARCH_SIDE_PX = 512;
/** A bright region smaller than this share of the photo is not taken for the page (a label, a lamp's reflection). */
const MIN_PAGE_SHARE = 0.15;

/** Below this difference between the two classes' mean greys, the photo holds no page that stands out. */
const MIN_CONTRAST = 24;

/**
 * Otsu's threshold: the grey level that best splits the pixels into two classes (paper and background), and how far
 * apart the two classes' mean greys are.
 */
export function otsuThreshold(image: TGreyImage): { level: number; contrast: number } {
  const histogram = new Array<number>(256).fill(0);
  for (const value of image.data) histogram[value]! += 1;
  const total = image.data.length;
  let sumAll = 0;
  for (let level = 0; level < 256; level += 1) sumAll += level * histogram[level]!;
  let below = 0;
  let sumBelow = 0;
  let best = { level: 0, contrast: 0 };
  let bestVariance = -1;
  for (let level = 0; level < 256; level += 1) {
    below += histogram[level]!;
    if (below === 0 || below === total) continue;
    sumBelow += level * histogram[level]!;
    const meanBelow = sumBelow / below;
    const meanAbove = (sumAll - sumBelow) / (total - below);
    const variance = below * (total - below) * (meanBelow - meanAbove) ** 2;
    if (variance > bestVariance) {
      bestVariance = variance;
      best = { level, contrast: meanAbove - meanBelow };
    }
  }
  return best;
}

/** The largest 4-connected region of pixels brighter than the threshold, as a mask (1 inside), and its size. */
function largestBrightRegion(image: TGreyImage, threshold: number): { mask: Uint8Array; size: number } {
  const { width, height, data } = image;
  const label = new Int32Array(width * height);
  const stack: number[] = [];
  let best = { id: 0, size: 0 };
  let next = 0;
  for (let start = 0; start < data.length; start += 1) {
    if (label[start] !== 0 || data[start]! <= threshold) continue;
    next += 1;
    let size = 0;
    label[start] = next;
    stack.push(start);
    while (stack.length > 0) {
      const i = stack.pop()!;
      size += 1;
      const x = i % width;
      for (const j of [x > 0 ? i - 1 : -1, x < width - 1 ? i + 1 : -1, i - width, i + width]) {
        if (j < 0 || j >= data.length || label[j] !== 0 || data[j]! <= threshold) continue;
        label[j] = next;
        stack.push(j);
      }
    }
    if (size > best.size) best = { id: next, size };
  }
  const mask = new Uint8Array(width * height);
  for (let i = 0; i < mask.length; i += 1) mask[i] = label[i] === best.id ? 1 : 0;
  return { mask, size: best.size };
}

/** The pixels of the mask that touch the outside (its outline), as points at their centres. */
function outline(mask: Uint8Array, width: number, height: number): TPoint[] {
  const points: TPoint[] = [];
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const i = y * width + x;
      if (!mask[i]) continue;
      const edge =
        x === 0 || y === 0 || x === width - 1 || y === height - 1 || !mask[i - 1] || !mask[i + 1] || !mask[i - width] || !mask[i + width];
      if (edge) points.push({ x: x + 0.5, y: y + 0.5 });
    }
  }
  return points;
}

const cross = (o: TPoint, a: TPoint, b: TPoint) => (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x);

/** The convex hull (Andrew's monotone chain), its vertices in order around it. */
export function convexHull(points: TPoint[]): TPoint[] {
  const sorted = [...points].sort((a, b) => a.x - b.x || a.y - b.y);
  if (sorted.length < 3) return sorted;
  const half = (list: TPoint[]) => {
    const chain: TPoint[] = [];
    for (const point of list) {
      while (chain.length >= 2 && cross(chain[chain.length - 2]!, chain[chain.length - 1]!, point) <= 0) chain.pop();
      chain.push(point);
    }
    chain.pop();
    return chain;
  };
  return [...half(sorted), ...half([...sorted].reverse())];
}

/** The four hull vertices that enclose the largest area: a page's corners, whatever its angle or perspective. */
export function largestQuadrilateral(hull: TPoint[]): TPoint[] {
  const n = hull.length;
  if (n <= 4) return hull;
  let best: TPoint[] = hull.slice(0, 4);
  let bestArea = -1;
  for (let i = 0; i < n; i += 1) {
    for (let j = i + 2; j < n; j += 1) {
      // The diagonal i-j: the farthest vertex on each side completes the largest quadrilateral over it.
      let left = { k: -1, area: 0 };
      for (let k = i + 1; k < j; k += 1) {
        const area = Math.abs(cross(hull[i]!, hull[j]!, hull[k]!));
        if (area > left.area) left = { k, area };
      }
      let right = { k: -1, area: 0 };
      for (let k = (j + 1) % n; k !== i; k = (k + 1) % n) {
        const area = Math.abs(cross(hull[i]!, hull[j]!, hull[k]!));
        if (area > right.area) right = { k, area };
      }
      if (left.k < 0 || right.k < 0 || left.area + right.area <= bestArea) continue;
      bestArea = left.area + right.area;
      best = [hull[i]!, hull[left.k]!, hull[j]!, hull[right.k]!];
    }
  }
  return best;
}

/** Four points in corner order: top left first (the smallest x + y), then clockwise as seen on the screen. */
export function orderCorners(points: TPoint[]): TCorners {
  const cx = points.reduce((sum, p) => sum + p.x, 0) / points.length;
  const cy = points.reduce((sum, p) => sum + p.y, 0) / points.length;
  const around = [...points].sort((a, b) => Math.atan2(a.y - cy, a.x - cx) - Math.atan2(b.y - cy, b.x - cx));
  const first = around.reduce((best, p, i) => (p.x + p.y < around[best]!.x + around[best]!.y ? i : best), 0);
  return [0, 1, 2, 3].map((k) => around[(first + k) % 4]!) as TCorners;
}

/**
 * The corners of the page in a photo of a light page on a darker surface, in the photo's pixels, or null when no
 * page stands out. The photo is shrunk, split into light and dark (Otsu), the largest light region is taken for the
 * page, and the quadrilateral of largest area inside its convex hull gives the corners.
 */
export function findPageCorners(image: TGreyImage): TCorners | null {
  const factor = Math.max(1, Math.ceil(Math.max(image.width, image.height) / SEARCH_SIDE_PX));
  const small = shrink(image, factor);
  const { level, contrast } = otsuThreshold(small);
  if (contrast < MIN_CONTRAST) return null;
  const { mask, size } = largestBrightRegion(small, level);
  if (size < MIN_PAGE_SHARE * small.data.length) return null;
  const quadrilateral = largestQuadrilateral(convexHull(outline(mask, small.width, small.height)));
  if (quadrilateral.length < 4) return null;
  return orderCorners(quadrilateral.map((p) => ({ x: p.x * factor, y: p.y * factor })));
}
