import { ADMIN_AUDIT_MAX_PAGE } from '@faxline/shared';

/** The audit log's filters as the page holds them: in the address (?actor=&action=...), so a view can be shared. */
export type TAuditFilters = {
  actor: string;
  action: string;
  objectType: string;
  objectId: string;
  from: string;
  to: string;
};

export const EMPTY_AUDIT_FILTERS: TAuditFilters = { actor: '', action: '', objectType: '', objectId: '', from: '', to: '' };
const FILTER_KEYS = Object.keys(EMPTY_AUDIT_FILTERS) as Array<keyof TAuditFilters>;

export function filtersFromParams(params: URLSearchParams): { filters: TAuditFilters; page: number } {
  const filters = { ...EMPTY_AUDIT_FILTERS };
  for (const key of FILTER_KEYS) filters[key] = params.get(key)?.trim() ?? '';
  const page = Number(params.get('page'));
  // Pages go only as deep as the server counts (decision 061): an address past them shows the last one.
  return { filters, page: Number.isInteger(page) && page >= 1 ? Math.min(page, ADMIN_AUDIT_MAX_PAGE) : 1 };
}

/** Only the filters that are set, and the page when it is not the first: short addresses, the same query keys. */
export function paramsFromFilters(filters: TAuditFilters, page = 1): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of FILTER_KEYS) if (filters[key].trim()) params.set(key, filters[key].trim());
  if (page > 1) params.set('page', String(page));
  return params;
}

export const hasFilters = (filters: TAuditFilters) => FILTER_KEYS.some((key) => filters[key].trim() !== '');
