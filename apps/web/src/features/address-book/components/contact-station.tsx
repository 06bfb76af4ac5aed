import type { TContact } from '@faxline/shared';
import { useTranslation } from 'react-i18next';

/**
 * A contact's station id and, when its number last answered with another station, the warning (decision 121): said
 * in words with a role of its own, so that it is read with the contact and not only seen in colour.
 */
export function ContactStation({ contact }: { contact: TContact }) {
  const { t } = useTranslation('station-ids');
  const warning = contact.station_warning;
  return (
    <>
      {contact.station_id ? (
        <span translate="no" dir="ltr" className="self-start text-sm text-muted-foreground tabular-nums">
          {t('contact.label', { id: contact.station_id })}
        </span>
      ) : null}
      {warning ? (
        <p role="note" className="rounded-md border border-l-4 border-l-destructive px-3 py-2 text-sm">
          {warning.announced ? t('contact.warning', { announced: warning.announced }) : t('contact.warningUnknown')}
        </p>
      ) : null}
    </>
  );
}
