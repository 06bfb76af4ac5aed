import { addTaxId, deleteTaxId } from './customers';
import { invalidParam, noSuchObject } from './errors';
import { recordEvent } from './events';
import { pageOf } from './list';
import * as param from './params';
import { route, type ApiRoute } from './router';
import type { Store } from './store';
import type { TaxId } from './wire';

/**
 * Stripe's tax id types that the simulator takes (a part of Stripe's list: the VAT, GST and business numbers of the
 * countries whose format Faxline checks); any other is refused as Stripe refuses an unknown type.
 */
export const SIMULATED_TAX_ID_TYPES = [
  'eu_vat',
  'gb_vat',
  'ch_vat',
  'no_vat',
  'is_vat',
  'rs_pib',
  'tr_tin',
  'ua_vat',
  'ru_inn',
  'by_tin',
  'kz_bin',
  'uz_vat',
  'al_tin',
  'mk_vat',
  'sm_tin',
  'au_abn',
  'nz_gst',
  'in_gst',
  'id_npwp',
  'il_vat',
  'ph_tin',
  'sa_vat',
  'ng_tin',
  'ca_bn',
  'ar_cuit',
  'bo_tin',
  'br_cnpj',
  'br_cpf',
  'cl_tin',
  'co_nit',
  'cr_tin',
  'ec_ruc',
  'sv_nit',
  'gt_nit',
  'hn_rtn',
  'mx_rfc',
  'ni_ruc',
  'pa_ruc',
  'py_ruc',
  'pe_ruc',
  'do_rcn',
  'uy_ruc',
  've_rif',
  'us_ein',
] as const;

function customerTaxId(store: Store, customerId: string, taxIdId: string): TaxId {
  store.customers.find(customerId, 'customer');
  const taxId = store.taxIds.get(taxIdId);
  // Another customer's tax id is not found under this one, as on Stripe.
  if (!taxId || taxId.customer !== customerId) throw noSuchObject('tax_id', taxIdId);
  return taxId;
}

/** A customer's tax ids: `/v1/customers/:id/tax_ids` (create, retrieve, list, delete). */
export const taxIdRoutes: ApiRoute[] = [
  route('POST', '/v1/customers/:id/tax_ids', ({ store, params, path }) => {
    param.rejectUnknownParams(params, ['type', 'value']);
    const customer = store.customers.find(path.id!, 'customer');
    const type = param.requiredString(params, 'type');
    if (!(SIMULATED_TAX_ID_TYPES as readonly string[]).includes(type))
      throw invalidParam('type', `Invalid value for type: ${type} is not a tax id type the Stripe simulator knows.`);
    const taxId = addTaxId(store, customer, { type, value: param.requiredString(params, 'value') });
    recordEvent(store, 'customer.tax_id.created', taxId);
    return taxId;
  }),
  route('GET', '/v1/customers/:id/tax_ids', ({ store, params, path }) => {
    store.customers.find(path.id!, 'customer');
    const taxIds = store.taxIds.all().filter((taxId) => taxId.customer === path.id);
    return pageOf(taxIds, params, `/v1/customers/${path.id}/tax_ids`);
  }),
  route('GET', '/v1/customers/:id/tax_ids/:taxId', ({ store, path }) => customerTaxId(store, path.id!, path.taxId!)),
  route('DELETE', '/v1/customers/:id/tax_ids/:taxId', ({ store, path }) => {
    store.customers.find(path.id!, 'customer');
    return deleteTaxId(store, path.id!, path.taxId!);
  }),
];
