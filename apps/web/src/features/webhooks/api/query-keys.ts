/** The webhooks feature's query keys, so that a mutation invalidates exactly what it changes. */
export const webhooksKeys = {
  all: ['webhooks'] as const,
  list: () => [...webhooksKeys.all, 'list'] as const,
  messages: (endpointId: string) => [...webhooksKeys.all, 'messages', endpointId] as const,
};
