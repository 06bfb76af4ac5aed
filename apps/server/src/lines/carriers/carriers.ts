import { CARRIER_SECRET_SETTINGS } from '@faxline/shared';
import type { TConfig } from '../../platform/config';
import type { Database } from '../../platform/db/client';
import { installationSecretOf } from '../../platform/local-secret';
import { readSettingsWithSecrets, type SystemSettings } from '../../system-settings/system-settings';
import type { Carrier, CarrierName } from './carrier';
import { carriersOf, NO_CARRIERS, type Carriers } from './carrier-setup';
import { signalWireCarrier } from './signalwire';
import { sinchCarrier } from './sinch';
import { telnyxCarrier } from './telnyx';

export type CarrierConfig = Pick<TConfig, 'carriers' | 'carrierApis' | 'carriersFromEnvironment' | 'authSecret' | 'dataDir'>;

/** The carrier settings from the API process's copy of the settings (kept in step with every save by NOTIFY). */
async function readCachedSettings(settings: SystemSettings) {
  const secrets = Object.fromEntries(
    await Promise.all(CARRIER_SECRET_SETTINGS.map(async (name) => [name, (await settings.secret(name)) ?? undefined] as const)),
  );
  return { values: await settings.current(), secrets };
}

/**
 * The carriers in force (decision 058): the environment's when it configures any, else the back office's, read at
 * each use so that a save takes effect at once in every process. Where a process keeps the settings in memory (the API
 * and the e-mail gateway: every page's /api/platform, every send, every carrier webhook), that copy is passed: it
 * follows each save through NOTIFY, and the row is not read and unsealed each time. A saved set was checked whole
 * when it was saved; one that no longer holds configures none rather than half of one.
 */
export async function carriersInForce(db: Database, config: CarrierConfig, cached?: SystemSettings): Promise<Carriers> {
  if (config.carriersFromEnvironment) return config.carriers;
  const { values, secrets } = cached
    ? await readCachedSettings(cached)
    : await readSettingsWithSecrets(db, await installationSecretOf(config), CARRIER_SECRET_SETTINGS);
  const setup = carriersOf({ ...values, ...secrets }, values.carrierRoutes, config.carrierApis);
  return setup.ok ? setup.carriers : NO_CARRIERS;
}

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
