import { OFFICE, SUPPORT_PHONE } from '@/components/layouts/site/site-footer-links';

/**
 * How to reach Faxline, shown on /contact. The office and phone are the footer's (one placeholder office in British
 * Columbia, Canada, spec 000 §2); the e-mail addresses use the reserved .example domain until real ones exist.
 */
export const CONTACT_DETAILS = {
  phone: SUPPORT_PHONE,
  office: OFFICE,
  emails: {
    support: 'support@faxline.example',
    sales: 'sales@faxline.example',
    privacy: 'privacy@faxline.example',
  },
} as const;
