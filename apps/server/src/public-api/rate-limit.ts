/**
 * Requests per minute per API key (spec 000 §9), over a sliding minute: a key may make `limit` requests in any 60
 * seconds, so that 101 calls in one minute give 100 answers and a 429 wherever the minute starts. In memory, per
 * process; issue 21 shares it across servers (Redis) behind the same `hit`.
 */
export type RateLimitState = {
  limit: number;
  remaining: number;
  /** When a request is next freed, as a Unix timestamp in seconds (X-RateLimit-Reset). */
  resetAt: number;
  allowed: boolean;
  /** Seconds until a request may be made again (Retry-After), when refused. */
  retryAfter: number;
};

const WINDOW_MS = 60_000;
/** Keys not heard from for this long are forgotten. */
const IDLE_MS = 2 * WINDOW_MS;

/** A key's last `limit` request times, oldest first, in a ring: counting and forgetting cost the same at any limit. */
class RequestTimes {
  private times: Float64Array;
  private start = 0;
  size = 0;
  constructor(limit: number) {
    this.times = new Float64Array(limit);
  }
  get capacity() {
    return this.times.length;
  }
  oldest(): number | undefined {
    return this.size > 0 ? this.times[this.start] : undefined;
  }
  newest(): number | undefined {
    return this.size > 0 ? this.times[(this.start + this.size - 1) % this.capacity] : undefined;
  }
  forgetBefore(at: number) {
    while (this.size > 0 && this.times[this.start]! <= at) {
      this.start = (this.start + 1) % this.capacity;
      this.size -= 1;
    }
  }
  push(at: number) {
    this.times[(this.start + this.size) % this.capacity] = at;
    this.size += 1;
  }
  /** The same times under another limit (the plan changed): the newest ones it can hold. */
  resized(limit: number): RequestTimes {
    const next = new RequestTimes(limit);
    for (let i = Math.max(0, this.size - limit); i < this.size; i += 1) next.push(this.times[(this.start + i) % this.capacity]!);
    return next;
  }
}

export function createRateLimiter(now: () => number = Date.now) {
  const windows = new Map<string, RequestTimes>();
  let lastSweep = now();

  function sweep(at: number) {
    if (at - lastSweep < IDLE_MS) return;
    lastSweep = at;
    for (const [key, times] of windows) if ((times.newest() ?? 0) < at - IDLE_MS) windows.delete(key);
  }

  return {
    hit(key: string, limit: number): RateLimitState {
      const at = now();
      sweep(at);
      let times = windows.get(key) ?? new RequestTimes(limit);
      if (times.capacity !== limit) times = times.resized(limit);
      windows.set(key, times);
      times.forgetBefore(at - WINDOW_MS);
      const allowed = times.size < limit;
      if (allowed) times.push(at);
      const freedAt = (times.oldest() ?? at) + WINDOW_MS;
      return {
        limit,
        remaining: Math.max(0, limit - times.size),
        resetAt: Math.ceil(freedAt / 1000),
        allowed,
        retryAfter: allowed ? 0 : Math.max(1, Math.ceil((freedAt - at) / 1000)),
      };
    },
  };
}
export type RateLimiter = ReturnType<typeof createRateLimiter>;
