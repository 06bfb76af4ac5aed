/** The fax identity feature's query keys, so that a save refreshes exactly what it changes. */
export const faxIdentityKeys = {
  all: ['fax-identity'] as const,
  detail: () => [...faxIdentityKeys.all, 'detail'] as const,
};
