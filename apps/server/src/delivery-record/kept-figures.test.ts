import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AGE_PER_COMPUTE_MS, FIGURES_MAX_AGE_MS, keptFigures } from './kept-figures';

/** A computation that answers each call's number once released, and takes `takes` ms of the fake clock. */
function counter(takes = 0) {
  let calls = 0;
  let fail = false;
  const work = vi.fn(async () => {
    calls += 1;
    if (takes > 0) vi.advanceTimersByTime(takes);
    if (fail) throw new Error('the database is away');
    return calls;
  });
  return { work, failNext: () => (fail = true) };
}

/** Lets the computation started behind a reader finish (its promise settles in a few turns of the microtask queue). */
async function settle() {
  for (let turn = 0; turn < 10; turn += 1) await Promise.resolve();
}

beforeEach(() => vi.useFakeTimers({ toFake: ['performance', 'Date', 'setTimeout'] }));
afterEach(() => vi.useRealTimers());

describe('figures kept for a while', () => {
  it('computes once for readers who arrive together, then answers from memory within the age', async () => {
    const read = keptFigures<number>(10);
    const { work } = counter();
    expect(await Promise.all([read('everyone', work), read('everyone', work)])).toEqual([1, 1]);
    vi.advanceTimersByTime(FIGURES_MAX_AGE_MS - 1);
    expect(await read('everyone', work)).toBe(1);
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('past the age, answers the old figures at once and counts again behind the reader; a failure keeps them', async () => {
    const read = keptFigures<number>(10);
    const { work, failNext } = counter();
    await read('everyone', work);
    vi.advanceTimersByTime(FIGURES_MAX_AGE_MS + 1);
    expect(await read('everyone', work)).toBe(1);
    await settle();
    expect(await read('everyone', work)).toBe(2);
    expect(work).toHaveBeenCalledTimes(2);

    failNext();
    vi.advanceTimersByTime(FIGURES_MAX_AGE_MS + 1);
    expect(await read('everyone', work)).toBe(2);
    await settle();
    expect(work).toHaveBeenCalledTimes(3);
    expect(await read('everyone', work)).toBe(2);
  });

  it('keeps slow figures longer: a hundred times as long as they took', async () => {
    const read = keptFigures<number>(10);
    const { work } = counter(1_000);
    await read('everyone', work);
    vi.advanceTimersByTime(FIGURES_MAX_AGE_MS + 1);
    await read('everyone', work);
    expect(work).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1_000 * AGE_PER_COMPUTE_MS);
    await read('everyone', work);
    expect(work).toHaveBeenCalledTimes(2);
  });

  it('keeps each key apart, and forgets the oldest past the most it holds', async () => {
    const read = keptFigures<number>(2);
    const { work } = counter();
    expect(await read('a', work)).toBe(1);
    expect(await read('b', work)).toBe(2);
    expect(await read('c', work)).toBe(3);
    expect(await read('b', work)).toBe(2);
    expect(await read('a', work)).toBe(4);
  });
});
