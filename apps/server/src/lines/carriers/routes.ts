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

/**
 * The line of a try: the line of the try before, except that after a line error (a carrier that
 * answered 5xx, timed out, refused, or reported a line error) on one carrier of the number's route, the next try goes
 * to the route's other carrier. Lines that are no carrier keep their own retry rules.
 */
export function lineAfter(routes: TCarrierRoute[], toNumber: string, previous: { line: string; result: string | null }): string {
  if (previous.result !== 'line_quality') return previous.line;
  const route = routeOf(routes, toNumber);
  if (!route?.fallback) return previous.line;
  if (previous.line === route.primary) return route.fallback;
  if (previous.line === route.fallback) return route.primary;
  return previous.line;
}
