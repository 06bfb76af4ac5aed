import { isSandboxTestNumber, type TCarrierRoute } from '@faxline/shared';

/**
 * The route of a number outside Faxline (CARRIER_ROUTES or the back office's routes, decision 057): the rule with the longest prefix the
 * number starts with, else the `all` rule; none: no carrier takes it. The sandbox's test numbers stay the sandbox's.
 */
export function routeOf(routes: TCarrierRoute[], toNumber: string): TCarrierRoute | null {
  if (isSandboxTestNumber(toNumber)) return null;
  const matching = routes
    .filter((route) => route.prefix !== 'all' && toNumber.startsWith(route.prefix))
    .sort((a, b) => b.prefix.length - a.prefix.length);
  return matching[0] ?? routes.find((route) => route.prefix === 'all') ?? null;
}

/** The classes after which the next try goes to the route's other carrier: that carrier's trouble, not the number's. */
const FAILING_OVER: ReadonlySet<string> = new Set(['carrier_outage', 'line_quality']);

/**
 * The line of a try: the line of the try before, except that after an outage (a carrier that answered 5xx, timed out
 * or failed on its side) or a line-quality failure on one carrier of the number's route, the next try goes to the
 * route's other carrier. A refusal is final (decision 119): no next try. Lines that are no carrier keep their own
 * retry rules.
 */
export function lineAfter(routes: TCarrierRoute[], toNumber: string, previous: { line: string; result: string | null }): string {
  if (!previous.result || !FAILING_OVER.has(previous.result)) return previous.line;
  const route = routeOf(routes, toNumber);
  if (!route?.fallback) return previous.line;
  if (previous.line === route.primary) return route.fallback;
  if (previous.line === route.fallback) return route.primary;
  return previous.line;
}
