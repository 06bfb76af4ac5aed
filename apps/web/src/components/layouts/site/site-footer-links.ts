import { paths } from '@/config/paths';

const anchor = (path: string, id: string) => `${path}#${id}`;

/** The footer's columns (spec 000 §2), with the routes and anchors of spec 000 §2's pages. */
export const FOOTER_COLUMNS = [
  {
    key: 'faxPlans',
    links: [
      { to: paths.faxPlans.getHref(), text: 'pages.faxPlans' },
      { to: anchor(paths.faxPlans.getHref(), 'standard-plans'), text: 'footer.links.standardPlans' },
      { to: anchor(paths.faxPlans.getHref(), 'healthcare-solutions'), text: 'footer.links.healthcareSolutions' },
      { to: paths.pricing.getHref(), text: 'pages.pricing' },
    ],
  },
  {
    key: 'support',
    links: [
      { to: paths.support.getHref(), text: 'footer.links.supportCentre' },
      { to: anchor(paths.support.getHref(), 'faqs'), text: 'footer.links.faqs' },
      { to: anchor(paths.support.getHref(), 'how-faxline-works'), text: 'footer.links.howFaxlineWorks' },
      { to: anchor(paths.support.getHref(), 'how-to-fax-online'), text: 'footer.links.howToFaxOnline' },
      { to: anchor(paths.support.getHref(), 'international-rates'), text: 'footer.links.internationalRates' },
      // The delivery record and the incident notices, live (decision 122).
      { to: paths.status.getHref(), text: 'footer.links.systemStatus' },
      { to: paths.portingYourNumber.getHref(), text: 'footer.links.portingYourNumber' },
      { to: paths.contact.getHref(), text: 'footer.links.contactUs' },
    ],
  },
  {
    key: 'developers',
    links: [
      { to: paths.developers.getHref(), text: 'pages.developers' },
      { to: anchor(paths.developers.getHref(), 'why-choose-api'), text: 'footer.links.whyChooseApi' },
      { to: anchor(paths.developers.getHref(), 'api-information'), text: 'footer.links.apiInformation' },
      { to: anchor(paths.developers.getHref(), 'download-api-classes'), text: 'footer.links.clientLibraries' },
      { to: paths.apiDocumentation.getHref(), text: 'pages.apiDocumentation' },
      { to: anchor(paths.apiDocumentation.getHref(), 'authentication'), text: 'footer.links.apiAuthentication' },
    ],
  },
  {
    key: 'more',
    links: [
      { to: paths.aboutUs.getHref(), text: 'pages.aboutUs' },
      { to: paths.reviews.getHref(), text: 'pages.reviews' },
      { to: paths.writeReview.getHref(), text: 'footer.links.writeReview' },
      { to: paths.blog.getHref(), text: 'footer.links.blog' },
      { to: paths.utilitiesTools.getHref(), text: 'footer.links.utilitiesTools' },
      { to: paths.sitemap.getHref(), text: 'footer.links.sitemap' },
    ],
  },
  {
    key: 'securityPrivacy',
    links: [
      { to: anchor(paths.securityPrivacy.getHref(), 'security-overview'), text: 'footer.links.securityOverview' },
      { to: anchor(paths.securityPrivacy.getHref(), 'hipaa-compliance'), text: 'footer.links.hipaaCompliance' },
      { to: anchor(paths.securityPrivacy.getHref(), 'phipa-compliance'), text: 'footer.links.phipaCompliance' },
      { to: paths.privacyPolicy.getHref(), text: 'footer.links.privacyPolicy' },
      { to: anchor(paths.securityPrivacy.getHref(), 'terms-of-service'), text: 'footer.links.termsOfService' },
      { to: anchor(paths.securityPrivacy.getHref(), 'accessibility-policy'), text: 'footer.links.accessibilityPolicy' },
      { to: anchor(paths.securityPrivacy.getHref(), 'service-level-agreement'), text: 'footer.links.serviceLevelAgreement' },
      // Proof of delivery: where anyone checks a transmission report.
      { to: paths.verifyReceipt.getHref(), text: 'pages.verifyReceipt' },
    ],
  },
] as const;

/** Faxline has no social media accounts yet: the footer names them as coming soon. */
export const SOCIAL_NETWORKS = ['LinkedIn', 'X', 'Facebook', 'YouTube'] as const;
