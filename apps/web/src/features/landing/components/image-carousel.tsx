import { useCallback, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { ChevronLeftIcon, ChevronRightIcon, PauseIcon, PlayIcon } from '@/components/ui/icons';
import { cn } from '@/lib/utils';

/** Spec 000 §3: a carousel image. Width and height keep the page from jumping while it loads. */
export type TCarouselImage = { src: string; alt: string; width: number; height: number; caption?: string };

/** Spec 000 §9: the carousel advances every 5 s. */
export const CAROUSEL_INTERVAL_MS = 5000;

const controlClass =
  'grid size-11 place-items-center rounded-full border border-input bg-background text-foreground shadow-sm outline-hidden hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2';

function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;
}

function Slide({ image, eager }: { image: TCarouselImage; eager: boolean }) {
  const { t } = useTranslation('marketing');
  const [failed, setFailed] = useState(false);
  return (
    <figure className="flex flex-col">
      <div className="relative aspect-[2/1] w-full overflow-hidden bg-accent">
        {/* Behind the image: seen while it loads, and in its place if it cannot load (spec 000 §8). */}
        <p aria-hidden={!failed} className="absolute inset-0 grid place-items-center p-4 text-center text-accent-foreground">
          {t('landing.carousel.unavailable')}
        </p>
        {failed ? null : (
          <img
            src={image.src}
            alt={image.alt}
            width={image.width}
            height={image.height}
            loading={eager ? 'eager' : 'lazy'}
            decoding="async"
            onError={() => setFailed(true)}
            className="relative size-full object-cover"
          />
        )}
      </div>
      {image.caption ? <figcaption className="px-4 py-3 text-sm text-muted-foreground">{image.caption}</figcaption> : null}
    </figure>
  );
}

/**
 * Spec 000 §2, §8, §9 and the WAI-ARIA carousel pattern: advances every 5 s, pauses while the pointer is over it or
 * focus is inside it, and has a pause button first, then previous and next. While it turns by itself its slides are
 * not announced (that would interrupt constantly); once a person controls it, each new slide is announced.
 */
export function ImageCarousel({ images, label }: { images: TCarouselImage[]; label: string }) {
  const { t } = useTranslation('marketing');
  const slidesId = useId();
  const [index, setIndex] = useState(0);
  // Stopped by the pause button; those who ask their system for less motion start stopped.
  const [stopped, setStopped] = useState(prefersReducedMotion);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const count = images.length;
  const rotating = !stopped && !hovered && !focused && count > 1;

  const go = useCallback((step: number) => setIndex((current) => (current + step + count) % count), [count]);

  useEffect(() => {
    if (!rotating) return;
    const timer = window.setInterval(() => go(1), CAROUSEL_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [rotating, go]);

  if (count === 0) {
    return (
      <div className="grid aspect-[2/1] place-items-center rounded-xl border bg-muted p-4 text-center">
        <p className="text-muted-foreground">{t('landing.carousel.empty')}</p>
      </div>
    );
  }
  const current = Math.min(index, count - 1);

  return (
    <section
      aria-roledescription={t('landing.carousel.roleDescription')}
      aria-label={label}
      className="flex flex-col overflow-hidden rounded-xl border bg-background shadow-sm"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
      }}
    >
      <div id={slidesId} aria-live={rotating ? 'off' : 'polite'} aria-atomic="false">
        {images.map((image, position) => (
          <div
            key={image.src}
            role="group"
            aria-roledescription={t('landing.carousel.slideRoleDescription')}
            aria-label={t('landing.carousel.slideLabel', { current: position + 1, total: count })}
            hidden={position !== current}
          >
            <Slide image={image} eager={position === 0} />
          </div>
        ))}
      </div>
      {count > 1 ? (
        <div className="flex items-center justify-between gap-3 border-t px-4 py-3">
          <button
            type="button"
            className={controlClass}
            onClick={() => setStopped((value) => !value)}
            aria-label={stopped ? t('landing.carousel.play') : t('landing.carousel.pause')}
          >
            {stopped ? <PlayIcon /> : <PauseIcon />}
          </button>
          <div className="flex items-center gap-2" aria-hidden="true">
            {images.map((image, position) => (
              <span
                key={image.src}
                className={cn('size-2.5 rounded-full', position === current ? 'bg-primary' : 'border border-zinc-500 bg-background')}
              />
            ))}
          </div>
          <div className="flex gap-2">
            <button
              type="button"
              className={controlClass}
              onClick={() => go(-1)}
              aria-controls={slidesId}
              aria-label={t('landing.carousel.previous')}
            >
              <ChevronLeftIcon />
            </button>
            <button
              type="button"
              className={controlClass}
              onClick={() => go(1)}
              aria-controls={slidesId}
              aria-label={t('landing.carousel.next')}
            >
              <ChevronRightIcon />
            </button>
          </div>
        </div>
      ) : null}
    </section>
  );
}
