import type { TConfig } from '../../platform/config';
import type { Carrier, CarrierName } from './carrier';
import { signalWireCarrier } from './signalwire';
import { sinchCarrier } from './sinch';
import { telnyxCarrier } from './telnyx';

/** The carriers the configuration gives credentials for (config TELNYX_*, SIGNALWIRE_*, SINCH_*). */
export function configuredCarriers(settings: TConfig['carriers']): Carrier[] {
  return [
    ...(settings.telnyx ? [telnyxCarrier(settings.telnyx)] : []),
    ...(settings.signalwire ? [signalWireCarrier(settings.signalwire)] : []),
    ...(settings.sinch ? [sinchCarrier(settings.sinch)] : []),
  ];
}

/** The configured carrier of that name, or null. */
export const carrierNamed = (carriers: Carrier[], name: string): Carrier | null =>
  carriers.find((carrier) => carrier.name === (name as CarrierName)) ?? null;
