import {
  CARRIER_SECRET_SETTINGS,
  CARRIER_VALUE_SETTINGS,
  type TSaveSystemSettingsRequest,
  type TSystemSettingsResponse,
  type TSystemSettingsValues,
} from '@faxline/shared';
import { CARRIER_NAMES } from '../lines/carriers/carrier';
import { carriersOf } from '../lines/carriers/carrier-setup';
import type { TConfig } from '../platform/config';
import { AppError } from '../platform/http/app-error';

const isSecret = (name: string) => (CARRIER_SECRET_SETTINGS as readonly string[]).includes(name);
const fieldOf = (name: string) => `body.${isSecret(name) ? 'secrets' : 'values'}.${name}`;

/**
 * The carrier settings of a save, checked as they will stand after it (decision 058): each carrier given whole or not
 * at all, and every carrier the routes name given. While the environment configures the carriers, they cannot be
 * changed here (they would not be used). Throws the refusal, on the field to fix.
 */
export function checkCarrierSettings(
  request: { values: TSystemSettingsValues; secrets: NonNullable<TSaveSystemSettingsRequest['secrets']> },
  stored: Pick<TSystemSettingsResponse, 'values' | 'secrets'>,
  config: Pick<TConfig, 'carriersFromEnvironment' | 'carrierApis'>,
): void {
  if (config.carriersFromEnvironment) {
    const changed = [
      ...CARRIER_VALUE_SETTINGS.filter((name) => request.values[name] !== stored.values[name]),
      ...CARRIER_SECRET_SETTINGS.filter((name) => request.secrets[name] !== undefined),
    ];
    if (changed.length > 0) throw new AppError('invalid_request', 'errors.carriersFromEnvironment', {}, fieldOf(changed[0]!));
    return;
  }
  // Whether each key will be set is all the check needs: a kept one stands in for its stored value.
  const secrets = Object.fromEntries(
    CARRIER_SECRET_SETTINGS.map((name) => {
      const given = request.secrets[name];
      return [name, given === undefined ? (stored.secrets[name]?.set ? 'kept' : '') : given];
    }),
  );
  const setup = carriersOf({ ...request.values, ...secrets }, request.values.carrierRoutes, config.carrierApis);
  if (setup.ok) return;
  const { problem } = setup;
  const carrier = CARRIER_NAMES[problem.carrier];
  if (problem.kind === 'incomplete')
    throw new AppError('invalid_request', 'errors.carrierSettingsIncomplete', { carrier }, fieldOf(problem.missing[0]!));
  throw new AppError('invalid_request', 'errors.carrierRouteUnconfigured', { carrier }, fieldOf('carrierRoutes'));
}

/** The carrier settings of what is stored, which resetting the rest to the defaults keeps (like the secrets). */
export const carrierValuesOf = (values: TSystemSettingsValues) =>
  Object.fromEntries(CARRIER_VALUE_SETTINGS.map((name) => [name, values[name]])) as Pick<
    TSystemSettingsValues,
    (typeof CARRIER_VALUE_SETTINGS)[number]
  >;
