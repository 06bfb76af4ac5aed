/** Retention's query keys (decision 108), shared by the settings section and a fax's details. */
export const retentionKeys = {
  all: ['retention'] as const,
  settings: () => [...retentionKeys.all, 'settings'] as const,
  holds: () => [...retentionKeys.all, 'holds'] as const,
  fax: (id: string) => [...retentionKeys.all, 'fax', id] as const,
};
