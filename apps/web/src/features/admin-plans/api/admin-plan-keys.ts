import { plansQueryKey } from '@/lib/plans/get-plans';

/** The admin plans' query keys, so that a change invalidates exactly what it changes. */
export const adminPlanKeys = {
  all: ['admin', 'plans'] as const,
};

/**
 * The public catalogue's key (lib/plans/get-plans.ts): /pricing, /fax-plans and /user/billing read it, so a change made
 * here marks it stale and those pages ask the server again instead of showing what they had.
 */
export const PUBLIC_PLANS_KEY = plansQueryKey;
