/**
 * Where the code reads the time whenever the time decides something: "today" and "this month", when a retry, a schedule
 * or a deadline is due, whether a link, a signature or a secret has expired. Durations measured and log lines keep the
 * system's time.
 */
export type Clock = { now: () => Date };

export const systemClock: Clock = { now: () => new Date() };

let current: Clock = systemClock;

/**
 * The process's clock: the system's, unless a test has set another (`setClock`), so that a figure computed by a route
 * and the one a test expects are of the same instant even when the run crosses midnight or the hour.
 */
export const clock: Clock = { now: () => current.now() };

/** Tests only: the clock every service reads from now on; with no argument, the system's again. */
export function setClock(next: Clock = systemClock): void {
  current = next;
}

/** A clock that stays at one instant. */
export const fixedClock = (instant: Date): Clock => ({ now: () => new Date(instant) });
