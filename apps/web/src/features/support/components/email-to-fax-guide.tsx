import { useTranslation } from 'react-i18next';

import { PageSection } from '@/components/ui/page-section';

import { useUploadLimits } from '../hooks/use-upload-limits';

const EMAIL_STEPS = ['from', 'to', 'attach', 'send', 'confirm'] as const;

/** /support#how-faxline-works: sending a fax by e-mail, step by step, and receiving one. */
export function EmailToFaxGuide() {
  const { t } = useTranslation('help');
  const limits = useUploadLimits();

  return (
    <PageSection id="how-faxline-works" title={t('support.emailToFax.heading')} intro={t('support.emailToFax.intro')} tinted>
      <div className="grid gap-8 lg:grid-cols-2">
        <div className="flex flex-col gap-3">
          <h3 className="text-xl font-semibold">{t('support.emailToFax.sendHeading')}</h3>
          <ol className="flex list-decimal flex-col gap-2 pl-6 marker:font-semibold marker:text-accent-foreground">
            {EMAIL_STEPS.map((key) => (
              <li key={key}>{t(`support.emailToFax.steps.${key}`, limits)}</li>
            ))}
          </ol>
        </div>
        <div className="flex flex-col gap-3">
          <h3 className="text-xl font-semibold">{t('support.emailToFax.receiveHeading')}</h3>
          <p>{t('support.emailToFax.receive')}</p>
        </div>
      </div>
    </PageSection>
  );
}
