/** The members feature's query keys, so that a mutation invalidates exactly what it changes. */
export const memberKeys = {
  all: ['members'] as const,
  list: () => [...memberKeys.all, 'list'] as const,
};
