import { CARRIER_SETTINGS, CARRIERS, parseCarrierRoutes, type TCarrier, type TCarrierRoute, type TCarrierSetting } from '@faxline/shared';
import type { SignalWireSettings } from './signalwire';
import type { SinchSettings } from './sinch';
import type { TelnyxSettings } from './telnyx-api';

/** Where each carrier's API is: the carrier's own, unless a test or a staging account points elsewhere (config). */
export type CarrierApis = { telnyx: string; sinch: string; sinchNumbers: string };

/** The carriers configured and the routes that give them numbers: what the lines, webhooks and numbers act on. */
export type Carriers = {
  telnyx: TelnyxSettings | null;
  signalwire: SignalWireSettings | null;
  sinch: SinchSettings | null;
  routes: TCarrierRoute[];
};

export const NO_CARRIERS: Carriers = { telnyx: null, signalwire: null, sinch: null, routes: [] };

/** Why a set of carrier settings configures nothing: a carrier given in part, or a route to a carrier not configured. */
export type CarrierSetupProblem =
  | { kind: 'incomplete'; carrier: TCarrier; missing: TCarrierSetting[] }
  | { kind: 'unconfiguredRoute'; carrier: TCarrier; configured: TCarrier[] };

const trimmed = (url: string) => url.replace(/\/$/, '');

/**
 * The carriers the settings configure (decisions 056, 057, 058), from the environment or the back office alike: each
 * carrier by all of its settings or none, the routes from their text (already checked by `parseCarrierRoutes`), and
 * with no routes and one carrier, every number outside Faxline to it.
 */
export function carriersOf(
  given: Partial<Record<TCarrierSetting, string | undefined>>,
  routesText: string,
  apis: CarrierApis,
): { ok: true; carriers: Carriers } | { ok: false; problem: CarrierSetupProblem } {
  const value = (name: TCarrierSetting) => given[name]?.trim() ?? '';
  for (const carrier of CARRIERS) {
    const missing = CARRIER_SETTINGS[carrier].filter((name) => value(name) === '');
    if (missing.length > 0 && missing.length < CARRIER_SETTINGS[carrier].length)
      return { ok: false, problem: { kind: 'incomplete', carrier, missing } };
  }
  const isSet = (carrier: TCarrier) => value(CARRIER_SETTINGS[carrier][0]) !== '';
  const carriers: Omit<Carriers, 'routes'> = {
    telnyx: isSet('telnyx')
      ? {
          apiUrl: trimmed(apis.telnyx),
          apiV2Key: value('telnyxApiKey'),
          connectionId: value('telnyxConnectionId'),
          publicKey: value('telnyxPublicKey'),
        }
      : null,
    signalwire: isSet('signalwire')
      ? {
          spaceUrl: trimmed(value('signalwireSpaceUrl')),
          projectId: value('signalwireProjectId'),
          apiToken: value('signalwireApiToken'),
          signingKey: value('signalwireSigningKey'),
        }
      : null,
    sinch: isSet('sinch')
      ? {
          apiUrl: trimmed(apis.sinch),
          numbersApiUrl: trimmed(apis.sinchNumbers),
          projectId: value('sinchProjectId'),
          keyId: value('sinchKeyId'),
          keySecret: value('sinchKeySecret'),
          webhookSecret: value('sinchWebhookSecret'),
        }
      : null,
  };
  const configured = CARRIERS.filter((carrier) => carriers[carrier] !== null);
  const routes = parseCarrierRoutes(routesText) ?? [];
  for (const route of routes)
    for (const carrier of [route.primary, route.fallback])
      if (carrier && !configured.includes(carrier)) return { ok: false, problem: { kind: 'unconfiguredRoute', carrier, configured } };
  if (routes.length === 0 && configured.length === 1) routes.push({ prefix: 'all', primary: configured[0]!, fallback: null });
  return { ok: true, carriers: { ...carriers, routes } };
}
