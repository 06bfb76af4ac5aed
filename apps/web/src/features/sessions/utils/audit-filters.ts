import { ADMIN_AUDIT_MAX_PAGE } from '@faxline/shared';

/** The account audit trail's filters as the page holds them: in the address, so that a view can be shared. */
export type TAccountAuditFilters = { actor: string; action: string; from: string; to: string };

export const EMPTY_FILTERS: TAccountAuditFilters = { actor: '', action: '', from: '', to: '' };
const KEYS = Object.keys(EMPTY_FILTERS) as Array<keyof TAccountAuditFilters>;

export function filtersFromParams(params: URLSearchParams): { filters: TAccountAuditFilters; page: number } {
  const filters = { ...EMPTY_FILTERS };
  for (const key of KEYS) filters[key] = params.get(key)?.trim() ?? '';
  const page = Number(params.get('page'));
  return { filters, page: Number.isInteger(page) && page >= 1 ? Math.min(page, ADMIN_AUDIT_MAX_PAGE) : 1 };
}

/** Only the filters that are set, and the page when it is not the first. */
export function paramsFromFilters(filters: TAccountAuditFilters, page = 1): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of KEYS) if (filters[key].trim()) params.set(key, filters[key].trim());
  if (page > 1) params.set('page', String(page));
  return params;
}

export const hasFilters = (filters: TAccountAuditFilters) => KEYS.some((key) => filters[key].trim() !== '');
