import { ZPlansResponse } from '@faxline/shared';
import type { Database } from '../platform/db/client';
import { cachedUntilNotified } from '../platform/db/notified-cache';
import type { DatabaseNotifications } from '../platform/db/notifications';
import { listActivePlans } from './list-plans';

/** The plan a new account starts on. */
export const STARTING_PLAN_SLUG = 'basic';

/** Sent by the plans table's trigger at the commit of any change (migration 0010). */
const PLANS_CHANGED = 'plans_changed';
/** In case a notification was missed while this process's listening connection was down. */
const LIFETIME_MS = 60_000;

export type PlanCatalogue = {
  /**
   * GET /api/plans's body: the plans on sale, the same for everyone and asked for on every visit to the pricing pages,
   * so read and serialised (through its contract, as the route's serialiser would) once per change, not per request.
   */
  publicJson: () => Promise<string>;
  /** An edit was committed by this process: the next request reads the catalogue again. */
  changed: () => void;
  close: () => void;
};

export function createPlanCatalogue(db: Database, notifications: DatabaseNotifications): PlanCatalogue {
  const cache = cachedUntilNotified({
    load: async () => JSON.stringify(ZPlansResponse.parse({ plans: await listActivePlans(db) })),
    notifications,
    channel: PLANS_CHANGED,
    lifetimeMs: LIFETIME_MS,
  });
  return { publicJson: cache.get, changed: cache.drop, close: cache.close };
}
