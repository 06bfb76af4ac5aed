import { RETRYABLE_FAX_FAILURES, type TFaxDetails } from '@faxline/shared';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';

import { useChooseForUncertainFax } from '../api/choose-uncertain';

/**
 * The classes whose recorded words say more than their sentence (which file could not be converted, which number is
 * not valid); a call's class says it all, and its recorded words are in the language the fax was sent in.
 */
const ENDED_BEFORE_ANY_CALL: ReadonlySet<string> = new Set(['invalid_number', 'conversion_error', 'quota_exceeded']);

type TFaxFailureProps = {
  fax: Pick<TFaxDetails, 'id' | 'direction' | 'status' | 'failureReason' | 'failureMessage' | 'uncertainChoice'>;
  /** Shows another fax in the details: the new one a "Send again" made. */
  onShow: (faxId: string) => void;
};

/**
 * Why a sent fax failed or fell short, in the one failure language (decision 119): the class's sentence, whether another
 * try may help, and, for a fax that ended before any call, what was recorded then. An uncertain fax asks its sender what to do (send it again, or keep
 * it as it is) until one is chosen; then it says what was chosen.
 */
export function FaxFailure({ fax, onShow }: TFaxFailureProps) {
  const { t } = useTranslation(['fax-failures', 'messages', 'faxes']);
  const reason = fax.failureReason;
  if (!reason && !fax.failureMessage) return null;
  const sentence = reason ? t(`messages:failureReasons.${reason}`) : null;
  const uncertain = reason === 'uncertain' && fax.direction === 'outbound' && fax.status === 'failed';
  return (
    <section
      aria-labelledby="fax-failure-heading"
      className={
        uncertain
          ? 'flex flex-col gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950'
          : 'flex flex-col gap-1 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900'
      }
    >
      <h3 id="fax-failure-heading" className="font-semibold">
        {uncertain ? t('fax-failures:uncertain.heading') : t('faxes:details.failure')}
      </h3>
      {sentence ? <p>{sentence}</p> : null}
      {uncertain ? <p>{t('fax-failures:uncertain.body')}</p> : null}
      {reason && reason !== 'canceled' && !uncertain ? (
        <p>{t(RETRYABLE_FAX_FAILURES[reason] ? 'fax-failures:failure.retryable' : 'fax-failures:failure.notRetryable')}</p>
      ) : null}
      {fax.failureMessage && (!reason || ENDED_BEFORE_ANY_CALL.has(reason)) ? (
        <p className="opacity-90">{t('fax-failures:failure.detail', { detail: fax.failureMessage })}</p>
      ) : null}
      {uncertain ? <UncertainChoice fax={fax} onShow={onShow} /> : null}
    </section>
  );
}

/** The choice itself: asked once; afterwards, what was chosen. */
function UncertainChoice({ fax, onShow }: TFaxFailureProps) {
  const { t } = useTranslation(['fax-failures', 'errors']);
  const choose = useChooseForUncertainFax();
  if (fax.uncertainChoice)
    return (
      <p role="status">{t(fax.uncertainChoice === 'keep' ? 'fax-failures:uncertain.chosenKeep' : 'fax-failures:uncertain.chosenResend')}</p>
    );
  const answer = async (choice: 'keep' | 'resend') => {
    try {
      const { resentFaxId } = await choose.mutateAsync({ id: fax.id, choice });
      if (resentFaxId) onShow(resentFaxId);
      else toast({ title: t('fax-failures:uncertain.keptTitle'), description: t('fax-failures:uncertain.keptDescription') });
    } catch (error) {
      toast({
        title: t('fax-failures:uncertain.failedTitle'),
        description: error instanceof ApiError ? error.message : t('errors:api.unknown'),
        variant: 'destructive',
      });
    }
  };
  const pending = choose.isPending ? choose.variables.choice : null;
  return (
    <div role="group" aria-labelledby="fax-failure-heading" className="flex flex-wrap gap-2">
      <Button type="button" disabled={choose.isPending} onClick={() => void answer('resend')}>
        {pending === 'resend' ? t('fax-failures:uncertain.resending') : t('fax-failures:uncertain.resend')}
      </Button>
      <Button type="button" variant="outline" disabled={choose.isPending} onClick={() => void answer('keep')}>
        {pending === 'keep' ? t('fax-failures:uncertain.keeping') : t('fax-failures:uncertain.keep')}
      </Button>
    </div>
  );
}
