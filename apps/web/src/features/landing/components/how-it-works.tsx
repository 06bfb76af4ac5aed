import { useTranslation } from 'react-i18next';

import { PageSection } from '@/components/ui/page-section';

const STEPS = [
  { key: 'account', image: '/images/step-account.svg' },
  { key: 'document', image: '/images/step-upload.svg' },
  { key: 'send', image: '/images/step-send.svg' },
  { key: 'track', image: '/images/step-track.svg' },
] as const;

/** The four-step how-it-works section of the landing page (spec 000 §2). */
export function HowItWorks() {
  const { t } = useTranslation('marketing');
  return (
    <PageSection id="how-it-works" title={t('landing.howItWorks.heading')} intro={t('landing.howItWorks.intro')} tinted>
      <ol className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {STEPS.map(({ key, image }, index) => (
          <li key={key} className="flex gap-4 rounded-lg border bg-background p-5 shadow-sm sm:flex-col">
            {/* Below the fold: loaded when scrolled near. */}
            <img
              src={image}
              alt=""
              width={240}
              height={160}
              loading="lazy"
              decoding="async"
              className="h-auto w-24 shrink-0 self-start rounded-md sm:w-full"
            />
            <div className="flex flex-col gap-2">
              <p className="text-sm font-semibold text-accent-foreground">{t('landing.howItWorks.stepLabel', { number: index + 1 })}</p>
              <h3 className="text-lg font-semibold">{t(`landing.howItWorks.steps.${key}.title`)}</h3>
              <p className="text-muted-foreground">{t(`landing.howItWorks.steps.${key}.body`)}</p>
            </div>
          </li>
        ))}
      </ol>
    </PageSection>
  );
}
