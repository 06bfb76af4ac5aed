import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { PageHeader } from '@/components/ui/page-header';
import { paths } from '@/config/paths';
import { useDocumentMeta } from '@/lib/use-document-meta';

type TPageKey =
  | 'home'
  | 'faxPlans'
  | 'support'
  | 'developers'
  | 'contact'
  | 'signIn'
  | 'aboutUs'
  | 'reviews'
  | 'utilitiesTools'
  | 'portingYourNumber'
  | 'writeReview'
  | 'securityPrivacy'
  | 'privacyPolicy'
  | 'termsOfService'
  | 'hipaaCompliance'
  | 'accessibilityPolicy'
  | 'pricing'
  | 'apiDocumentation'
  | 'signUp'
  | 'verifyReceipt'
  | 'status';

// Spec 000 §2: main navigation, additional resources and legal, as listed there; then the public pages it leaves out.
const GROUPS: Array<{ key: 'main' | 'resources' | 'legal' | 'more'; links: Array<{ page: TPageKey; to: string }> }> = [
  {
    key: 'main',
    links: [
      { page: 'home', to: paths.home.getHref() },
      { page: 'faxPlans', to: paths.faxPlans.getHref() },
      { page: 'support', to: paths.support.getHref() },
      { page: 'developers', to: paths.developers.getHref() },
      { page: 'contact', to: paths.contact.getHref() },
      { page: 'signIn', to: paths.signIn.getHref() },
    ],
  },
  {
    key: 'resources',
    links: [
      { page: 'aboutUs', to: paths.aboutUs.getHref() },
      { page: 'reviews', to: paths.reviews.getHref() },
      { page: 'utilitiesTools', to: paths.utilitiesTools.getHref() },
      { page: 'portingYourNumber', to: paths.portingYourNumber.getHref() },
      { page: 'writeReview', to: paths.writeReview.getHref() },
    ],
  },
  {
    key: 'legal',
    links: [
      { page: 'securityPrivacy', to: paths.securityPrivacy.getHref() },
      { page: 'privacyPolicy', to: paths.privacyPolicy.getHref() },
      { page: 'termsOfService', to: `${paths.securityPrivacy.getHref()}#terms-of-service` },
      { page: 'hipaaCompliance', to: `${paths.securityPrivacy.getHref()}#hipaa-compliance` },
      { page: 'accessibilityPolicy', to: `${paths.securityPrivacy.getHref()}#accessibility-policy` },
    ],
  },
  {
    key: 'more',
    links: [
      { page: 'pricing', to: paths.pricing.getHref() },
      { page: 'apiDocumentation', to: paths.apiDocumentation.getHref() },
      { page: 'signUp', to: paths.signUp.getHref() },
      { page: 'verifyReceipt', to: paths.verifyReceipt.getHref() },
      { page: 'status', to: paths.status.getHref() },
    ],
  },
];

/** /sitemap (spec 000 §2). */
export default function SitemapRoute() {
  const { t } = useTranslation('help');
  useDocumentMeta({ title: t('sitemap.meta.title'), description: t('sitemap.meta.description') });

  return (
    <>
      <PageHeader title={t('sitemap.heading')} intro={t('sitemap.intro')} />
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:grid-cols-2 lg:grid-cols-4">
        {GROUPS.map((group) => (
          <nav key={group.key} aria-labelledby={`sitemap-${group.key}`} className="flex flex-col gap-4">
            <h2 id={`sitemap-${group.key}`} className="text-xl font-bold">
              {t(`sitemap.groups.${group.key}`)}
            </h2>
            <ul className="flex flex-col gap-2">
              {group.links.map(({ page, to }) => (
                <li key={page}>
                  <Link to={to} className="text-primary underline underline-offset-4 hover:no-underline">
                    {t(`sitemap.pages.${page}`)}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
    </>
  );
}
