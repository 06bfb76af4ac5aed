import { FHIR_EXPORT_OWN_REASONS } from '@faxline/shared';
import type { TFunction } from 'i18next';

/**
 * An EHR export's error in the reader's words: Faxline's own reasons (no server, the connection off, no document) are
 * codes said in the page's language; anything else is the FHIR server's or the network's own words, shown as they came.
 */
export function fhirErrorWords(t: TFunction<'faxes'>, error: string): string {
  return (FHIR_EXPORT_OWN_REASONS as readonly string[]).includes(error)
    ? t(`fhirReasons.${error as (typeof FHIR_EXPORT_OWN_REASONS)[number]}`)
    : error;
}
