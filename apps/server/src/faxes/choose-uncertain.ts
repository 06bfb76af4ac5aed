import type { TLanguage, TUncertainChoice } from '@faxline/shared';
import { and, eq, isNull } from 'drizzle-orm';
import { AppError } from '../platform/http/app-error';
import { accessibleFax, auditFax, type FaxActor, type FaxRow } from './fax-access';
import { resendFax } from './resend-fax';
import { faxes } from './schema';
import type { SendFaxDeps } from './send-fax';

/** An uncertain fax whose sender has not answered yet: the question its details and e-mail ask. */
export const isUncertainQuestionOpen = (fax: Pick<FaxRow, 'direction' | 'status' | 'failureReason' | 'uncertainChoice'>): boolean =>
  fax.direction === 'outbound' && fax.status === 'failed' && fax.failureReason === 'uncertain' && fax.uncertainChoice === null;

/**
 * The sender's answer to an uncertain fax (decision 119): "keep" leaves it as it is (never counted delivered), "resend"
 * sends it again as a new fax through every check of a new send (resend-fax.ts). Either is recorded on the fax and in
 * the audit trail, and the question disappears; it is asked once, so a second answer is a conflict. The new fax of a
 * resend comes back with it; the same Idempotency-Key returns the same answer (the routes' `idempotent`).
 */
export async function chooseForUncertainFax(
  deps: SendFaxDeps,
  input: { actor: FaxActor; id: string; choice: TUncertainChoice; language: TLanguage; idempotencyKey: string | null },
): Promise<{ fax: FaxRow; resent: Awaited<ReturnType<typeof resendFax>> | null }> {
  const { db } = deps;
  const fax = await accessibleFax(db, input.actor, input.id, 'fax.send');
  if (!isUncertainQuestionOpen(fax)) {
    await auditFax(db, input.actor, 'fax.uncertain_choice', fax.id, 'failure', { choice: input.choice });
    throw new AppError('conflict', 'errors.uncertainChoiceClosed');
  }
  // The resend first: when its checks refuse it (quota, recipient rules), the question stays open and nothing is kept.
  const resent = input.choice === 'resend' ? await resendFax(deps, { ...input, idempotencyKey: input.idempotencyKey }) : null;
  const [chosen] = await db
    .update(faxes)
    .set({ uncertainChoice: input.choice, uncertainChosenAt: new Date(), uncertainChosenBy: input.actor.user.id, updatedAt: new Date() })
    .where(and(eq(faxes.id, fax.id), isNull(faxes.uncertainChoice)))
    .returning();
  if (!chosen) {
    // Another answer came first (a second tab): this one is refused, as asked once.
    await auditFax(db, input.actor, 'fax.uncertain_choice', fax.id, 'failure', { choice: input.choice });
    throw new AppError('conflict', 'errors.uncertainChoiceClosed');
  }
  await auditFax(db, input.actor, 'fax.uncertain_choice', fax.id, 'success', {
    choice: input.choice,
    ...(resent ? { resentAs: resent.fax.id } : {}),
  });
  return { fax: chosen, resent };
}
