/** The blocklist feature's query keys, so that a mutation invalidates exactly what it changes. */
export const blocklistKeys = {
  all: ['blocklist'] as const,
  list: () => [...blocklistKeys.all, 'list'] as const,
};
