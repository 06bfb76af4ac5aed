import type { TLanguage, TRequestPagesAgain } from '@faxline/shared';
import { faxHeaderOf } from '../accounts/fax-settings';
import { numbersOfAccount } from '../numbers/numbers';
import { AppError } from '../platform/http/app-error';
import { translator } from '../platform/i18n/i18n';
import { accessibleFax, auditFax, type FaxActor } from './fax-access';
import { sendFax, type SendFaxDeps } from './send-fax';

/**
 * "Please send page N again" (issue 37, item 5; decision 101): a cover page faxed back to the number a received fax came
 * from, naming the pages, in the language of the person who asks. It is a send like any other (the sender, the
 * recipient rules, the quota and the price), from the number the fax reached when the account still has it; the
 * request is in the audit trail of the fax it is about. The same Idempotency-Key returns the fax it created.
 */
export async function requestPagesAgain(
  deps: SendFaxDeps,
  input: { actor: FaxActor; id: string; language: TLanguage; request: TRequestPagesAgain; idempotencyKey: string | null },
) {
  const { db } = deps;
  const fax = await accessibleFax(db, input.actor, input.id, 'fax.request_pages');
  const refuse = async (error: AppError) => {
    await auditFax(db, input.actor, 'fax.request_pages', fax.id, 'failure', { pages: input.request.pages });
    throw error;
  };
  if (fax.direction !== 'inbound' || !fax.fromNumber) return refuse(new AppError('conflict', 'errors.noNumberToAsk'));
  const pages = [...new Set(input.request.pages)].sort((a, b) => a - b);
  const count = fax.pages ?? 0;
  if (pages.some((page) => page > count)) return refuse(new AppError('invalid_request', 'errors.noSuchPage', { count }));

  const t = translator(input.language);
  const list = new Intl.ListFormat(input.language, { type: 'conjunction' }).format(pages.map(String));
  const one = pages.length === 1;
  // The time as the sender's machine printed it for the account: in the account's time zone, not the server's.
  const timeZone = (await faxHeaderOf(db, input.actor.member.accountId))?.timeZone ?? 'UTC';
  const date = new Intl.DateTimeFormat(input.language, { dateStyle: 'long', timeStyle: 'short', timeZone }).format(fax.createdAt);
  const own = await numbersOfAccount(db, input.actor.member.accountId);
  const sent = await sendFax(deps, {
    actor: input.actor,
    language: input.language,
    request: {
      recipientNumber: fax.fromNumber,
      faxQuality: 'fine',
      ...(fax.senderName ? { recipientName: fax.senderName } : {}),
      coverSubject: t('faxes.pagesAgain.subject', { count: pages.length, pages: list }),
      coverPageMessage: t('faxes.pagesAgain.message', {
        count,
        date,
        number: fax.toNumber,
        problem: t(one ? 'faxes.pagesAgain.problemOne' : 'faxes.pagesAgain.problemOther', { pages: list }),
        which: t(one ? 'faxes.pagesAgain.whichOne' : 'faxes.pagesAgain.whichOther'),
      }),
      ...(own.some((number) => number.phoneNumber === fax.toNumber) ? { fromNumber: fax.toNumber } : {}),
    },
    uploads: [],
    idempotencyKey: input.idempotencyKey,
  });
  await auditFax(db, input.actor, 'fax.request_pages', fax.id, 'success', { pages, requestFaxId: sent.fax.id });
  return sent;
}
