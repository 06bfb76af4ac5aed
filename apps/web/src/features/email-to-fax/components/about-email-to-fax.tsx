import { MAX_ATTACHMENTS } from '@faxline/shared';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

import { useMaxFileSizeMB } from '@/lib/platform/use-platform-info';

/** The fax number of the example address: E.164 digits without the plus, as the gateway reads the local part. */
const EXAMPLE_FAX_DIGITS = '14155550123';
const EXAMPLE_FAX_NUMBER = '+1 415 555 0123';

/**
 * How a fax is sent by e-mail: the address to write to, with this service's domain, and what the gateway
 * does with the sender, the attachments, the subject and the text, as it does it.
 */
export function AboutEmailToFax({ domain }: { domain: string }) {
  const { t } = useTranslation('email-to-fax');
  const size = useMaxFileSizeMB();
  const headingId = useId();

  return (
    <section aria-labelledby={headingId} className="flex min-w-0 flex-col gap-4 rounded-lg bg-accent/40 p-4 sm:p-6">
      <h2 id={headingId} className="text-xl font-semibold">
        {t('about.title')}
      </h2>
      <div className="flex min-w-0 flex-col gap-1">
        <p className="text-sm">{t('about.example', { number: EXAMPLE_FAX_NUMBER })}</p>
        <p translate="no" dir="ltr" className="font-mono text-lg font-semibold break-all">
          {EXAMPLE_FAX_DIGITS}@{domain}
        </p>
      </div>
      <ol className="flex list-decimal flex-col gap-2 pl-5 text-sm">
        <li>{t('about.steps.to', { domain })}</li>
        <li>{t('about.steps.from')}</li>
        <li>{t('about.steps.attach', { maxAttachments: MAX_ATTACHMENTS, size })}</li>
        <li>{t('about.steps.cover')}</li>
        <li>{t('about.steps.replies')}</li>
      </ol>
    </section>
  );
}
