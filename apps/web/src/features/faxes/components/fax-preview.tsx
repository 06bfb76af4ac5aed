import type { TFaxPreviewResponse } from '@faxline/shared';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

type TFaxPreviewProps = {
  preview: TFaxPreviewResponse;
  /** The form changed after this preview was made. */
  stale: boolean;
};

/** The pages as the fax machine will print them at the chosen quality (POST /api/faxes/preview). */
export function FaxPreview({ preview, stale }: TFaxPreviewProps) {
  const { t } = useTranslation('faxes');
  const heading = useRef<HTMLHeadingElement>(null);

  // A new preview takes focus, so keyboard and screen-reader users are taken to what they asked for.
  useEffect(() => heading.current?.focus(), [preview]);

  return (
    <section aria-labelledby="fax-preview-heading" className="flex flex-col gap-4 rounded-lg border p-6">
      <div className="flex flex-col gap-1">
        <h2 id="fax-preview-heading" ref={heading} tabIndex={-1} className="text-xl font-semibold outline-hidden">
          {t('send.previewTitle')}
        </h2>
        <p className="text-sm text-muted-foreground">
          {t('send.previewPages', { count: preview.pages })}
          {preview.images.length < preview.pages
            ? ` ${t('send.previewShowing', { shown: preview.images.length, count: preview.pages })}`
            : null}
        </p>
        {stale ? <p className="text-sm font-medium text-amber-900">{t('send.previewStale')}</p> : null}
      </div>
      <ol className="grid gap-4 sm:grid-cols-2">
        {preview.images.map((src, index) => (
          <li key={src.slice(-64) + index} className="flex flex-col gap-2">
            <img
              src={src}
              alt={t('send.previewPageAlt', { page: index + 1, count: preview.pages })}
              className="w-full rounded border bg-white shadow-sm"
            />
            <span aria-hidden="true" className="text-center text-xs text-muted-foreground">
              {t('send.previewPageAlt', { page: index + 1, count: preview.pages })}
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}
