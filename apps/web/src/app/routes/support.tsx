import { useTranslation } from 'react-i18next';

import { OnThisPage } from '@/components/ui/on-this-page';
import { PageHeader } from '@/components/ui/page-header';
import { PageSection } from '@/components/ui/page-section';
import type { TSupportSection } from '@/config/paths';
import { FaqList } from '@/features/faqs/components/faq-list';
import { EmailToFaxGuide } from '@/features/support/components/email-to-fax-guide';
import { InternationalRates } from '@/features/support/components/international-rates';
import { PortalGuide } from '@/features/support/components/portal-guide';
import { SupportContact } from '@/features/support/components/support-contact';
import { SystemStatus } from '@/features/support/components/system-status';
import { useFaqs } from '@/lib/faqs/get-faqs';
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
] as const satisfies ReadonlyArray<{ id: TSupportSection; title: string }>;

/**
 * /support (spec 000 §2): FAQs (published in the back office, in the page's language), e-mail to fax, the portal
 * guide, international rates, system status.
 */
export default function SupportRoute() {
  const { t } = useTranslation('help');
  const { language } = useLanguage();
  useDocumentMeta({ title: t('support.meta.title'), description: t('support.meta.description') });
  const faqs = useFaqs(language);
  // The FAQs come first on the page: scroll to an anchor below them only once they are in.
  useScrollToHash(!faqs.isPending);

  return (
    <>
      <PageHeader title={t('support.heading')} intro={t('support.intro')}>
        <OnThisPage label={t('support.onThisPage')} links={SECTIONS.map(({ id, title }) => ({ id, title: t(title) }))} />
      </PageHeader>

      <PageSection id="faqs" title={t('support.faqs.heading')}>
        <FaqList query={faqs} />
      </PageSection>
      <EmailToFaxGuide />
      <PortalGuide />
      <InternationalRates />
      <SystemStatus />
      <SupportContact />
    </>
  );
}
