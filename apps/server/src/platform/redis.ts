import { Redis } from 'ioredis';
import type { Logger } from './logger';

const CONNECT_TIMEOUT_MS = 1_000;

/**
 * The connection to Redis (config REDIS_URL), where the API servers count their rate limits together. Short waits and
 * no queue of commands while it is away, so that a request never waits on Redis for long: while it cannot be reached,
 * the API keys' limit is counted in each process and the other limits are not counted (decision 059).
 *
 * It answers once connected, or once the first try has failed or taken its second: a server that took requests before
 * its connection was up let them through uncounted (two of 130 over the limit of 100, on a busy machine).
 */
export async function connectRedis(url: string, logger: Logger): Promise<Redis> {
  const redis = new Redis(url, { connectTimeout: CONNECT_TIMEOUT_MS, maxRetriesPerRequest: 1, enableOfflineQueue: false });
  redis.on('error', (error: Error) => logger.warn({ err: error }, 'redis unreachable; rate limits counted in this process'));
  await new Promise<void>((resolve) => {
    const settle = () => {
      clearTimeout(timer);
      redis.off('ready', settle).off('error', settle);
      resolve();
    };
    const timer = setTimeout(settle, CONNECT_TIMEOUT_MS + 100);
    redis.once('ready', settle).once('error', settle);
  });
  return redis;
}

export type { Redis };
