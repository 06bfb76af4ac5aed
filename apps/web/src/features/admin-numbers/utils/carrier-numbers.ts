import { CARRIERS, type TAdminNumber, type TCarrier, type TCarrierNumberOffer } from '@faxline/shared';

import { isAvailable } from './number-display';

/** The carriers' own names, the same in every language. */
const CARRIER_NAMES = { telnyx: 'Telnyx', signalwire: 'SignalWire', sinch: 'Sinch' } as const satisfies Record<TCarrier, string>;

export const isCarrier = (value: string): value is TCarrier => (CARRIERS as readonly string[]).includes(value);

/** "telnyx" -> "Telnyx"; a provider that is no carrier of Faxline's keeps its own spelling. */
export const carrierName = (provider: string): string => (isCarrier(provider) ? CARRIER_NAMES[provider] : provider);

/** The countries the carriers sell fax numbers in that the order dialog offers (ISO 3166-1 alpha-2). */
export const CARRIER_COUNTRIES = ['US', 'CA', 'GB', 'FR'] as const;

/** An area code as the server takes it: 1 to 6 digits. */
const AREA_CODE = /^\d{1,6}$/;

export type TCarrierSearchValues = { carrier: TCarrier; country: string; areaCode: string };
export type TCarrierSearchField = 'country' | 'areaCode';
export type TCarrierSearchProblem = 'noCountry' | 'invalidAreaCode';
export type TCarrierSearchCheck =
  { ok: true; criteria: TCarrierSearchValues } | { ok: false; field: TCarrierSearchField; problem: TCarrierSearchProblem };

/**
 * The search form's values as the server takes them, or the first field that is wrong: a country must be chosen (the
 * spec's 'Please enter criteria to search for numbers.'), and an area code, when given, is digits only.
 */
export function checkCarrierSearch(values: TCarrierSearchValues): TCarrierSearchCheck {
  const country = values.country.trim().toUpperCase();
  if (!(CARRIER_COUNTRIES as readonly string[]).includes(country)) return { ok: false, field: 'country', problem: 'noCountry' };
  const areaCode = values.areaCode.trim();
  if (areaCode !== '' && !AREA_CODE.test(areaCode)) return { ok: false, field: 'areaCode', problem: 'invalidAreaCode' };
  return { ok: true, criteria: { carrier: values.carrier, country, areaCode } };
}

/** Where a number for sale is, as the carrier names it: "SAN FRANCISCO, CA"; empty when it names neither. */
export const offerPlace = (offer: Pick<TCarrierNumberOffer, 'locality' | 'region'>): string =>
  [offer.locality, offer.region].filter((part): part is string => Boolean(part?.trim())).join(', ');

/** Only an available number bought from a carrier can be given back to it (a held one is released first). */
export const canReturnToCarrier = (number: Pick<TAdminNumber, 'status' | 'fromCarrier'>): boolean =>
  isAvailable(number) && number.fromCarrier;
