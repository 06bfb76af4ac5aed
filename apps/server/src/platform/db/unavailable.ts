/**
 * The database could not be reached or is restarting: no connection free in time, the connection refused or cut,
 * PostgreSQL shutting down or starting; or it ended a transaction to break a deadlock again after inTransaction's own
 * tries. Such a request changed nothing (its transaction, if any, did not commit), so it is answered 503 "try again",
 * never 500.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error as ErrorLike | undefined, depth = 0; current && depth < 5; depth += 1, current = current.cause as ErrorLike) {
    const code = typeof current.code === 'string' ? current.code : '';
    if (UNAVAILABLE_CODES.has(code) || code.startsWith('08')) return true;
    if (
      /timeout exceeded when trying to connect|Connection terminated|Client has encountered a connection error/i.test(current.message ?? '')
    )
      return true;
  }
  return false;
}

type ErrorLike = { code?: unknown; message?: string; cause?: unknown };

const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (starting up or shutting down)
  '53300', // too_many_connections
  '40P01', // deadlock_detected
  '40001', // serialization_failure
]);
