import { newId } from './ids';
import type { Store } from './store';
import { SIMULATED_API_VERSION, type StripeEvent } from './wire';

/**
 * Records that `object` changed, as Stripe does: the event keeps a copy of the object as it is now (later changes do
 * not reach it) and, for an update, the previous values of the fields that changed. The store's listener (the webhook
 * sender) is told at once, in the order the changes happened.
 */
export function recordEvent(store: Store, type: string, object: object, previousAttributes?: Record<string, unknown>): StripeEvent {
  const event: StripeEvent = {
    id: newId('evt_'),
    object: 'event',
    api_version: SIMULATED_API_VERSION,
    created: store.clock.seconds(),
    data: previousAttributes
      ? { object: structuredClone(object), previous_attributes: structuredClone(previousAttributes) }
      : { object: structuredClone(object) },
    livemode: false,
    pending_webhooks: 0,
    request: { ...store.origin },
    type,
  };
  store.events.add(event);
  store.onEvent(event);
  return event;
}

/** A copy to compare with after a change (`changedFields`). */
export function snapshot<T extends object>(object: T): T {
  return structuredClone(object);
}

/** The previous value of each top-level field that differs between two copies of an object: `previous_attributes`. */
export function changedFields(before: object, after: object): Record<string, unknown> {
  const previous: Record<string, unknown> = {};
  const old = before as Record<string, unknown>;
  const current = after as Record<string, unknown>;
  for (const key of Object.keys(current)) {
    if (JSON.stringify(old[key]) !== JSON.stringify(current[key])) previous[key] = old[key] ?? null;
  }
  return previous;
}

/** Records an `….updated` event when something changed, with what it was before. */
export function recordUpdate(store: Store, type: string, before: object, after: object): void {
  const previous = changedFields(before, after);
  if (Object.keys(previous).length > 0) recordEvent(store, type, after, previous);
}
