import { DEFAULT_SETTINGS, type TLanguage, type TNoticeSetting } from '@faxline/shared';
import { and, eq } from 'drizzle-orm';
import { accountMembers } from '../accounts/schema';
import { userSettings } from '../accounts/settings-schema';
import { languageOf } from '../auth/auth';
import { users } from '../auth/schema';
import { maySeeFax, type FaxRow } from '../faxes/fax-access';
import { inboxIdsOfPeople } from '../inboxes/inboxes';
import { numberOfAccount } from '../numbers/account-numbers';
import type { TConfig } from '../platform/config';
import type { Database } from '../platform/db/client';
import type { TUnsubscribeTarget } from './unsubscribe-token';

/**
 * Someone a fax's e-mail goes to: the address, the language and name it is written in, the time zone its times are
 * given in (the person's own; null: the account's) and what its link turns off.
 */
export type TNoticeRecipient = {
  address: string;
  language: TLanguage;
  name: string | null;
  timeZone: string | null;
  unsubscribe: TUnsubscribeTarget;
};

type Person = Awaited<ReturnType<typeof peopleOf>>[number];

/**
 * The account's people with their role and their notice preferences (the defaults until they saved their own); or,
 * given `sender`, only that person, without their inboxes: a fax's sender sees it whatever the inboxes (maySeeFax).
 */
async function peopleOf(db: Database, accountId: string, sender?: string) {
  const rows = await db
    .select({
      userId: users.id,
      email: users.email,
      name: users.name,
      language: users.language,
      timeZone: users.timeZone,
      emailVerified: users.emailVerified,
      banned: users.banned,
      role: accountMembers.role,
      faxReceived: userSettings.faxReceived,
      faxSentConfirmation: userSettings.faxSentConfirmation,
    })
    .from(accountMembers)
    .innerJoin(users, eq(users.id, accountMembers.userId))
    .leftJoin(userSettings, eq(userSettings.userId, users.id))
    .where(and(eq(accountMembers.organizationId, accountId), sender === undefined ? undefined : eq(accountMembers.userId, sender)));
  const inboxes = sender === undefined ? await inboxIdsOfPeople(db, accountId) : new Map<string, Set<string>>();
  return rows.map((row) => ({
    ...row,
    accountId,
    inboxIds: inboxes.get(row.userId) ?? new Set<string>(),
    address: row.email.toLowerCase(),
    faxReceived: row.faxReceived ?? DEFAULT_SETTINGS.faxReceived,
    faxSentConfirmation: row.faxSentConfirmation ?? DEFAULT_SETTINGS.faxSentConfirmation,
  }));
}

/** Whether this member may see the fax, by the one rule of the history (faxes/fax-access.ts). */
const maySee = (person: Person, fax: Pick<FaxRow, 'accountId' | 'direction' | 'userId' | 'inboxId' | 'filedAt'>): boolean =>
  maySeeFax({ accountId: person.accountId, role: person.role }, person.userId, fax, person.inboxIds);

/**
 * Whether a fax's contents may go to this person's address: not to a banned person, nor to an address never confirmed
 * where confirmation is asked (a mistyped address at sign-up belongs to someone else).
 */
const reachable = (person: Person, config: Pick<TConfig, 'emailConfirmation'>) =>
  !person.banned && (person.emailVerified || !config.emailConfirmation);

const personRecipient = (person: Person, setting: TNoticeSetting): TNoticeRecipient => {
  const language = languageOf(person.language);
  return {
    address: person.address,
    language,
    name: person.name,
    timeZone: person.timeZone,
    unsubscribe: { kind: 'person', userId: person.userId, setting, language },
  };
};

/**
 * Who hears of a received fax: the members who may see it and keep "Fax Received" on, and (when the plan includes fax
 * to e-mail) the extra addresses of the number it arrived at, in the owner's language. An extra address that is a member's own follows that
 * member's choice: an address that unsubscribed is not written to again through the number's list.
 */
export async function receivedFaxRecipients(
  db: Database,
  config: Pick<TConfig, 'emailConfirmation'>,
  fax: Pick<FaxRow, 'accountId' | 'toNumber' | 'direction' | 'userId' | 'inboxId' | 'filedAt'>,
  options: { extraAddresses: boolean },
): Promise<TNoticeRecipient[]> {
  const people = await peopleOf(db, fax.accountId);
  const recipients = people
    .filter((person) => person.faxReceived && maySee(person, fax) && reachable(person, config))
    .map((person) => personRecipient(person, 'faxReceived'));
  if (!options.extraAddresses) return recipients;

  const number = await numberOfAccount(db, fax.accountId, { phoneNumber: fax.toNumber });
  const owner = people.find((person) => person.role === 'owner');
  const language = languageOf(owner?.language);
  const taken = new Set(people.map((person) => person.address));
  for (const extra of number?.emailRecipients ?? []) {
    const address = extra.toLowerCase();
    if (taken.has(address)) continue;
    taken.add(address);
    recipients.push({
      address,
      language,
      name: null,
      timeZone: null,
      unsubscribe: { kind: 'number', accountId: fax.accountId, numberId: number!.id, address, language },
    });
  }
  return recipients;
}

/**
 * Who hears how a sent fax ended: its sender, while still a member who may see it, with "Fax Sent
 * Confirmation" on. Nobody for a fax sent with no person behind it.
 */
export async function outcomeRecipient(
  db: Database,
  config: Pick<TConfig, 'emailConfirmation'>,
  fax: Pick<FaxRow, 'accountId' | 'direction' | 'userId' | 'inboxId' | 'filedAt'>,
): Promise<TNoticeRecipient | null> {
  if (!fax.userId) return null;
  const [sender] = await peopleOf(db, fax.accountId, fax.userId);
  if (!sender?.faxSentConfirmation || !maySee(sender, fax) || !reachable(sender, config)) return null;
  return personRecipient(sender, 'faxSentConfirmation');
}

/** The language of the account's own e-mails to addresses that are nobody's (its owner's). */
export async function ownerLanguageOf(db: Database, accountId: string): Promise<TLanguage> {
  const owner = (await peopleOf(db, accountId)).find((person) => person.role === 'owner');
  return languageOf(owner?.language);
}
