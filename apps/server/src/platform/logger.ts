import pino, { type Logger } from 'pino';
import type { TConfig } from './config';

export type { Logger };

export function createLogger(config: Pick<TConfig, 'logLevel' | 'logPretty'>): Logger {
  return pino({
    level: config.logLevel,
    // Never write secrets or session cookies to the logs.
    redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]', '*.password'],
    ...(config.logPretty ? { transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss.l' } } } : {}),
  });
}
