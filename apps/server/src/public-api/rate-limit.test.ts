import { describe, expect, it } from 'vitest';
import { createRateLimiter } from './rate-limit';

describe('the per-key limit over a sliding minute', () => {
  it('allows `limit` requests in any 60 seconds, wherever the minute starts, and says when one is freed', () => {
    let now = 1_000_000;
    const limiter = createRateLimiter(() => now);
    for (let i = 0; i < 100; i += 1) {
      const state = limiter.hit('k', 100);
      expect(state).toMatchObject({ allowed: true, remaining: 99 - i });
      now += 100; // 100 requests over 10 s
    }
    const refused = limiter.hit('k', 100);
    expect(refused).toMatchObject({ allowed: false, remaining: 0, retryAfter: 50 });
    expect(refused.resetAt).toBe(Math.ceil((1_000_000 + 60_000) / 1000));
    now = 1_000_000 + 60_000 + 1; // the first request has left the minute: one more may go
    expect(limiter.hit('k', 100)).toMatchObject({ allowed: true, remaining: 0 });
    expect(limiter.hit('k', 100).allowed).toBe(false);
    expect(limiter.hit('other', 100)).toMatchObject({ allowed: true, remaining: 99 });
  });

  it('follows a plan that changes, keeping the requests already counted', () => {
    let now = 0;
    const limiter = createRateLimiter(() => now);
    for (let i = 0; i < 10; i += 1) limiter.hit('k', 10);
    expect(limiter.hit('k', 10).allowed).toBe(false);
    expect(limiter.hit('k', 15)).toMatchObject({ allowed: true, remaining: 4 });
    now += 1;
    expect(limiter.hit('k', 5)).toMatchObject({ allowed: false, remaining: 0 });
  });

  it('counts a high limit per minute, in constant memory, at any limit', () => {
    let now = 30_000; // half way through a minute
    const limiter = createRateLimiter(() => now);
    // Counted, then judged once: an assertion per hit made this test take seconds on a busy machine.
    const allowedOf = (hits: number) => Array.from({ length: hits }).filter(() => limiter.hit('k', 100_000).allowed).length;
    expect(allowedOf(100_000)).toBe(100_000);
    expect(limiter.hit('k', 100_000)).toMatchObject({ allowed: false, remaining: 0, resetAt: 60, retryAfter: 30 });
    now = 90_000; // half of the last minute is still in the sliding one: 50,000 more may go
    expect(allowedOf(50_000)).toBe(50_000);
    expect(limiter.hit('k', 100_000).allowed).toBe(false);
    expect(limiter.hit('huge', 1e13)).toMatchObject({ allowed: true, limit: 1e13 });
  });
});
