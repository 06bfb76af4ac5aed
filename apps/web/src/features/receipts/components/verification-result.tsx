import type { TReceiptVerification } from '@faxline/shared';
import { useTranslation } from 'react-i18next';

import { CheckCircleIcon, XCircleIcon } from '@/components/ui/icons';
import { cn } from '@/lib/utils';

import { ReceiptFacts } from './receipt-facts';

/** What the page has to say: the server's answer, or why there is none (a refused file, a failed request). */
export type TVerifyOutcome = { kind: 'answer'; verification: TReceiptVerification } | { kind: 'problem'; message: string } | null;

/**
 * The result of a check. The live region stays in the page whatever it holds, so that screen readers announce each
 * new result; it holds the verdict only, and the facts follow it. The verdict is said in words with an icon, never by
 * its colour alone; both tones keep a contrast of at least 7:1.
 */
export function VerificationResult({ outcome }: { outcome: TVerifyOutcome }) {
  const { t } = useTranslation('receipts');
  const verified = outcome?.kind === 'answer' && outcome.verification.valid ? outcome.verification : null;

  return (
    <div
      className={cn(
        'flex flex-col gap-6 rounded-lg',
        outcome && 'border-2 p-4 sm:p-6',
        verified ? 'border-emerald-700 bg-emerald-50 text-emerald-950' : outcome && 'border-destructive bg-red-50 text-red-950',
      )}
    >
      <div role="status" aria-live="polite" aria-atomic="true">
        {outcome ? (
          <div className="flex gap-3">
            {verified ? (
              <CheckCircleIcon className="mt-0.5 size-6 shrink-0 text-emerald-700" />
            ) : (
              <XCircleIcon className="mt-0.5 size-6 shrink-0 text-destructive" />
            )}
            <div className="flex flex-col gap-1">
              {verified ? (
                <p className="text-lg font-semibold">{t('result.verified')}</p>
              ) : outcome.kind === 'answer' && !outcome.verification.valid ? (
                <>
                  <p className="text-lg font-semibold">{t('result.notVerified')}</p>
                  <p>{t(`result.reasons.${outcome.verification.reason}`)}</p>
                </>
              ) : outcome.kind === 'problem' ? (
                <>
                  <p className="text-lg font-semibold">{t('result.failed')}</p>
                  <p>{outcome.message}</p>
                </>
              ) : null}
            </div>
          </div>
        ) : null}
      </div>
      {verified ? <ReceiptFacts facts={verified.facts} keyId={verified.keyId} /> : null}
    </div>
  );
}
