import pino, { type Logger } from 'pino';
import type { TConfig } from './config';

export type { Logger };

/** The server's logger, writing to standard output (or, for a test that reads the logs, to `destination`). */
export function createLogger(config: Pick<TConfig, 'logLevel' | 'logPretty'>, destination?: pino.DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    level: config.logLevel,
    // Never write secrets or session cookies to the logs.
    redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]', '*.password'],
    ...(config.logPretty && !destination ? { transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss.l' } } } : {}),
  };
  return destination ? pino(options, destination) : pino(options);
}
