/**
 * The simulator's time: the given clock (the system's by default) plus an offset that tests move forward, so that a
 * month of billing passes in a call. Webhook signatures keep the real time: receivers compare it with their own.
 */
export type SimulatorClock = {
  now(): Date;
  /** Unix seconds, the unit of every Stripe timestamp. */
  seconds(): number;
  advance(ms: number): void;
  set(date: Date): void;
};

export function createSimulatorClock(base: () => Date = () => new Date()): SimulatorClock {
  let offsetMs = 0;
  const now = () => new Date(base().getTime() + offsetMs);
  return {
    now,
    seconds: () => Math.floor(now().getTime() / 1000),
    advance(ms) {
      if (!Number.isFinite(ms) || ms < 0) throw new RangeError('The simulator clock only moves forward');
      offsetMs += ms;
    },
    set(date) {
      const ms = date.getTime() - now().getTime();
      if (ms < 0) throw new RangeError('The simulator clock only moves forward');
      offsetMs += ms;
    },
  };
}
