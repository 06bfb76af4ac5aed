import { createRequire } from 'node:module';
import type { Logger } from '../logger';

type Ending = (...args: unknown[]) => Promise<unknown>;
/** The patch is made once per process; its reports go to the latest queue's logger. */
let reportTo: Logger;

type ManagerPrototype = { complete: Ending; fail: Ending; __endingsHeard?: boolean };
type Manager = { db: object };

/**
 * Jobs a queue handed back while their handler still ran (a graceful stop that ran out of time), by the queue's
 * database handle (pg-boss's manager holds the same one): that queue must not end them any more, neither by completing
 * them when the handler returns (another worker may be running them by then) nor by failing them as "shut down while
 * active" (the hand-back is no failed try). Another queue of the same process that runs them again ends them as usual.
 */
const handedBack = new WeakMap<object, Set<string>>();
export function setAsideEndingOf(queueDb: object, jobId: string): void {
  const ids = handedBack.get(queueDb) ?? new Set<string>();
  handedBack.set(queueDb, ids.add(jobId));
}
/** A hand-back that did not happen: pg-boss ends the job as usual again. */
export const restoreEndingOf = (queueDb: object, jobId: string) => void handedBack.get(queueDb)?.delete(jobId);

/**
 * pg-boss 10 (the last release for Node 20) ends a job that a worker ran by calling `complete` or `fail` without
 * waiting for the answer. While the database is out of reach that call rejects with nobody listening, and an unhandled
 * rejection stops the server (main.ts). Nothing is lost by ignoring it: the job is still 'active', and when it
 * expires it is retried; our steps are written to be run again. So each ending's promise gets a listener that logs the
 * failure, and callers that do wait (boss.complete from our own code) still see the rejection. The same patch leaves
 * alone the endings of jobs set aside above.
 */
export function hearEveryJobEnding(logger: Logger): void {
  reportTo = logger;
  // pg-boss's internal class, without typings; loaded through require, it is the very module pg-boss itself uses.
  const Manager = createRequire(import.meta.url)('pg-boss/src/manager.js') as { prototype: ManagerPrototype };
  const prototype = Manager.prototype;
  if (prototype.__endingsHeard) return;
  prototype.__endingsHeard = true;
  for (const name of ['complete', 'fail'] as const) {
    const original = prototype[name];
    prototype[name] = function (this: Manager, queueName: unknown, id: unknown, ...rest: unknown[]) {
      const setAside = handedBack.get(this.db);
      const ids = (Array.isArray(id) ? id : [id]).filter((one) => !setAside?.has(String(one)));
      if (ids.length === 0) return Promise.resolve();
      const ending = original.call(this, queueName, Array.isArray(id) ? ids : ids[0], ...rest);
      ending.catch((error: unknown) =>
        reportTo.warn({ err: error, ending: name }, 'a job could not be marked ended; it will be retried when it expires'),
      );
      return ending;
    };
    // Named as the original: pg-boss hands a manager's functions to each new PgBoss by their names, so a nameless
    // patch would leave every later queue of the process without `complete` and `fail`.
    Object.defineProperty(prototype[name], 'name', { value: name });
  }
}
