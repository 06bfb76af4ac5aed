import { toE164 } from '@faxline/shared';

import { usePlatformStatus, type TContactDetails } from './use-platform-info';

/** The contact details as pages show them: the phone with the number it dials, the address as lines. */
export type TShownContactDetails = Omit<TContactDetails, 'phone' | 'address'> & {
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
  if (!contact) return null;
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
    ...contact,
    phone,
    offices,
    any: Boolean(phone || contact.email || contact.salesEmail || offices.length > 0 || contact.hours),
  };
}
