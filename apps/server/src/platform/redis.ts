import { Redis } from 'ioredis';
import type { Logger } from './logger';

/**
 * The connection to Redis (config REDIS_URL), where the API servers count their rate limits together. Short waits and
 * no queue of commands while it is away, so that a request never waits on Redis for long: while it cannot be reached,
 * the API keys' limit is counted in each process and the other limits are not counted (decision 059).
 */
export function connectRedis(url: string, logger: Logger): Redis {
  const redis = new Redis(url, { connectTimeout: 1_000, maxRetriesPerRequest: 1, enableOfflineQueue: false });
  redis.on('error', (error: Error) => logger.warn({ err: error }, 'redis unreachable; rate limits counted in this process'));
  return redis;
}

export type { Redis };
