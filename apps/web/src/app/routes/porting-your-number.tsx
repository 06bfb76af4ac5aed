import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { Button } from '@/components/ui/button';
import { ClockIcon } from '@/components/ui/icons';
import { PageHeader } from '@/components/ui/page-header';
import { PageSection } from '@/components/ui/page-section';
import { paths } from '@/config/paths';
import { useDocumentMeta } from '@/lib/use-document-meta';
import { useScrollToHash } from '@/lib/use-scroll-to-hash';

const STEPS = ['eligibility', 'authorization', 'activation'] as const;
const IMPORTANT = ['match', 'keepActive', 'faxes'] as const;

/** /porting-your-number (spec 000 §2, §9): the three steps, 1 to 4 weeks, a possible fee, data matching the bill. */
export default function PortingYourNumberRoute() {
  const { t } = useTranslation('help');
  useDocumentMeta({ title: t('porting.meta.title'), description: t('porting.meta.description') });
  useScrollToHash();

  return (
    <>
      <PageHeader title={t('porting.heading')} intro={t('porting.intro')}>
        <Button asChild>
          <Link to={paths.user.porting.getHref()}>{t('porting.cta.button')}</Link>
        </Button>
      </PageHeader>

      <PageSection id="steps" title={t('porting.stepsHeading')}>
        <ol className="grid gap-6 md:grid-cols-3">
          {STEPS.map((key, index) => (
            <li key={key} className="flex flex-col gap-3 rounded-lg border p-6">
              <p className="flex items-center gap-3 text-sm font-semibold text-accent-foreground">
                <span
                  aria-hidden="true"
                  className="grid size-9 place-items-center rounded-full bg-primary text-base text-primary-foreground"
                >
                  {index + 1}
                </span>
                {t('porting.stepLabel', { number: index + 1 })}
              </p>
              <h3 className="text-xl font-semibold">{t(`porting.steps.${key}.title`)}</h3>
              <p className="text-muted-foreground">{t(`porting.steps.${key}.body`)}</p>
            </li>
          ))}
        </ol>
      </PageSection>

      <PageSection id="timing" title={t('porting.timing.heading')} tinted>
        <div className="flex max-w-3xl gap-3">
          <ClockIcon className="mt-1 text-primary" />
          <div className="flex flex-col gap-2">
            <p>{t('porting.timing.duration')}</p>
            <p>{t('porting.timing.fee')}</p>
          </div>
        </div>
      </PageSection>

      <PageSection id="before-you-submit" title={t('porting.important.heading')}>
        <ul className="flex max-w-3xl flex-col gap-3">
          {IMPORTANT.map((key) => (
            <li
              key={key}
              className={
                key === 'match'
                  ? 'rounded-lg border border-l-4 border-l-primary bg-accent p-4 font-medium text-accent-foreground'
                  : 'list-inside list-disc pl-1'
              }
            >
              {t(`porting.important.${key}`)}
            </li>
          ))}
        </ul>
      </PageSection>

      <PageSection title={t('porting.cta.heading')} intro={t('porting.cta.body')} tinted>
        <Button asChild className="w-fit">
          <Link to={paths.user.porting.getHref()}>{t('porting.cta.button')}</Link>
        </Button>
      </PageSection>
    </>
  );
}
