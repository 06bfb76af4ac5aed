import { CARRIER_SECRET_SETTINGS, type TAdminDashboard, type TSystemSettingsValues } from '@faxline/shared';
import type { FileStore } from '../platform/files/encrypted-file-store';
import type { TConfig } from '../platform/config';
import type { Database } from '../platform/db/client';
import type { Carrier } from './carriers/carrier';
import { carriersOf, NO_CARRIERS, type Carriers } from './carriers/carrier-setup';
import { carrierNamed, configuredCarriers } from './carriers/carriers';
import { environmentCarriers } from './carriers/environment-carriers';
import type { FaxLine, Inbox, TryImages } from './fax-line';
import { faxLines, linesInUse, outsideNumbersServed } from './lines';

/** The configuration the lines are made from: the carriers of the environment, HylaFAX, the sandbox, the fax engine. */
export type LinesConfig = Pick<
  TConfig,
  | 'carrierSettings'
  | 'carrierRoutes'
  | 'carrierApis'
  | 'carriersFromEnvironment'
  | 'sandboxLine'
  | 'hylafax'
  | 'faxClockScale'
  | 'faxModemPath'
  | 'publicUrl'
  | 'authSecret'
  | 'dataDir'
>;

/**
 * Where the back office's carrier settings are read: the process's copy of the platform settings, kept in step with
 * every save by NOTIFY (system-settings/system-settings.ts, which sits above the lines and is given to them).
 */
export type CarrierSettingsSource = {
  current(): Promise<TSystemSettingsValues>;
  secret(name: (typeof CARRIER_SECRET_SETTINGS)[number]): Promise<string | null>;
};

export type LinesInForceDeps = {
  config: LinesConfig;
  systemSettings: CarrierSettingsSource;
};

/** What the lines hand their faxes to, given by the faxes module: received faxes, and the pages kept for a try. */
export type LineEnds = { db: Database; files: FileStore; inbox: Inbox; tryImages: TryImages };

export type LinesInForce = {
  /** The carriers with credentials, and the routes that give them numbers. */
  carriers: Carriers;
  /** Those carriers as adapters. */
  configuredCarriers: Carrier[];
  /** The configured carrier of that name, or null. */
  carrierNamed: (name: string) => Carrier | null;
  /** Which numbers outside Faxline a real line serves, as the send page says it. */
  outsideNumbersServed: 'all' | string[] | null;
  /** What each line serves, as the back office shows it. */
  inUse: TAdminDashboard['lines'];
  /** The lines themselves, in the order they are asked whether they take a number. */
  faxLines: (ends: LineEnds) => FaxLine[];
};

/**
 * The lines in force now, in any process (decision 058, decision 073): the carriers are the environment's when it
 * configures any, else the back office's, read from the process's copy of the settings, which follows each save
 * through NOTIFY, so a save takes effect in every process at its commit and the row is not read and unsealed at each
 * use. A saved set was checked whole when it was saved; one that no longer holds configures none rather than half.
 */
export async function linesInForce(deps: LinesInForceDeps): Promise<LinesInForce> {
  const { config } = deps;
  const carriers = config.carriersFromEnvironment ? environmentCarriers(config) : await carriersOfSettings(deps);
  const adapters = configuredCarriers(carriers);
  return {
    carriers,
    configuredCarriers: adapters,
    carrierNamed: (name) => carrierNamed(adapters, name),
    outsideNumbersServed: outsideNumbersServed(config.hylafax, carriers),
    inUse: linesInUse(config.sandboxLine, config.hylafax, carriers),
    faxLines: (ends) =>
      faxLines({
        ...ends,
        clockScale: config.faxClockScale,
        sandboxServes: config.sandboxLine,
        faxModemPath: config.faxModemPath,
        hylafax: config.hylafax,
        carriers,
        config,
      }),
  };
}

/** The carriers the back office's settings configure. */
async function carriersOfSettings({ config, systemSettings }: LinesInForceDeps): Promise<Carriers> {
  const secrets = Object.fromEntries(
    await Promise.all(CARRIER_SECRET_SETTINGS.map(async (name) => [name, (await systemSettings.secret(name)) ?? undefined] as const)),
  );
  const values = await systemSettings.current();
  const setup = carriersOf({ ...values, ...secrets }, values.carrierRoutes, config.carrierApis);
  return setup.ok ? setup.carriers : NO_CARRIERS;
}
