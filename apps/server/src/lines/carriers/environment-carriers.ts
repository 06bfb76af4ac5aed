import { CARRIER_SETTINGS } from '@faxline/shared';
import { CARRIER_ENV_NAMES, ConfigError, type TConfig } from '../../platform/config';
import { CARRIER_NAMES } from './carrier';
import { carriersOf, type Carriers } from './carrier-setup';

export type CarrierEnvironment = Pick<TConfig, 'carrierSettings' | 'carrierRoutes' | 'carrierApis'>;

/**
 * The carriers the environment configures, and the routes that give them numbers (decisions 056 to 058). A carrier
 * given in part, or a route to a carrier not configured, is a setting to fix: main.ts reads them once at start, so
 * that such a server stops before it starts, saying which variables to set.
 */
export function environmentCarriers(config: CarrierEnvironment): Carriers {
  const setup = carriersOf(config.carrierSettings, config.carrierRoutes ?? '', config.carrierApis);
  if (setup.ok) return setup.carriers;
  const { problem } = setup;
  if (problem.kind === 'incomplete') {
    const names = CARRIER_SETTINGS[problem.carrier].map((name) => CARRIER_ENV_NAMES[name]);
    throw new ConfigError(
      `Invalid configuration: ${CARRIER_NAMES[problem.carrier]} needs ${names.join(', ')} together; ${problem.missing.map((name) => CARRIER_ENV_NAMES[name]).join(', ')} missing.`,
    );
  }
  throw new ConfigError(
    `Invalid configuration: CARRIER_ROUTES names ${problem.carrier}, which is not configured (configured: ${problem.configured.join(', ') || 'none'}).`,
  );
}
