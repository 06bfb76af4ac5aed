import {
  DEFAULT_SYSTEM_SETTINGS,
  SECRET_SETTINGS,
  ZSystemSettingsValues,
  type TPlatformInfo,
  type TSaveSystemSettingsRequest,
  type TSecretSetting,
  type TSystemSettingsResponse,
  type TSystemSettingsValues,
} from '@faxline/shared';
import { symmetricDecrypt, symmetricEncrypt } from 'better-auth/crypto';
import { sql } from 'drizzle-orm';
import type { Database } from '../platform/db/client';
import { cachedUntilNotified } from '../platform/db/notified-cache';
import type { DatabaseNotifications } from '../platform/db/notifications';
import { carrierValuesOf } from './carrier-settings';
import { systemSettings } from './schema';

type Stored = {
  values: TSystemSettingsValues;
  secrets: Partial<Record<TSecretSetting, string>>;
  updatedAt: Date | null;
};

/**
 * Settings are read on every request (rate limit, maintenance, two-factor) and by many routes: a copy is kept in memory.
 * A save in this process is seen at once; any change reaches the other processes at its commit through the table's
 * trigger (migration 0010), and this lifetime bounds a notification missed while the listening connection was down.
 */
const SETTINGS_CHANGED = 'system_settings_changed';
const LIFETIME_MS = 60_000;

/**
 * Stored values over the defaults. A stored value that no longer validates (an older format: an http:// logo saved
 * before logos had to be https) falls back to its default alone, so that the other settings stay in force.
 */
function withDefaults(stored: Partial<TSystemSettingsValues> | undefined): TSystemSettingsValues {
  const merged: Record<string, unknown> = { ...DEFAULT_SYSTEM_SETTINGS, ...stored };
  const parsed = ZSystemSettingsValues.safeParse(merged);
  if (parsed.success) return parsed.data;
  for (const issue of parsed.error.issues) {
    const key = issue.path[0];
    if (typeof key === 'string' && key in DEFAULT_SYSTEM_SETTINGS)
      merged[key] = DEFAULT_SYSTEM_SETTINGS[key as keyof TSystemSettingsValues];
  }
  const again = ZSystemSettingsValues.safeParse(merged);
  return again.success ? again.data : DEFAULT_SYSTEM_SETTINGS;
}

/**
 * The settings now in force and the secrets named, in clear, read from the table: for code that must see a save at
 * once in any process (the carriers' credentials, decision 058), and never for an answer.
 */
export async function readSettingsWithSecrets<Name extends TSecretSetting>(
  db: Database,
  secretKey: string,
  names: readonly Name[],
): Promise<{ values: TSystemSettingsValues; secrets: Partial<Record<Name, string>> }> {
  const [row] = await db.select({ values: systemSettings.values, secrets: systemSettings.secrets }).from(systemSettings).limit(1);
  const sealed = row?.secrets ?? {};
  const secrets: Partial<Record<Name, string>> = {};
  for (const name of names) if (sealed[name]) secrets[name] = await symmetricDecrypt({ key: secretKey, data: sealed[name] });
  return { values: withDefaults(row?.values), secrets };
}

/** The settings now in force, read from the table: for code that runs outside the API (a line's inbound calls). */
export async function readSystemSettings(db: Database): Promise<TSystemSettingsValues> {
  const [row] = await db.select({ values: systemSettings.values }).from(systemSettings).limit(1);
  return withDefaults(row?.values);
}

/** "Site name <address>", the name quoted as RFC 5322 asks when it holds a special character. */
function formatSender(name: string, address: string): string {
  const plain = /^[\w !#$%&'*+\-/=?^`{|}~]+$/.test(name);
  return `${plain ? name : `"${name.replace(/["\\]/g, '\\$&')}"`} <${address}>`;
}

export type SystemSettings = ReturnType<typeof createSystemSettings>;

/** The platform settings of spec 001 §2.11, with their secrets encrypted by the installation's secret. */
export function createSystemSettings(db: Database, secretKey: string, notifications: DatabaseNotifications) {
  async function load(): Promise<Stored> {
    const [row] = await db.select().from(systemSettings).limit(1);
    return { values: withDefaults(row?.values), secrets: row?.secrets ?? {}, updatedAt: row?.updatedAt ?? null };
  }

  const cache = cachedUntilNotified({ load, notifications, channel: SETTINGS_CHANGED, lifetimeMs: LIFETIME_MS });
  const stored = cache.get;

  async function write(values: TSystemSettingsValues, secrets: Stored['secrets'], actorId: string): Promise<void> {
    const row = { id: 1, values, secrets, updatedAt: new Date(), updatedBy: actorId };
    await db.insert(systemSettings).values(row).onConflictDoUpdate({ target: systemSettings.id, set: row });
    cache.drop();
  }

  async function maskedSecrets(secrets: Stored['secrets']): Promise<TSystemSettingsResponse['secrets']> {
    const entries = await Promise.all(
      SECRET_SETTINGS.map(async (name) => {
        const sealed = secrets[name];
        if (!sealed) return [name, { set: false, last4: null }] as const;
        const plain = await symmetricDecrypt({ key: secretKey, data: sealed });
        return [name, { set: true, last4: plain.length > 8 ? plain.slice(-4) : null }] as const;
      }),
    );
    return Object.fromEntries(entries) as TSystemSettingsResponse['secrets'];
  }

  return {
    /**
     * The sender of every e-mail (decision 117): the back office's defaultEmail under the site's name, or the server's
     * MAIL_FROM while none is set.
     */
    mailFrom: async (fallback: string): Promise<string> => {
      const { defaultEmail, siteName } = (await stored()).values;
      return defaultEmail ? formatSender(siteName, defaultEmail) : fallback;
    },

    /** The settings now in force. */
    current: async (): Promise<TSystemSettingsValues> => (await stored()).values,

    /** The settings now in force if this process holds them fresh, else undefined (then `current`): for every request. */
    known: (): TSystemSettingsValues | undefined => cache.known()?.values,

    /** What every page may know (GET /api/platform). */
    publicInfo: async (): Promise<Omit<TPlatformInfo, 'sandboxLine' | 'outsideLine' | 'faxEmailDomain'>> => {
      const { siteName, maintenanceMode, maxFileSizeMB, defaultFaxResolution, require2FA, primaryColor, secondaryColor } = (await stored())
        .values;
      const { automaticBackups, backupRetentionDays, faviconUrl, adminLogoUrl } = (await stored()).values;
      const { contactPhone, contactEmail, salesEmail, privacyEmail, contactAddress, supportHours, supportHoursEs, supportHoursFr } = (
        await stored()
      ).values;
      return {
        faviconUrl,
        adminLogoUrl,
        contact: {
          phone: contactPhone,
          email: contactEmail,
          salesEmail,
          privacyEmail,
          address: contactAddress,
          // All three languages: the browser picks the reader's, so the cached answer stays right when they switch.
          hours: supportHours,
          hoursEs: supportHoursEs,
          hoursFr: supportHoursFr,
        },
        siteName,
        maintenanceMode,
        maxFileSizeMB,
        defaultFaxResolution,
        require2FA,
        primaryColor,
        secondaryColor,
        automaticBackups,
        backupRetentionDays,
      };
    },

    /** The back office's view: every value, the secrets masked. */
    adminView: async (): Promise<
      Omit<TSystemSettingsResponse, 'carriersFromEnvironment' | 'stripeFromEnvironment' | 'paypalFromEnvironment'>
    > => {
      const { values, secrets, updatedAt } = await load();
      return { values, secrets: await maskedSecrets(secrets), updatedAt: updatedAt?.toISOString() ?? null };
    },

    /** A secret in clear, for the code that uses it (never for an answer). */
    secret: async (name: TSecretSetting): Promise<string | null> => {
      const sealed = (await stored()).secrets[name];
      return sealed ? symmetricDecrypt({ key: secretKey, data: sealed }) : null;
    },

    save: async (
      request: Required<Pick<TSaveSystemSettingsRequest, 'values'>> & { secrets: Partial<Record<TSecretSetting, string>> },
      actorId: string,
    ) => {
      const { secrets } = await load();
      const next = { ...secrets };
      for (const name of SECRET_SETTINGS) {
        const given = request.secrets[name];
        if (given === undefined) continue;
        if (given === '') delete next[name];
        else next[name] = await symmetricEncrypt({ key: secretKey, data: given });
      }
      await write(ZSystemSettingsValues.parse(request.values), next, actorId);
    },

    /** §9's defaults back; stored credentials and the carriers' settings stay (they are keys, not preferences). */
    reset: async (actorId: string) => {
      const { values, secrets } = await load();
      await write({ ...DEFAULT_SYSTEM_SETTINGS, ...carrierValuesOf(values) }, secrets, actorId);
    },

    /**
     * A secret the platform keeps for itself, never shown nor set in the back office (the receipts' signing key),
     * made by `create` the first time it is asked for. Two processes asking at once both end with the one stored first.
     */
    ownSecret: async (name: string, create: () => string): Promise<string> => {
      const { secrets } = await load();
      const sealed = (secrets as Record<string, string>)[name];
      if (sealed) return symmetricDecrypt({ key: secretKey, data: sealed });
      const made = await symmetricEncrypt({ key: secretKey, data: create() });
      // Only where none is stored yet, in one statement: the row is made if it does not exist, the key added if absent.
      await db
        .insert(systemSettings)
        .values({ id: 1, values: {}, secrets: { [name]: made } as Stored['secrets'], updatedAt: new Date() })
        .onConflictDoUpdate({
          target: systemSettings.id,
          set: { secrets: sql`jsonb_build_object(${name}::text, ${made}::text) || ${systemSettings.secrets}` },
        });
      cache.drop();
      const stored = ((await load()).secrets as Record<string, string>)[name]!;
      return symmetricDecrypt({ key: secretKey, data: stored });
    },

    /** Stops listening for changes (the application closes). */
    close: cache.close,
  };
}
