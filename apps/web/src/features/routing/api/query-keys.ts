/**
 * The routing feature's query keys, so that a mutation invalidates exactly what it changes. The inboxes' list is the
 * app's one (lib/inboxes: the side menu shows it too); the pickers (people, numbers, webhook endpoints) are kept under
 * this feature's own keys, since features do not share each other's modules.
 */
export const routingKeys = {
  all: ['routing'] as const,
  rules: () => [...routingKeys.all, 'rules'] as const,
  people: () => [...routingKeys.all, 'people'] as const,
  numbers: () => [...routingKeys.all, 'numbers'] as const,
  webhooks: () => [...routingKeys.all, 'webhooks'] as const,
};
