/** An image as the canvas gives it: four bytes a pixel (red, green, blue, alpha), row by row. */
export type TRgbaImage = { width: number; height: number; data: Uint8ClampedArray | Uint8Array };
/** One byte a pixel, 0 black to 255 white. */
export type TGreyImage = { width: number; height: number; data: Uint8Array };
/** One byte a pixel, 1 for a black dot and 0 for a white one: the fax image before it is packed. */
export type TBitImage = { width: number; height: number; data: Uint8Array };
export type TPoint = { x: number; y: number };
/** A page's corners in order: top left, top right, bottom right, bottom left. */
export type TCorners = [TPoint, TPoint, TPoint, TPoint];

/** The brightness of each pixel (ITU-R BT.601 weights, in integers). */
export function toGrey(image: TRgbaImage): TGreyImage {
  const { width, height, data } = image;
  const grey = new Uint8Array(width * height);
  for (let i = 0, p = 0; i < grey.length; i += 1, p += 4) {
    grey[i] = (data[p]! * 77 + data[p + 1]! * 150 + data[p + 2]! * 29) >> 8;
  }
  return { width, height, data: grey };
}

/** The image shrunk by a whole factor, each pixel the mean of its block: enough detail to find a page, fast. */
export function shrink(image: TGreyImage, factor: number): TGreyImage {
  if (factor <= 1) return image;
  const width = Math.floor(image.width / factor);
  const height = Math.floor(image.height / factor);
  const data = new Uint8Array(width * height);
  const area = factor * factor;
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      let sum = 0;
      for (let dy = 0; dy < factor; dy += 1) {
        const row = (y * factor + dy) * image.width + x * factor;
        for (let dx = 0; dx < factor; dx += 1) sum += image.data[row + dx]!;
      }
      data[y * width + x] = Math.round(sum / area);
    }
  }
  return { width, height, data };
}
