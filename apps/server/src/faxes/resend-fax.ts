import { mayResendFax, type TLanguage } from '@faxline/shared';
import { asc, eq } from 'drizzle-orm';
import { numbersOfAccount } from '../numbers/numbers';
import { AppError } from '../platform/http/app-error';
import { accessibleFax, auditFax, type FaxActor } from './fax-access';
import { assertContentKept } from './get-fax';
import { faxFiles } from './schema';
import { sendFax, type SendFaxDeps } from './send-fax';

/**
 * Resend: a new fax to the same recipient with the same cover page and files, linked to the one it repeats.
 * It goes through every check of a new send (the sender, the recipient rules, the files read again from their bytes,
 * the pages and the quota), from the same number when the account still has it. Only a fax that has ended may be
 * sent again; the same Idempotency-Key returns the fax it created.
 */
export async function resendFax(
  deps: SendFaxDeps,
  input: { actor: FaxActor; id: string; language: TLanguage; idempotencyKey: string | null },
) {
  const { db } = deps;
  const original = await accessibleFax(db, input.actor, input.id, 'fax.send');
  // Its documents are gone for good under the retention policy: there is nothing to send again.
  assertContentKept(original);
  if (!mayResendFax(original)) {
    await auditFax(db, input.actor, 'fax.send', original.id, 'failure', { resend: true });
    throw new AppError('conflict', 'errors.cannotResend');
  }
  const kept = await db.select().from(faxFiles).where(eq(faxFiles.faxId, original.id)).orderBy(asc(faxFiles.position));
  const uploads = await Promise.all(
    kept.map(async (file) => ({ name: file.name, bytes: await deps.files.get(file.storageKey), truncated: false })),
  );
  const own = await numbersOfAccount(db, input.actor.member.accountId);
  const fromNumber = own.some((n) => n.phoneNumber === original.fromNumber) ? original.fromNumber! : undefined;
  return sendFax(deps, {
    actor: input.actor,
    language: input.language,
    request: {
      recipientNumber: original.toNumber,
      faxQuality: original.quality,
      ...(original.recipientName ? { recipientName: original.recipientName } : {}),
      ...(original.expectedStationId ? { expectedStationId: original.expectedStationId } : {}),
      ...(original.coverSubject ? { coverSubject: original.coverSubject } : {}),
      ...(original.coverMessage ? { coverPageMessage: original.coverMessage } : {}),
      ...(fromNumber ? { fromNumber } : {}),
    },
    uploads,
    idempotencyKey: input.idempotencyKey,
    resentFromId: original.id,
  });
}
