import { useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { ArrowDownIcon, ArrowUpIcon } from '@/components/ui/icons';

import { faxImageWithinOffThread, scanPhotoOffThread } from '../processing/scan-off-thread';
import type { TBitImage, TCorners, TGreyImage, TRgbaImage } from '../processing/images';
import { makeScanPdf } from '../processing/scan-pdf';
import { bitImageUrl, photoFilePixels, videoFramePixels } from '../utils/photo-pixels';
import { CornerEditor } from './corner-editor';

type TPage = { id: string; image: TBitImage; url: string; found: boolean; photo: TGreyImage; corners: TCorners };
type TCamera = 'starting' | 'on' | 'off';

let nextId = 0;

/** The rear camera when there is one, as large as it gives. */
const CAMERA_CONSTRAINTS: MediaStreamConstraints = {
  audio: false,
  video: { facingMode: { ideal: 'environment' }, width: { ideal: 1920 }, height: { ideal: 1920 } },
};

/** Whether the browser can ask for a camera at all (not on plain HTTP, nor in old browsers). */
const canAskForCamera = () => typeof navigator.mediaDevices?.getUserMedia === 'function';

/** The camera's stream in the video, or 'off' where there is no camera or it was not allowed. Stopped on close. */
function useCamera(video: RefObject<HTMLVideoElement | null>): TCamera {
  const [camera, setCamera] = useState<TCamera>(() => (canAskForCamera() ? 'starting' : 'off'));
  useEffect(() => {
    if (!canAskForCamera()) return;
    let stream: MediaStream | null = null;
    let closed = false;
    navigator.mediaDevices.getUserMedia(CAMERA_CONSTRAINTS).then(
      async (started) => {
        stream = started;
        if (closed || !video.current) return started.getTracks().forEach((track) => track.stop());
        video.current.srcObject = started;
        await video.current.play().catch(() => undefined);
        setCamera('on');
      },
      () => setCamera('off'),
    );
    return () => {
      closed = true;
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, [video]);
  return camera;
}

/** A date and time for the PDF's name: scan-2026-12-06-0947.pdf. */
const scanFileName = (now = new Date()) =>
  `scan-${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}-${String(now.getHours()).padStart(2, '0')}${String(now.getMinutes()).padStart(2, '0')}.pdf`;

type TPageActionProps = {
  label: string;
  disabled: boolean;
  onClick: () => void;
  children: ReactNode;
  buttonRef: (element: HTMLButtonElement | null) => void;
};

/** A page's button, named with its page ("Retake page 2"): an icon alone (a move) or a short word. */
function PageAction({ label, disabled, onClick, children, buttonRef }: TPageActionProps) {
  const iconOnly = typeof children !== 'string';
  return (
    <Button
      ref={buttonRef}
      type="button"
      variant={iconOnly ? 'ghost' : 'outline'}
      size={iconOnly ? 'icon' : 'sm'}
      className={iconOnly ? 'size-9' : undefined}
      disabled={disabled}
      aria-label={label}
      onClick={onClick}
    >
      {children}
    </Button>
  );
}

type TScannerDialogProps = { onClose: () => void; onDone: (file: File) => void };

/**
 * The scanner: pages captured with the camera (or chosen as photos where there is none), each shown as its fax image
 * (the page found, straightened, black and white at fine); pages can be moved, retaken and deleted, and attach as
 * one PDF. Changes are announced in a polite live region.
 */
export default function ScannerDialog({ onClose, onDone }: TScannerDialogProps) {
  const { t } = useTranslation('scan');
  const video = useRef<HTMLVideoElement | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const camera = useCamera(video);
  const [pages, setPages] = useState<TPage[]>([]);
  const [retaking, setRetaking] = useState<string | null>(null);
  // The page whose corners are being placed by hand.
  const [adjusting, setAdjusting] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  // After a move or a deletion, focus goes to a button that still makes sense (the moved page's, the next page's).
  const buttons = useRef(new Map<string, HTMLButtonElement | null>());
  const [focusTarget, setFocusTarget] = useState<string | null>(null);
  useEffect(() => {
    if (!focusTarget) return;
    buttons.current.get(focusTarget)?.focus();
    setFocusTarget(null);
  }, [focusTarget]);
  const buttonRef = (key: string) => (element: HTMLButtonElement | null) => void buttons.current.set(key, element);
  const urls = useRef(new Set<string>());

  useEffect(() => {
    const made = urls.current;
    return () => made.forEach((url) => URL.revokeObjectURL(url));
  }, []);

  const pageNumber = (id: string) => pages.findIndex((page) => page.id === id) + 1;
  // The page whose edges are being placed; none once it is retaken or deleted.
  const adjustedPage = adjusting ? pages.find((page) => page.id === adjusting) : undefined;

  /** Photos become pages: the first replaces the page being retaken, the others are added at the end. */
  const addPhotos = async (photos: Array<() => Promise<TRgbaImage> | TRgbaImage>) => {
    setBusy(true);
    setAnnouncement(t('processing'));
    try {
      let next = pages;
      let replacing = retaking;
      for (const read of photos) {
        const scanned = await scanPhotoOffThread(await read());
        const url = await bitImageUrl(scanned.image);
        urls.current.add(url);
        const page: TPage = {
          id: `scan-page-${++nextId}`,
          image: scanned.image,
          url,
          found: scanned.found,
          photo: scanned.photo,
          corners: scanned.corners,
        };
        if (replacing) {
          const index = next.findIndex((p) => p.id === replacing);
          URL.revokeObjectURL(next[index]!.url);
          next = next.map((p, i) => (i === index ? page : p));
          setAnnouncement(t('replaced', { page: index + 1 }));
          replacing = null;
        } else {
          next = [...next, page];
          setAnnouncement(t('added', { page: next.length }));
        }
      }
      setPages(next);
      setRetaking(null);
    } catch {
      setAnnouncement(t('unreadable'));
    } finally {
      setBusy(false);
      // The capture button was disabled meanwhile, which loses the focus: it gets it back, for the next page.
      setFocusTarget('source');
    }
  };

  const capture = () => {
    if (video.current) void addPhotos([() => videoFramePixels(video.current!)]);
  };

  const move = (index: number, step: -1 | 1) => {
    const next = [...pages];
    [next[index], next[index + step]] = [next[index + step]!, next[index]!];
    setPages(next);
    const position = index + step;
    const edge = position === 0 || position === next.length - 1;
    // At the top or the bottom the same button is disabled: the other direction's takes the focus.
    setFocusTarget(`${next[position]!.id}:${(step === -1) !== edge ? 'up' : 'down'}`);
    setAnnouncement(t('moved', { page: position + 1, count: next.length }));
  };

  const remove = (index: number) => {
    URL.revokeObjectURL(pages[index]!.url);
    if (retaking === pages[index]!.id) setRetaking(null);
    if (adjusting === pages[index]!.id) setAdjusting(null);
    const next = pages.filter((_, i) => i !== index);
    setPages(next);
    const neighbour = next[index] ?? next[index - 1];
    setFocusTarget(neighbour ? `${neighbour.id}:delete` : 'source');
    setAnnouncement(t('deleted', { page: index + 1 }));
  };

  const retake = (id: string) => {
    setRetaking(id);
    setAnnouncement(t('retaking', { page: pageNumber(id) }));
    if (camera === 'off') fileInput.current?.click();
    else setFocusTarget('source');
  };

  /** The page made again within the corners the person placed; the focus goes back to its "Adjust" button. */
  const applyCorners = async (id: string, corners: TCorners) => {
    const index = pages.findIndex((page) => page.id === id);
    const page = pages[index];
    if (!page) return;
    setBusy(true);
    setAnnouncement(t('processing'));
    try {
      const image = await faxImageWithinOffThread(page.photo, corners);
      const url = await bitImageUrl(image);
      urls.current.add(url);
      URL.revokeObjectURL(page.url);
      setPages((current) => current.map((p) => (p.id === id ? { ...p, image, url, corners, found: true } : p)));
      setAnnouncement(t('corners.applied', { page: index + 1 }));
      setAdjusting(null);
      setFocusTarget(`${id}:adjust`);
    } catch {
      setAnnouncement(t('unreadable'));
    } finally {
      setBusy(false);
    }
  };

  const attach = async () => {
    setBusy(true);
    try {
      const pdf = await makeScanPdf(pages.map((page) => page.image));
      onDone(new File([pdf as BlobPart], scanFileName(), { type: 'application/pdf' }));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent closeLabel={t('close')} className="max-w-3xl">
        <DialogTitle>{t('title')}</DialogTitle>
        <DialogDescription>{t('description')}</DialogDescription>

        {camera === 'off' ? <p className="text-sm">{t('noCamera')}</p> : null}
        <div className={camera === 'off' ? 'hidden' : 'flex flex-col gap-3'}>
          <video
            ref={video}
            muted
            playsInline
            aria-label={t('cameraView')}
            className="max-h-[45vh] w-full rounded-md bg-black object-contain"
          />
          {camera === 'starting' ? <p className="text-sm text-muted-foreground">{t('starting')}</p> : null}
        </div>
        {retaking ? (
          <p className="text-sm font-medium">
            {t('retaking', { page: pageNumber(retaking) })}{' '}
            <Button type="button" variant="link" className="h-auto p-0" onClick={() => setRetaking(null)}>
              {t('cancelRetake')}
            </Button>
          </p>
        ) : null}
        <div className="flex flex-wrap gap-2">
          {camera === 'on' ? (
            <Button ref={buttonRef('source')} type="button" disabled={busy} onClick={capture}>
              {retaking ? t('captureAgain', { page: pageNumber(retaking) }) : t('capture')}
            </Button>
          ) : null}
          <Button
            ref={camera === 'on' ? undefined : buttonRef('source')}
            type="button"
            variant={camera === 'on' ? 'outline' : 'default'}
            disabled={busy}
            onClick={() => fileInput.current?.click()}
          >
            {camera === 'off' ? t('choosePhotos') : t('choosePhotosInstead')}
          </Button>
          <input
            ref={fileInput}
            type="file"
            accept="image/*"
            capture="environment"
            multiple
            hidden
            onChange={(event) => {
              const files = [...(event.target.files ?? [])];
              event.target.value = '';
              if (files.length > 0) void addPhotos(files.map((file) => () => photoFilePixels(file)));
            }}
          />
        </div>
        {busy ? <p className="text-sm text-muted-foreground">{t('processing')}</p> : null}

        {adjustedPage ? (
          <CornerEditor
            key={adjustedPage.id}
            page={pageNumber(adjustedPage.id)}
            photo={adjustedPage.photo}
            corners={adjustedPage.corners}
            busy={busy}
            onApply={(corners) => void applyCorners(adjustedPage.id, corners)}
            onCancel={() => {
              setAdjusting(null);
              setFocusTarget(`${adjustedPage.id}:adjust`);
            }}
          />
        ) : null}

        {pages.length > 0 ? (
          <ol aria-label={t('pagesLabel')} className="grid grid-cols-2 gap-3 sm:grid-cols-3">
            {pages.map((page, index) => (
              <li key={page.id} className="flex flex-col gap-2 rounded-md border p-2">
                <img src={page.url} alt={t('pageAlt', { page: index + 1 })} className="w-full border bg-white" />
                <span className="text-sm font-medium">{t('pageHeading', { page: index + 1 })}</span>
                {page.found ? null : <span className="text-xs text-muted-foreground">{t('noEdges')}</span>}
                <div className="flex flex-wrap items-center gap-1">
                  <PageAction
                    buttonRef={buttonRef(`${page.id}:up`)}
                    label={t('moveUp', { page: index + 1 })}
                    disabled={busy || index === 0}
                    onClick={() => move(index, -1)}
                  >
                    <ArrowUpIcon className="size-4" />
                  </PageAction>
                  <PageAction
                    buttonRef={buttonRef(`${page.id}:down`)}
                    label={t('moveDown', { page: index + 1 })}
                    disabled={busy || index === pages.length - 1}
                    onClick={() => move(index, 1)}
                  >
                    <ArrowDownIcon className="size-4" />
                  </PageAction>
                  <PageAction
                    buttonRef={buttonRef(`${page.id}:adjust`)}
                    label={t('corners.adjust', { page: index + 1 })}
                    disabled={busy}
                    onClick={() => setAdjusting(page.id)}
                  >
                    {t('corners.adjustShort')}
                  </PageAction>
                  <PageAction
                    buttonRef={buttonRef(`${page.id}:retake`)}
                    label={t('retake', { page: index + 1 })}
                    disabled={busy}
                    onClick={() => retake(page.id)}
                  >
                    {t('retakeShort')}
                  </PageAction>
                  <PageAction
                    buttonRef={buttonRef(`${page.id}:delete`)}
                    label={t('delete', { page: index + 1 })}
                    disabled={busy}
                    onClick={() => remove(index)}
                  >
                    {t('deleteShort')}
                  </PageAction>
                </div>
              </li>
            ))}
          </ol>
        ) : null}

        <div className="flex flex-wrap justify-end gap-2">
          <Button type="button" variant="outline" onClick={onClose}>
            {t('cancel')}
          </Button>
          <Button type="button" disabled={busy || pages.length === 0} onClick={() => void attach()}>
            {t('attach', { count: pages.length })}
          </Button>
        </div>
        <p role="status" className="sr-only">
          {announcement}
        </p>
      </DialogContent>
    </Dialog>
  );
}
