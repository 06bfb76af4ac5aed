/** The API keys feature's query keys, so that a mutation invalidates exactly what it changes. */
export const apiKeysKeys = {
  all: ['api-keys'] as const,
  list: () => [...apiKeysKeys.all, 'list'] as const,
};
