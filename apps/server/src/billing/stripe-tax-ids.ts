import { compactTaxId, normalTaxId } from '@faxline/shared';

const EU_COUNTRIES = new Set(
  ['AT', 'BE', 'BG', 'HR', 'CY', 'CZ', 'DK', 'EE', 'FI', 'FR', 'DE', 'GR', 'HU', 'IE', 'IT', 'LV', 'LT', 'LU', 'MT', 'NL'].concat([
    'PL',
    'PT',
    'RO',
    'SK',
    'SI',
    'ES',
    'SE',
  ]),
);

/** Stripe's tax id type of each country outside the EU whose tax id Faxline takes (Stripe's `tax_id_data[type]`). */
const STRIPE_TYPE_BY_COUNTRY: Record<string, string> = {
  GB: 'gb_vat',
  CH: 'ch_vat',
  NO: 'no_vat',
  IS: 'is_vat',
  RS: 'rs_pib',
  TR: 'tr_tin',
  UA: 'ua_vat',
  RU: 'ru_inn',
  BY: 'by_tin',
  KZ: 'kz_bin',
  UZ: 'uz_vat',
  AL: 'al_tin',
  MK: 'mk_vat',
  SM: 'sm_tin',
  AU: 'au_abn',
  NZ: 'nz_gst',
  IN: 'in_gst',
  ID: 'id_npwp',
  IL: 'il_vat',
  PH: 'ph_tin',
  SA: 'sa_vat',
  NG: 'ng_tin',
  CA: 'ca_bn',
  AR: 'ar_cuit',
  BO: 'bo_tin',
  CL: 'cl_tin',
  CO: 'co_nit',
  CR: 'cr_tin',
  EC: 'ec_ruc',
  SV: 'sv_nit',
  GT: 'gt_nit',
  HN: 'hn_rtn',
  MX: 'mx_rfc',
  NI: 'ni_ruc',
  PA: 'pa_ruc',
  PY: 'py_ruc',
  PE: 'pe_ruc',
  DO: 'do_rcn',
  UY: 'uy_ruc',
  VE: 've_rif',
  US: 'us_ein',
};

/**
 * The tax id as Stripe takes it, or null where Stripe has no type for the country's tax ids (it is then kept by Faxline
 * only, and Stripe's invoices do not carry it). EU and UK VAT numbers go with their country prefix and without
 * separators (Greece's prefix is EL); others as the customer wrote them.
 */
export function stripeTaxIdOf(country: string, taxId: string): { type: string; value: string } | null {
  if (taxId === '') return null;
  if (EU_COUNTRIES.has(country)) {
    const prefix = country === 'GR' ? 'EL' : country;
    const compact = compactTaxId(taxId);
    return { type: 'eu_vat', value: compact.startsWith(prefix) ? compact : `${prefix}${compact}` };
  }
  if (country === 'BR') return { type: compactTaxId(taxId).length === 14 ? 'br_cnpj' : 'br_cpf', value: normalTaxId(taxId) };
  const type = STRIPE_TYPE_BY_COUNTRY[country];
  if (!type) return null;
  if (country === 'GB') return { type, value: compactTaxId(taxId).replace(/^(?!GB)/, 'GB') };
  return { type, value: normalTaxId(taxId) };
}
