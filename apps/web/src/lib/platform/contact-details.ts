import { toE164 } from '@faxline/shared';

import { useLanguage } from '@/lib/use-language';

import { usePlatformStatus, type TContactDetails } from './use-platform-info';

/**
 * The contact details as pages show them: the phone with the number it dials, the address as lines, the support hours
 * in the reader's language.
 */
export type TShownContactDetails = Omit<TContactDetails, 'phone' | 'address' | 'hoursEs' | 'hoursFr'> & {
  phone: { display: string; href: string } | null;
  /** The offices, each as its lines (the setting separates offices with an empty line). */
  offices: string[][];
  /** Whether any detail is set: with none, a page shows no contact block at all. */
  any: boolean;
};

/**
 * How to reach the company, from the back office's settings (decision 117); a detail not set is '' or null and is
 * shown nowhere, so that no page ever shows a placeholder. Null until the settings are known.
 */
export function useContactDetails(): TShownContactDetails | null {
  const contact = usePlatformStatus().data?.contact;
  const { language } = useLanguage();
  if (!contact) return null;
  const { hoursEs, hoursFr, ...details } = contact;
  // The answer carries all three texts, so switching language needs no new request (the rule of decision 118).
  const hours = (language === 'es' ? hoursEs : language === 'fr' ? hoursFr : '') || contact.hours;
  const dialled = contact.phone ? toE164(contact.phone) : null;
  const offices = contact.address
    .split(/\n\s*\n/)
    .map((office) =>
      office
        .split('\n')
        .map((line) => line.trim())
        .filter(Boolean),
    )
    .filter((lines) => lines.length > 0);
  const phone = contact.phone && dialled ? { display: contact.phone, href: `tel:${dialled}` } : null;
  return {
    ...details,
    hours,
    phone,
    offices,
    any: Boolean(phone || contact.email || contact.salesEmail || offices.length > 0 || hours),
  };
}
