/** The query keys of the broadcasts feature: the list, one broadcast, a price. */
export const broadcastKeys = {
  all: ['broadcasts'] as const,
  list: () => [...broadcastKeys.all, 'list'] as const,
  detail: (id: string) => [...broadcastKeys.all, 'detail', id] as const,
  quote: (signature: string | null) => [...broadcastKeys.all, 'quote', signature] as const,
};
