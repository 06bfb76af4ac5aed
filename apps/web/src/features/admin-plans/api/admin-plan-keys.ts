/** The admin plans' query keys, so that a change invalidates exactly what it changes. */
export const adminPlanKeys = {
  all: ['admin', 'plans'] as const,
};

/**
 * The public catalogue's key (features/plans/api/get-plans.ts): /pricing and /fax-plans read it, so a change made
 * here marks it stale and those pages ask the server again instead of showing what they had.
 */
export const PUBLIC_PLANS_KEY = ['plans'] as const;
