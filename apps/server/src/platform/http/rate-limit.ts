/**
 * A route's per-address limit, scaled by RATE_LIMIT_FACTOR (raised where many people share one address).
 * Use: `config: limit(10, 60_000)` in a route's options.
 */
export function perAddressLimit(factor: number) {
  return (max: number, windowMs: number) => ({ rateLimit: { max: Math.round(max * factor), timeWindow: windowMs } });
}
