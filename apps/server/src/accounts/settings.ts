import { DEFAULT_SETTINGS, type TNoticeSetting, type TSettings } from '@faxline/shared';
import { eq } from 'drizzle-orm';
import type { Database } from '../platform/db/client';
import { userSettings } from './settings-schema';

/**
 * A person's preferences; until they save their own, the spec's defaults with the platform's default fax resolution
 * (back-office setting defaultFaxResolution).
 */
export async function readSettings(
  db: Database,
  userId: string,
  platformDefaultQuality: TSettings['defaultFaxQuality'],
): Promise<TSettings> {
  const [row] = await db.select().from(userSettings).where(eq(userSettings.userId, userId));
  if (!row) return { ...DEFAULT_SETTINGS, defaultFaxQuality: platformDefaultQuality };
  const { faxReceived, faxSentConfirmation, promotionalOffers, serviceNotices, defaultFaxQuality } = row;
  return { faxReceived, faxSentConfirmation, promotionalOffers, serviceNotices, defaultFaxQuality };
}

/** Saves the preferences given; one left out (serviceNotices from an older client) keeps its stored value. */
export async function saveSettings(db: Database, userId: string, settings: TSettings): Promise<TSettings> {
  const given = Object.fromEntries(Object.entries(settings).filter(([, value]) => value !== undefined));
  const [row] = await db
    .insert(userSettings)
    .values({ userId, ...given, updatedAt: new Date() })
    .onConflictDoUpdate({ target: userSettings.userId, set: { ...given, updatedAt: new Date() } })
    .returning();
  const { faxReceived, faxSentConfirmation, promotionalOffers, serviceNotices, defaultFaxQuality } = row!;
  return { faxReceived, faxSentConfirmation, promotionalOffers, serviceNotices, defaultFaxQuality };
}

/**
 * Turns one notice off for a person (an e-mail's unsubscribe link), leaving their other choices as they are; a person
 * with no saved settings keeps the defaults for the rest, the platform's default quality included.
 */
export async function turnOffNotice(
  db: Database,
  userId: string,
  setting: TNoticeSetting,
  platformDefaultQuality: TSettings['defaultFaxQuality'],
): Promise<void> {
  const change = { [setting]: false, updatedAt: new Date() };
  await db
    .insert(userSettings)
    .values({ ...DEFAULT_SETTINGS, defaultFaxQuality: platformDefaultQuality, userId, ...change })
    .onConflictDoUpdate({ target: userSettings.userId, set: change });
}
