import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { Button } from '@/components/ui/button';
import { CheckIcon, CodeIcon, FileTextIcon, HeartIcon, ShieldIcon } from '@/components/ui/icons';
import { PageSection } from '@/components/ui/page-section';
import { paths } from '@/config/paths';
import { useEmailConfirmationNotice } from '@/features/auth/hooks/use-email-confirmation-notice';
import { HowItWorks } from '@/features/landing/components/how-it-works';
import { ImageCarousel, type TCarouselImage } from '@/features/landing/components/image-carousel';
import { useDocumentMeta } from '@/lib/use-document-meta';
import { useScrollToHash } from '@/lib/use-scroll-to-hash';

const SLIDES = [
  { key: 'browser', src: '/images/fax-from-browser.svg' },
  { key: 'email', src: '/images/email-to-fax.svg' },
  { key: 'healthcare', src: '/images/secure-healthcare.svg' },
  { key: 'api', src: '/images/developer-api.svg' },
] as const;

const AUDIENCES = [
  { key: 'healthcare', icon: HeartIcon, to: `${paths.faxPlans.getHref()}#healthcare-solutions` },
  { key: 'legal', icon: ShieldIcon, to: paths.securityPrivacy.getHref() },
  { key: 'finance', icon: FileTextIcon, to: paths.pricing.getHref() },
  { key: 'developers', icon: CodeIcon, to: paths.developers.getHref() },
] as const;

const HIGHLIGHTS = ['noHardware', 'encryption', 'languages'] as const;

/** The landing page (spec 000 §2 "/"): headline, Get Started, carousel, how it works. */
export default function HomeRoute() {
  const { t } = useTranslation('marketing');
  useDocumentMeta({ title: t('landing.meta.title'), description: t('landing.meta.description') });
  useScrollToHash();
  useEmailConfirmationNotice();

  const images = useMemo<TCarouselImage[]>(
    () =>
      SLIDES.map(({ key, src }) => ({
        src,
        width: 1200,
        height: 600,
        alt: t(`landing.carousel.slides.${key}.alt`),
        caption: t(`landing.carousel.slides.${key}.caption`),
      })),
    [t],
  );

  return (
    <>
      <div className="border-b bg-accent/60">
        <div className="mx-auto grid max-w-6xl items-center gap-10 px-4 py-12 sm:py-16 lg:grid-cols-2">
          <div className="flex flex-col gap-6">
            <h1 className="text-4xl font-bold tracking-tight text-balance sm:text-5xl">{t('landing.heading')}</h1>
            <p className="text-lg text-muted-foreground">{t('landing.intro')}</p>
            <div className="flex flex-wrap gap-3">
              <Button asChild size="lg">
                <Link to={paths.signUp.getHref()}>{t('landing.getStarted')}</Link>
              </Button>
              <Button asChild size="lg" variant="outline">
                <Link to={paths.pricing.getHref()}>{t('landing.seePlans')}</Link>
              </Button>
            </div>
            <ul className="flex flex-col gap-2 text-sm">
              {HIGHLIGHTS.map((key) => (
                <li key={key} className="flex items-center gap-2">
                  <CheckIcon className="text-primary" />
                  {t(`landing.highlights.${key}`)}
                </li>
              ))}
            </ul>
          </div>
          <ImageCarousel images={images} label={t('landing.carousel.label')} />
        </div>
      </div>

      <HowItWorks />

      <PageSection title={t('landing.audiences.heading')}>
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {AUDIENCES.map(({ key, icon: Icon, to }) => (
            <li key={key} className="flex flex-col gap-3 rounded-lg border p-5">
              <span className="grid size-10 place-items-center rounded-full bg-accent text-accent-foreground">
                <Icon />
              </span>
              <h3 className="text-lg font-semibold">{t(`landing.audiences.items.${key}.title`)}</h3>
              <p className="flex-1 text-muted-foreground">{t(`landing.audiences.items.${key}.body`)}</p>
              <Link to={to} className="font-medium text-primary underline underline-offset-4 hover:no-underline">
                {t(`landing.audiences.items.${key}.link`)}
              </Link>
            </li>
          ))}
        </ul>
      </PageSection>

      <section aria-labelledby="landing-cta" className="bg-primary text-primary-foreground">
        <div className="mx-auto flex max-w-6xl flex-col items-start gap-4 px-4 py-12 md:flex-row md:items-center md:justify-between">
          <div className="flex max-w-2xl flex-col gap-2">
            <h2 id="landing-cta" className="text-2xl font-bold">
              {t('landing.cta.heading')}
            </h2>
            <p>{t('landing.cta.body')}</p>
          </div>
          <div className="flex flex-wrap gap-3">
            <Button asChild size="lg" variant="outline" className="border-white bg-white text-primary hover:bg-accent">
              <Link to={paths.signUp.getHref()}>{t('landing.getStarted')}</Link>
            </Button>
            <Button
              asChild
              size="lg"
              variant="outline"
              className="border-white bg-transparent text-white hover:bg-primary-hover hover:text-white"
            >
              <Link to={paths.contact.getHref()}>{t('landing.cta.contact')}</Link>
            </Button>
          </div>
        </div>
      </section>
    </>
  );
}
