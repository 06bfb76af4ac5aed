import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The request a piece of work is done for, followed through async calls (Node's AsyncLocalStorage): a request's id
 * rides along with the jobs it queues, and with the jobs those queue, so that one id finds every log line of one
 * customer action, in the API process and in the workers.
 */
const context = new AsyncLocalStorage<{ requestId: string }>();

/** Runs `work` as part of the request of that id (nothing changes without one). */
export function withRequestId<T>(requestId: string | undefined, work: () => T): T {
  return requestId ? context.run({ requestId }, work) : work();
}

/** The id of the request the current work is part of, if any. */
export const currentRequestId = (): string | undefined => context.getStore()?.requestId;

/** Where a queued job's payload carries the request id (taken out again before the job's schema reads it). */
const REQUEST_ID_KEY = '$requestId';

/** A job's payload with the current request's id in it. */
export function withCurrentRequestId(payload: object): object {
  const requestId = currentRequestId();
  return requestId ? { ...payload, [REQUEST_ID_KEY]: requestId } : payload;
}

/** A stored payload split into the job's own data and the request id it carried. */
export function splitRequestId(stored: unknown): { data: unknown; requestId: string | undefined } {
  if (!stored || typeof stored !== 'object' || !(REQUEST_ID_KEY in stored)) return { data: stored, requestId: undefined };
  const { [REQUEST_ID_KEY]: requestId, ...data } = stored as Record<string, unknown>;
  return { data, requestId: typeof requestId === 'string' ? requestId : undefined };
}
