import { MAX_ATTACHMENTS } from '@faxline/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { Button } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { PageSection } from '@/components/ui/page-section';
import { paths } from '@/config/paths';
import { useFaqs } from '@/features/faqs/api/get-faqs';
import { FaqList } from '@/features/faqs/components/faq-list';
import { formatMoney } from '@/lib/format-money';
import { useMaxFileSizeMB } from '@/lib/platform/use-platform-info';
import { useDocumentMeta } from '@/lib/use-document-meta';
import { useLanguage } from '@/lib/use-language';
import { useScrollToHash } from '@/lib/use-scroll-to-hash';

// Spec 000 §2: the support page's anchors; {product} is faxline.
const SECTIONS = [
  { id: 'faqs', title: 'support.faqs.heading' },
  { id: 'how-faxline-works', title: 'support.emailToFax.heading' },
  { id: 'how-to-fax-online', title: 'support.portalGuide.heading' },
  { id: 'international-rates', title: 'support.rates.heading' },
  { id: 'system-status', title: 'support.status.heading' },
] as const;

const EMAIL_STEPS = ['from', 'to', 'attach', 'send', 'confirm'] as const;
const PORTAL_STEPS = ['signIn', 'open', 'recipient', 'upload', 'options', 'send'] as const;
// Spec 000 §9: indicative rates, in US cents per page.
const RATES = [
  { key: 'uk', cents: 5 },
  { key: 'germany', cents: 6 },
] as const;
const STATUS_POINTS = ['maintenance', 'page', 'check', 'report'] as const;

/**
 * /support (spec 000 §2): FAQs (published in the back office, in the page's language), e-mail to fax, the portal
 * guide, international rates, system status.
 */
export default function SupportRoute() {
  const { t } = useTranslation('help');
  const { language } = useLanguage();
  useDocumentMeta({ title: t('support.meta.title'), description: t('support.meta.description') });
  const faqs = useFaqs(language);
  // The steps name the upload limits; the back office can change the file size.
  const maxFileSizeMB = useMaxFileSizeMB();
  const limits = { maxAttachments: MAX_ATTACHMENTS, size: maxFileSizeMB };
  // The FAQs come first on the page: scroll to an anchor below them only once they are in.
  useScrollToHash(!faqs.isPending);

  return (
    <>
      <PageHeader title={t('support.heading')} intro={t('support.intro')}>
        <nav aria-label={t('support.onThisPage')}>
          <ul className="flex flex-wrap gap-2">
            {SECTIONS.map(({ id, title }) => (
              <li key={id}>
                <Button asChild variant="outline" size="sm">
                  <Link to={`#${id}`}>{t(title)}</Link>
                </Button>
              </li>
            ))}
          </ul>
        </nav>
      </PageHeader>

      <PageSection id="faqs" title={t('support.faqs.heading')}>
        <FaqList query={faqs} />
      </PageSection>

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

      <PageSection id="how-to-fax-online" title={t('support.portalGuide.heading')} intro={t('support.portalGuide.intro')}>
        <ol className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {PORTAL_STEPS.map((key, index) => (
            <li key={key} className="flex gap-3 rounded-lg border p-4">
              <span
                aria-hidden="true"
                className="grid size-8 shrink-0 place-items-center rounded-full bg-primary font-semibold text-primary-foreground"
              >
                {index + 1}
              </span>
              <span>{t(`support.portalGuide.steps.${key}`, limits)}</span>
            </li>
          ))}
        </ol>
        <div className="flex flex-wrap gap-3">
          <Button asChild>
            <Link to={paths.signIn.getHref()}>{t('support.portalGuide.signIn')}</Link>
          </Button>
          <Button asChild variant="outline">
            <Link to={paths.signUp.getHref()}>{t('support.portalGuide.signUp')}</Link>
          </Button>
        </div>
      </PageSection>

      <PageSection id="international-rates" title={t('support.rates.heading')} intro={t('support.rates.intro')} tinted>
        <div className="max-w-xl overflow-x-auto rounded-lg border bg-background">
          <table className="w-full text-left">
            <caption className="sr-only">{t('support.rates.caption')}</caption>
            <thead className="bg-muted">
              <tr>
                <th scope="col" className="px-4 py-3 font-semibold">
                  {t('support.rates.country')}
                </th>
                <th scope="col" className="px-4 py-3 text-right font-semibold">
                  {t('support.rates.rate')}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y">
              {RATES.map(({ key, cents }) => (
                <tr key={key}>
                  <th scope="row" className="px-4 py-3 font-normal">
                    {t(`support.rates.${key}`)}
                  </th>
                  <td className="px-4 py-3 text-right tabular-nums">{formatMoney(cents, 'USD', language)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <p className="max-w-3xl text-muted-foreground">{t('support.rates.note')}</p>
      </PageSection>

      <PageSection id="system-status" title={t('support.status.heading')} intro={t('support.status.intro')}>
        <ul className="flex max-w-3xl list-disc flex-col gap-2 pl-6">
          {STATUS_POINTS.map((key) => (
            <li key={key}>{t(`support.status.points.${key}`)}</li>
          ))}
        </ul>
      </PageSection>

      <PageSection title={t('support.contact.heading')} intro={t('support.contact.hours')} tinted>
        <div className="flex flex-wrap gap-3">
          <Button asChild>
            <Link to={paths.contact.getHref()}>{t('support.contact.button')}</Link>
          </Button>
          <Button asChild variant="outline">
            <Link to={paths.portingYourNumber.getHref()}>{t('support.contact.porting')}</Link>
          </Button>
        </div>
      </PageSection>
    </>
  );
}
