import { MAX_EMAILED_DOCUMENT_BYTES } from '@faxline/shared';
import { eq, sql } from 'drizzle-orm';
import { accounts } from '../accounts/schema';
import type { FileStore } from '../platform/files/encrypted-file-store';
import type { FaxEventRow } from '../events/fax-event';
import type { FaxRow } from '../faxes/fax-access';
import { faxAttempts, faxes } from '../faxes/schema';
import { plans } from '../plans/schema';
import type { TConfig } from '../platform/config';
import type { Database } from '../platform/db/client';
import { outerColumn } from '../platform/db/outer-column';
import { outcomeRecipient, ownerLanguageOf, receivedFaxRecipients, type TNoticeRecipient } from './fax-email-recipients';
import { noticeMessageId } from './fax-email-parts';
import {
  OUTCOME_EVENT_TYPES,
  renderFaxOutcomeEmail,
  renderReceivedFaxEmail,
  type TCallSummary,
  type TDocumentForm,
  type TNoticeContext,
  type TOutcomeEventType,
} from './render-fax-emails';
import type { TEmail } from '../email/send-email-job';
import { signUnsubscribeToken, unsubscribeKeyOf, unsubscribeUrl } from './unsubscribe-token';

export type FaxEmailDeps = { db: Database; config: TConfig; files: FileStore };

const isOutcome = (type: string): type is TOutcomeEventType => (OUTCOME_EVENT_TYPES as readonly string[]).includes(type);

/**
 * The e-mails a fax event asks for, one per recipient, each in its recipient's language:
 * a received fax to the account's recipients, how a sent fax ended to its sender. Read from the current state, so a run
 * again renders the same e-mails; none when the fax or its account is gone.
 */
export async function faxEventEmails(deps: FaxEmailDeps, event: FaxEventRow): Promise<TEmail[]> {
  const { db, config } = deps;
  if (event.type !== 'fax.received' && !isOutcome(event.type)) return [];
  const found = await faxWithEmailTerms(db, event.faxId);
  if (!found) return [];
  const { fax, account, calls } = found;

  const key = await unsubscribeKeyOf(config);
  const contextOf = (recipient: TNoticeRecipient): TNoticeContext => ({
    recipient,
    publicUrl: config.publicUrl,
    unsubscribeLink: unsubscribeUrl(config.publicUrl, signUnsubscribeToken(key, recipient.unsubscribe)),
    messageId: noticeMessageId(event.id, recipient.address, config.mailFrom),
    // The person's own zone when they chose one in their profile; else the account's, the one its fax header uses.
    timeZone: recipient.timeZone ?? account.timeZone,
  });
  const documentsAllowed = !account.isHipaa && account.documentsInEmail;

  if (event.type === 'fax.received') {
    // What the plan includes is what the account gets (decision 087), at delivery too: without fax to e-mail, the
    // members are told a fax arrived, with the link, and a number's extra addresses (kept from a dearer plan) hear nothing.
    const faxToEmail = account.faxToEmail ?? false;
    const recipients = await receivedFaxRecipients(db, config, fax, { extraAddresses: faxToEmail });
    if (recipients.length === 0) return [];
    const form = await receivedFaxForm(deps.files, fax, account);
    return recipients.map((recipient) => renderReceivedFaxEmail(fax, form, contextOf(recipient)));
  }
  const recipient = await outcomeRecipient(db, config, fax);
  if (!recipient) return [];
  return [renderFaxOutcomeEmail(fax, event.type, calls, documentsAllowed, contextOf(recipient))];
}

/**
 * The e-mails of a routing rule's "forward by e-mail" (decision 104): the received fax's e-mail to each address the rule
 * names, in the account owner's language, under the same rules as a number's extra addresses (the plan's fax to e-mail,
 * the account's choice of attached documents, never a document on a HIPAA plan). Each has its own unsubscribe link,
 * which takes the address off the rule.
 */
export async function forwardedFaxEmails(
  deps: FaxEmailDeps,
  input: { faxId: string; eventId: string; rule: { id: string; addresses: readonly string[] } },
): Promise<TEmail[]> {
  const { db, config } = deps;
  const found = input.rule.addresses.length > 0 ? await faxWithEmailTerms(db, input.faxId) : null;
  if (!found) return [];
  const { fax, account } = found;
  const key = await unsubscribeKeyOf(config);
  const language = await ownerLanguageOf(db, fax.accountId);
  const form = await receivedFaxForm(deps.files, fax, account);
  return input.rule.addresses.map((address) => {
    const recipient: TNoticeRecipient = {
      address,
      language,
      name: null,
      timeZone: null,
      unsubscribe: { kind: 'rule', accountId: fax.accountId, ruleId: input.rule.id, address, language },
    };
    return renderReceivedFaxEmail(fax, form, {
      recipient,
      publicUrl: config.publicUrl,
      unsubscribeLink: unsubscribeUrl(config.publicUrl, signUnsubscribeToken(key, recipient.unsubscribe)),
      messageId: noticeMessageId(input.eventId, address, config.mailFrom),
      timeZone: account.timeZone,
    });
  });
}

/**
 * The fax, what its account's plan and settings say of its e-mails (the time zone, whether documents may go), and its
 * calls so far (an outcome's e-mail counts them), in one read; null when the fax or its account is gone.
 */
async function faxWithEmailTerms(db: Database, faxId: string) {
  const [row] = await db
    .select({
      fax: faxes,
      timeZone: accounts.timeZone,
      documentsInEmail: accounts.documentsInEmail,
      isHipaa: plans.isHipaa,
      faxToEmail: plans.faxToEmail,
      attempts: sql<number>`(SELECT count(*)::int FROM ${faxAttempts} WHERE ${faxAttempts.faxId} = ${outerColumn(faxes.id)})`,
      durationMs: sql<
        string | null
      >`(SELECT sum(${faxAttempts.durationMs}) FROM ${faxAttempts} WHERE ${faxAttempts.faxId} = ${outerColumn(faxes.id)})`,
    })
    .from(faxes)
    .innerJoin(accounts, eq(accounts.id, faxes.accountId))
    .leftJoin(plans, eq(plans.id, accounts.planId))
    .where(eq(faxes.id, faxId));
  if (!row) return null;
  const { fax, attempts, durationMs, ...account } = row;
  const calls: TCallSummary = { attempts, durationMs: Number(durationMs ?? 0) };
  return { fax, account, calls };
}

/**
 * How a received fax's e-mail carries its document: never on a HIPAA plan, nor without the plan's fax to e-mail, nor
 * when the account chose links; else attached when it fits.
 */
async function receivedFaxForm(
  files: FileStore,
  fax: FaxRow,
  account: NonNullable<Awaited<ReturnType<typeof faxWithEmailTerms>>>['account'],
): Promise<TDocumentForm> {
  if (account.isHipaa) return { kind: 'link', reason: 'hipaa' };
  if (!account.faxToEmail) return { kind: 'link', reason: 'plan' };
  return account.documentsInEmail ? attachableForm(files, fax) : { kind: 'link', reason: 'account' };
}

/** Attached, unless the PDF is over the e-mail limit (or not kept): then the link, with its size. */
async function attachableForm(files: FileStore, fax: FaxRow): Promise<TDocumentForm> {
  if (!fax.documentKey) return { kind: 'link', reason: 'unavailable' };
  const document = await files.get(fax.documentKey).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return null;
    throw error;
  });
  if (!document) return { kind: 'link', reason: 'unavailable' };
  if (document.byteLength > MAX_EMAILED_DOCUMENT_BYTES) return { kind: 'link', reason: 'tooLarge', bytes: document.byteLength };
  return { kind: 'attached' };
}
