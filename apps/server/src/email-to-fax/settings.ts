import type { TEmailAuthPolicy, TEmailToFaxSettings, ZSaveEmailToFaxSettingsRequest } from '@faxline/shared';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { TConfig } from '../platform/config';
import type { Database } from '../platform/db/client';
import { emailToFaxSettings } from './schema';

type Defaults = Pick<TConfig['emailToFax'], 'domain' | 'defaultAuthPolicy'>;

/** What an account sends by e-mail with: its settings row, or the service's defaults while it has none. */
export async function emailToFaxRulesOf(
  db: Database,
  accountId: string,
  defaults: Defaults,
): Promise<{ allowedSenders: string[]; authPolicy: TEmailAuthPolicy; includeBody: boolean }> {
  const [row] = await db.select().from(emailToFaxSettings).where(eq(emailToFaxSettings.accountId, accountId));
  return {
    allowedSenders: row?.allowedSenders ?? [],
    authPolicy: row?.authPolicy ?? defaults.defaultAuthPolicy,
    includeBody: row?.includeBody ?? true,
  };
}

/** The settings page's view: the rules and the domain faxes are e-mailed to. */
export async function readEmailToFaxSettings(db: Database, accountId: string, defaults: Defaults): Promise<TEmailToFaxSettings> {
  return { domain: defaults.domain, ...(await emailToFaxRulesOf(db, accountId, defaults)) };
}

/** Saves the page's choices at once (addresses lower-case, each once: the contract's transform). */
export async function saveEmailToFaxSettings(
  db: Database,
  accountId: string,
  request: z.output<typeof ZSaveEmailToFaxSettingsRequest>,
  defaults: Defaults,
): Promise<TEmailToFaxSettings> {
  const values = { allowedSenders: request.allowedSenders, authPolicy: request.authPolicy, includeBody: request.includeBody };
  await db
    .insert(emailToFaxSettings)
    .values({ accountId, ...values })
    .onConflictDoUpdate({ target: emailToFaxSettings.accountId, set: { ...values, updatedAt: new Date() } });
  return readEmailToFaxSettings(db, accountId, defaults);
}
