/** The audit log's query keys. Nothing here changes data, so nothing invalidates them; they only go stale. */
export const adminAuditKeys = {
  all: ['admin', 'audit'] as const,
  list: (query: string) => [...adminAuditKeys.all, 'list', query] as const,
  facets: ['admin', 'audit', 'facets'] as const,
};
