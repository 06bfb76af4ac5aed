import type { Carrier, CarrierName } from './carrier';
import type { Carriers } from './carrier-setup';
import { signalWireCarrier } from './signalwire';
import { sinchCarrier } from './sinch';
import { telnyxCarrier } from './telnyx';

/** The carriers the settings give credentials for, as adapters. */
export function configuredCarriers(settings: Carriers): Carrier[] {
  return [
    ...(settings.telnyx ? [telnyxCarrier(settings.telnyx)] : []),
    ...(settings.signalwire ? [signalWireCarrier(settings.signalwire)] : []),
    ...(settings.sinch ? [sinchCarrier(settings.sinch)] : []),
  ];
}

/** The configured carrier of that name, or null. */
export const carrierNamed = (carriers: Carrier[], name: string): Carrier | null =>
  carriers.find((carrier) => carrier.name === (name as CarrierName)) ?? null;
