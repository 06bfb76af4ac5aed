import type { TFaxListQuery } from '@faxline/shared';

/** The faxes feature's query keys, so that a mutation invalidates exactly what it changes. */
export const faxKeys = {
  all: ['faxes'] as const,
  lists: () => [...faxKeys.all, 'list'] as const,
  list: (query: TFaxListQuery) => [...faxKeys.lists(), query] as const,
  detail: (id: string) => [...faxKeys.all, 'detail', id] as const,
  review: () => [...faxKeys.all, 'review'] as const,
  fhir: (id: string) => [...faxKeys.all, 'fhir', id] as const,
  numbers: () => [...faxKeys.all, 'numbers'] as const,
  quote: (signature: string | null) => [...faxKeys.all, 'quote', signature] as const,
};
