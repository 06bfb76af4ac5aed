import type { TBitImage, TRgbaImage } from '../processing/images';

/** A photo is read at most this large on its long side: more than the fax page's 2291 dots holds nothing more. */
const MAX_PHOTO_SIDE_PX = 2400;

/** The pixels of what a canvas source shows, scaled down to at most the largest useful size. */
function pixelsOf(source: CanvasImageSource, width: number, height: number): TRgbaImage {
  const scale = Math.min(1, MAX_PHOTO_SIDE_PX / Math.max(width, height));
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(width * scale);
  canvas.height = Math.round(height * scale);
  const context = canvas.getContext('2d', { willReadFrequently: true })!;
  context.drawImage(source, 0, 0, canvas.width, canvas.height);
  return context.getImageData(0, 0, canvas.width, canvas.height);
}

/** The camera's current frame. */
export function videoFramePixels(video: HTMLVideoElement): TRgbaImage {
  return pixelsOf(video, video.videoWidth, video.videoHeight);
}

/** A photo file's pixels, turned upright as its EXIF says. */
export async function photoFilePixels(file: File): Promise<TRgbaImage> {
  const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  try {
    return pixelsOf(bitmap, bitmap.width, bitmap.height);
  } finally {
    bitmap.close();
  }
}

/** The fax image as a PNG object URL for the preview (black dots on white); revoke it when the page goes. */
export async function bitImageUrl(image: TBitImage): Promise<string> {
  const canvas = document.createElement('canvas');
  canvas.width = image.width;
  canvas.height = image.height;
  const context = canvas.getContext('2d')!;
  const pixels = context.createImageData(image.width, image.height);
  for (let i = 0; i < image.data.length; i += 1) {
    const value = image.data[i] ? 0 : 255;
    pixels.data[i * 4] = value;
    pixels.data[i * 4 + 1] = value;
    pixels.data[i * 4 + 2] = value;
    pixels.data[i * 4 + 3] = 255;
  }
  context.putImageData(pixels, 0, 0);
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
  if (!blob) throw new Error('The page preview could not be drawn');
  return URL.createObjectURL(blob);
}
