import type { TCorners, TPoint } from './images';

/** A plane-to-plane projective map as its 3x3 matrix, row by row, the last entry 1. */
export type THomography = [number, number, number, number, number, number, number, number, number];

/** Solves A x = b by Gaussian elimination with partial pivoting; A is n x n, row by row. */
function solve(a: number[][], b: number[]): number[] {
  const n = b.length;
  const m = a.map((row, i) => [...row, b[i]!]);
  for (let col = 0; col < n; col += 1) {
    let pivot = col;
    for (let row = col + 1; row < n; row += 1) if (Math.abs(m[row]![col]!) > Math.abs(m[pivot]![col]!)) pivot = row;
    if (Math.abs(m[pivot]![col]!) < 1e-12) throw new Error('The corners do not make a quadrilateral');
    [m[col], m[pivot]] = [m[pivot]!, m[col]!];
    for (let row = 0; row < n; row += 1) {
      if (row === col) continue;
      const factor = m[row]![col]! / m[col]![col]!;
      for (let k = col; k <= n; k += 1) m[row]![k]! -= factor * m[col]![k]!;
    }
  }
  return m.map((row, i) => row[n]! / row[i]!);
}

/** The homography that takes each `from` corner to the `to` corner of the same index (four point pairs, exact). */
export function homographyBetween(from: TCorners, to: TCorners): THomography {
  const a: number[][] = [];
  const b: number[] = [];
  from.forEach(({ x, y }, i) => {
    const { x: u, y: v } = to[i]!;
    a.push([x, y, 1, 0, 0, 0, -u * x, -u * y]);
    b.push(u);
    a.push([0, 0, 0, x, y, 1, -v * x, -v * y]);
    b.push(v);
  });
  return [...solve(a, b), 1] as THomography;
}

/** Where the homography takes a point. */
export function mapPoint(h: THomography, { x, y }: TPoint): TPoint {
  const w = h[6] * x + h[7] * y + h[8];
  return { x: (h[0] * x + h[1] * y + h[2]) / w, y: (h[3] * x + h[4] * y + h[5]) / w };
}

/** The corners of a width x height rectangle at the origin, in corner order. */
export function rectangleCorners(width: number, height: number): TCorners {
  return [
    { x: 0, y: 0 },
    { x: width, y: 0 },
    { x: width, y: height },
    { x: 0, y: height },
  ];
}
