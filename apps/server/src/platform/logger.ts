import type { FastifyRequest } from 'fastify';
import pino, { type Logger } from 'pino';
import type { TConfig } from './config';
import { REDACTED, redactLogLine } from './log-redaction';

export type { Logger };

/**
 * A request as its log lines show it, with the route it matched (`/media/:token`), which says what a segment the line
 * rule redacted from its URL was.
 */
function requestForLog(request: FastifyRequest) {
  return {
    method: request.method,
    url: request.url,
    route: request.routeOptions?.url,
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** The server's logger, writing to standard output (or, for a test that reads the logs, to `destination`). */
export function createLogger(config: Pick<TConfig, 'logLevel' | 'logPretty'>, destination?: pino.DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    level: config.logLevel,
    // Never write secrets or session cookies to the logs, where a header or a secret is logged by name. (Each wildcard
    // path costs every line a walk of the object: URLs and written-out credentials are the line rule's, below.)
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'res.headers["set-cookie"]',
        '*.password',
        'headers.authorization',
        'headers.cookie',
        'token',
        'secret',
      ],
      censor: REDACTED,
    },
    serializers: { req: requestForLog },
    // Every line, whoever wrote it (a request, a job, an error's stack), leaves through the one rule of decision 067.
    hooks: { streamWrite: redactLogLine },
    ...(config.logPretty && !destination ? { transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss.l' } } } : {}),
  };
  return destination ? pino(options, destination) : pino(options);
}

/** Better Auth's own messages, written through the server's logger (and so through its redaction) instead of the console. */
export function betterAuthLogger(logger: Logger) {
  const log = logger.child({ component: 'better-auth' });
  return {
    log: (level: 'debug' | 'info' | 'warn' | 'error', message: string, ...args: unknown[]) =>
      log[level](args[0] instanceof Error ? { err: args[0] } : args.length > 0 ? { details: args } : {}, message),
  };
}
