import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';

/**
 * Requests per minute per API key (spec 000 §9), over a sliding minute: a key may make `limit` requests in any 60
 * seconds, so that 101 calls in one minute give 100 answers and a 429 wherever the minute starts. In memory, per
 * process (`createRateLimiter`), or in Redis, shared by every API server (`createSharedRateLimiter`).
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

/** Above this many requests a minute, a key's times are not kept one by one (80 kB a key) but counted per minute. */
const EXACT_UP_TO = 10_000;

/**
 * A high limit, counted as this minute's requests plus the share of the last minute's that the sliding minute still
 * covers (the usual estimate): constant memory at any limit.
 */
class MinuteCounts {
  private minute = -1;
  private current = 0;
  private previous = 0;
  private roll(at: number) {
    const minute = Math.floor(at / WINDOW_MS);
    if (minute === this.minute) return;
    this.previous = minute === this.minute + 1 ? this.current : 0;
    this.current = 0;
    this.minute = minute;
  }
  estimate(at: number) {
    this.roll(at);
    const covered = 1 - (at - this.minute * WINDOW_MS) / WINDOW_MS;
    return this.previous * covered + this.current;
  }
  push(at: number) {
    this.roll(at);
    this.current += 1;
  }
  /** When the estimate is next below the limit: at worst, when this minute ends. */
  nextMinute() {
    return (this.minute + 1) * WINDOW_MS;
  }
}

export function createRateLimiter(now: () => number = Date.now) {
  const exact = new Map<string, { times: RequestTimes; lastAt: number }>();
  const counted = new Map<string, { counts: MinuteCounts; lastAt: number }>();
  let lastSweep = now();

  function sweep(at: number) {
    if (at - lastSweep < IDLE_MS) return;
    lastSweep = at;
    for (const map of [exact, counted]) for (const [key, entry] of map) if (entry.lastAt < at - IDLE_MS) map.delete(key);
  }

  function hitExactly(key: string, limit: number, at: number) {
    const entry = exact.get(key) ?? { times: new RequestTimes(limit), lastAt: at };
    if (entry.times.capacity !== limit) entry.times = entry.times.resized(limit);
    entry.lastAt = at;
    exact.set(key, entry);
    const { times } = entry;
    times.forgetBefore(at - WINDOW_MS);
    const allowed = times.size < limit;
    if (allowed) times.push(at);
    return { used: times.size, freedAt: (times.oldest() ?? at) + WINDOW_MS, allowed };
  }

  function hitByCount(key: string, limit: number, at: number) {
    const entry = counted.get(key) ?? { counts: new MinuteCounts(), lastAt: at };
    entry.lastAt = at;
    counted.set(key, entry);
    const allowed = entry.counts.estimate(at) < limit;
    if (allowed) entry.counts.push(at);
    return { used: Math.ceil(entry.counts.estimate(at)), freedAt: entry.counts.nextMinute(), allowed };
  }

  return {
    hit(key: string, limit: number): RateLimitState {
      const at = now();
      sweep(at);
      const { used, freedAt, allowed } = limit <= EXACT_UP_TO ? hitExactly(key, limit, at) : hitByCount(key, limit, at);
      return {
        limit,
        remaining: Math.max(0, limit - used),
        resetAt: Math.ceil(freedAt / 1000),
        allowed,
        retryAfter: allowed ? 0 : Math.max(1, Math.ceil((freedAt - at) / 1000)),
      };
    },
  };
}
/** Where a request is counted: `hit` counts it against its key if the limit allows, and says where the key stands. */
export type RateLimiter = { hit(key: string, limit: number): Promise<RateLimitState> };

/** The limiter in this process, as a `RateLimiter`. */
export function memoryRateLimiter(now?: () => number): RateLimiter {
  const limiter = createRateLimiter(now);
  return { hit: async (key, limit) => limiter.hit(key, limit) };
}

/**
 * The sliding minute in Redis, one sorted set of request times per key, read and written in one script so that two
 * servers counting the same key at once cannot both take its last request. Times are Redis's own clock, the one
 * clock every server shares. Returns [allowed, used, oldest time in ms].
 */
const SLIDING_MINUTE = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local window = tonumber(ARGV[1])
local limit = tonumber(ARGV[2])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
local used = redis.call('ZCARD', KEYS[1])
local allowed = 0
if used < limit then
  redis.call('ZADD', KEYS[1], now, ARGV[3])
  used = used + 1
  allowed = 1
end
redis.call('PEXPIRE', KEYS[1], window)
local oldest = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
return { allowed, used, tonumber(oldest[2] or now), now }
`;

/**
 * The API keys' limit counted in Redis, together by every API server. While Redis cannot be reached, each server
 * counts in its own memory instead (a key then gets up to its limit per server): the API stays up (decision 059).
 */
export function createSharedRateLimiter(redis: Redis, logger: FastifyBaseLogger): RateLimiter {
  const fallback = memoryRateLimiter();
  return {
    async hit(key, limit) {
      let answer: [number, number, number, number];
      try {
        answer = (await redis.eval(SLIDING_MINUTE, 1, `faxline-api-limit:${key}`, WINDOW_MS, limit, randomUUID())) as typeof answer;
      } catch (error) {
        logger.warn({ err: error }, 'redis unreachable; API key limit counted in this process');
        return fallback.hit(key, limit);
      }
      const [allowed, used, oldest, now] = answer;
      const freedAt = oldest + WINDOW_MS;
      return {
        limit,
        remaining: Math.max(0, limit - used),
        resetAt: Math.ceil(freedAt / 1000),
        allowed: allowed === 1,
        retryAfter: allowed === 1 ? 0 : Math.max(1, Math.ceil((freedAt - now) / 1000)),
      };
    },
  };
}
