import { CARRIERS, type TCarrier } from './constants';

/** One rule of the carrier routes (decision 057): the numbers it covers, their carrier, and the one that takes over. */
export type TCarrierRoute = { prefix: 'all' | `+${string}`; primary: TCarrier; fallback: TCarrier | null };

const RULE = /^(all|\+[1-9]\d{0,14})=([a-z]+)(?:>([a-z]+))?$/;
const isCarrier = (name: string | undefined): name is TCarrier => (CARRIERS as readonly string[]).includes(name ?? '');

/**
 * The carrier routes as written in CARRIER_ROUTES or the back office: `prefix=primary>fallback` rules separated by
 * commas or new lines (`+1=telnyx>signalwire, all=sinch`). Null when a rule is not one, names no carrier Faxline
 * knows, gives a prefix twice, or gives a prefix the same carrier twice. Whether each carrier is configured is the
 * server's to say.
 */
export function parseCarrierRoutes(text: string): TCarrierRoute[] | null {
  const rules = text
    .split(/[,\n]/)
    .map((rule) => rule.replace(/\s+/g, ''))
    .filter((rule) => rule !== '');
  const routes: TCarrierRoute[] = [];
  for (const rule of rules) {
    const [, prefix, primary, fallback] = RULE.exec(rule) ?? [];
    if (!prefix || !isCarrier(primary) || (fallback !== undefined && !isCarrier(fallback)) || fallback === primary) return null;
    if (routes.some((route) => route.prefix === prefix)) return null;
    routes.push({ prefix: prefix as TCarrierRoute['prefix'], primary, fallback: fallback ?? null });
  }
  return routes;
}
