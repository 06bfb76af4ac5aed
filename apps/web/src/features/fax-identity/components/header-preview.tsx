import { faxHeaderLine } from '@faxline/shared';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** How many pages the example line counts: "Page 1/3". */
const EXAMPLE_PAGES = 3;

type THeaderPreviewProps = { id: string; enabled: boolean; name: string; timeZone: string; stationId: string };

/**
 * The header line as it will print on the first page of a fax sent now: the date and time in the chosen zone, the name
 * and station id as the server writes them (ASCII, accents dropped), and the page. It follows the form as it changes.
 */
export function HeaderPreview({ id, enabled, name, timeZone, stationId }: THeaderPreviewProps) {
  const { t } = useTranslation('fax-identity');
  const now = useMinuteClock();
  const line = faxHeaderLine({ at: now, timeZone, name, stationId, page: 1, pages: EXAMPLE_PAGES });

  return (
    <div className="flex min-w-0 flex-col gap-2">
      <h3 id={`${id}-title`} className="text-sm font-medium">
        {t('preview.title')}
      </h3>
      {enabled ? (
        // Printed text, not a sentence in the page's language: never translated. On a narrow screen it wraps where its
        // parts are apart rather than scroll sideways.
        <output
          aria-labelledby={`${id}-title`}
          aria-describedby={`${id}-help`}
          translate="no"
          dir="ltr"
          className="block rounded-md border bg-muted px-3 py-2 font-mono text-sm break-words whitespace-pre-wrap"
        >
          {line}
        </output>
      ) : (
        <p className="rounded-md border border-dashed px-3 py-2 text-sm text-muted-foreground">{t('preview.off')}</p>
      )}
      <p id={`${id}-help`} className="text-sm text-muted-foreground">
        {t('preview.help')}
      </p>
    </div>
  );
}

/** The time now, renewed each minute: the preview's clock moves with the one that will print. */
function useMinuteClock(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), 15_000);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}
