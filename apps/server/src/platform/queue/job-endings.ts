import { createRequire } from 'node:module';
import type { Logger } from '../logger';

type Ending = (...args: unknown[]) => Promise<unknown>;
/** The patch is made once per process; its reports go to the latest queue's logger. */
let reportTo: Logger;

type ManagerPrototype = { complete: Ending; fail: Ending; __endingsHeard?: boolean };

/**
 * pg-boss 10 (the last release for Node 20) ends a job that a worker ran by calling `complete` or `fail` without
 * waiting for the answer. While the database is out of reach that call rejects with nobody listening, and an unhandled
 * rejection stops the server (main.ts). Nothing is lost by ignoring it: the job is still 'active', and when it
 * expires it is retried; our steps are written to be run again. So each ending's promise gets a listener that logs the
 * failure, and callers that do wait (boss.complete from our own code) still see the rejection.
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
    prototype[name] = function (this: unknown, ...args: unknown[]) {
      const ending = original.apply(this, args);
      ending.catch((error: unknown) =>
        reportTo.warn({ err: error, ending: name }, 'a job could not be marked ended; it will be retried when it expires'),
      );
      return ending;
    };
  }
}
