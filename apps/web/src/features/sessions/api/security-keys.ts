/** The query keys of the security page and the audit trail: a mutation invalidates exactly what it changes. */
export const securityKeys = {
  devices: ['sessions', 'devices'] as const,
  memberDevices: ['sessions', 'member-devices'] as const,
  policy: ['sessions', 'policy'] as const,
  audit: (query: string) => ['sessions', 'audit', query] as const,
  auditFacets: ['sessions', 'audit-facets'] as const,
};
