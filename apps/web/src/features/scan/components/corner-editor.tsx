import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';

import type { TCorners, TGreyImage, TPoint } from '../processing/images';

/** The corners in the order the page's are kept (top left, top right, bottom right, bottom left), by their names. */
const CORNER_NAMES = ['topLeft', 'topRight', 'bottomRight', 'bottomLeft'] as const;
/** An arrow key moves a corner this share of the photo's size; with Shift, ten times as far. */
const KEY_STEP = 0.005;

type TCornerEditorProps = {
  page: number;
  photo: TGreyImage;
  corners: TCorners;
  busy: boolean;
  onApply: (corners: TCorners) => void;
  onCancel: () => void;
};

/** The grey photo drawn on a canvas of its own size (shown scaled to fit). */
function usePhotoCanvas(photo: TGreyImage) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const context = canvas.current?.getContext('2d');
    if (!context) return;
    const pixels = context.createImageData(photo.width, photo.height);
    for (let i = 0; i < photo.data.length; i += 1) {
      const value = photo.data[i]!;
      pixels.data[i * 4] = value;
      pixels.data[i * 4 + 1] = value;
      pixels.data[i * 4 + 2] = value;
      pixels.data[i * 4 + 3] = 255;
    }
    context.putImageData(pixels, 0, 0);
  }, [photo]);
  return canvas;
}

/**
 * Where the page's corners are, placed by hand when the scanner found the wrong ones (or none): the photo with the
 * page's outline and a handle at each corner, dragged with a finger or the mouse, or moved with the arrow keys once
 * focused (Shift for larger steps). Applying makes the page's fax image again within them.
 */
export function CornerEditor({ page, photo, corners: initial, busy, onApply, onCancel }: TCornerEditorProps) {
  const { t } = useTranslation('scan');
  const canvas = usePhotoCanvas(photo);
  const frame = useRef<HTMLDivElement>(null);
  const first = useRef<HTMLButtonElement>(null);
  const [corners, setCorners] = useState<TCorners>(initial);
  useEffect(() => first.current?.focus(), []);

  const clamp = (point: TPoint): TPoint => ({
    x: Math.min(photo.width, Math.max(0, point.x)),
    y: Math.min(photo.height, Math.max(0, point.y)),
  });
  const place = (index: number, point: TPoint) =>
    setCorners((current) => current.map((corner, i) => (i === index ? clamp(point) : corner)) as TCorners);

  const drag = (index: number) => (event: PointerEvent<HTMLButtonElement>) => {
    if (event.buttons === 0 || !frame.current) return;
    const box = frame.current.getBoundingClientRect();
    place(index, {
      x: ((event.clientX - box.left) / box.width) * photo.width,
      y: ((event.clientY - box.top) / box.height) * photo.height,
    });
  };
  const nudge = (index: number) => (event: KeyboardEvent<HTMLButtonElement>) => {
    const step = (event.shiftKey ? KEY_STEP * 10 : KEY_STEP) * Math.max(photo.width, photo.height);
    const moves: Record<string, TPoint> = {
      ArrowLeft: { x: -step, y: 0 },
      ArrowRight: { x: step, y: 0 },
      ArrowUp: { x: 0, y: -step },
      ArrowDown: { x: 0, y: step },
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    const corner = corners[index]!;
    place(index, { x: corner.x + move.x, y: corner.y + move.y });
  };
  const percent = (value: number, of: number) => `${(value / of) * 100}%`;

  return (
    <section aria-labelledby="corner-editor-title" className="flex flex-col gap-3 rounded-md border p-3">
      <h3 id="corner-editor-title" className="font-semibold">
        {t('corners.title', { page })}
      </h3>
      <p className="text-sm text-muted-foreground">{t('corners.help')}</p>
      <div className="flex justify-center">
        <div
          ref={frame}
          className="relative touch-none select-none"
          style={{
            aspectRatio: `${photo.width} / ${photo.height}`,
            // As wide as the dialog allows, and no taller than about half the screen.
            width: `min(100%, calc(45vh * ${photo.width / photo.height}))`,
          }}
        >
          <canvas ref={canvas} width={photo.width} height={photo.height} className="block h-full w-full rounded-md" aria-hidden="true" />
          <svg
            viewBox={`0 0 ${photo.width} ${photo.height}`}
            preserveAspectRatio="none"
            className="pointer-events-none absolute inset-0 h-full w-full"
            aria-hidden="true"
          >
            <polygon
              points={corners.map((corner) => `${corner.x},${corner.y}`).join(' ')}
              className="fill-primary/15 stroke-primary"
              strokeWidth={Math.max(photo.width, photo.height) / 300}
            />
          </svg>
          {corners.map((corner, index) => (
            <button
              key={CORNER_NAMES[index]}
              ref={index === 0 ? first : undefined}
              type="button"
              aria-label={t(`corners.${CORNER_NAMES[index]!}`)}
              className="absolute flex size-11 -translate-x-1/2 -translate-y-1/2 cursor-grab items-center justify-center rounded-full focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-ring"
              style={{ left: percent(corner.x, photo.width), top: percent(corner.y, photo.height) }}
              onPointerDown={(event) => event.currentTarget.setPointerCapture(event.pointerId)}
              onPointerMove={drag(index)}
              onKeyDown={nudge(index)}
            >
              <span className="size-5 rounded-full border-2 border-white bg-primary shadow" />
            </button>
          ))}
        </div>
      </div>
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="outline" onClick={onCancel}>
          {t('corners.cancel')}
        </Button>
        <Button type="button" disabled={busy} onClick={() => onApply(corners)}>
          {t('corners.apply')}
        </Button>
      </div>
    </section>
  );
}
