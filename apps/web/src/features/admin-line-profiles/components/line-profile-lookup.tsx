import { formatPhoneInternational, toE164 } from '@faxline/shared';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { FieldProblem } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { LoadFailed, Loading } from '@/components/ui/query-states';
import { ApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';

import { useLineProfile, useResetLineProfile } from '../api/line-profiles';

import { LineProfileDetails } from './line-profile-details';

/**
 * Decision 120: a destination's learned line settings, found by its number, and their reset (the next call then starts
 * from V.17 with ECM again). The server checks the number and the admin's access; this form only spares a round trip
 * for what is plainly no number.
 */
export function LineProfileLookup() {
  const { t } = useTranslation('admin-line-profiles');
  const id = useId();
  const [typed, setTyped] = useState('');
  const [number, setNumber] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const profile = useLineProfile(number);
  const reset = useResetLineProfile();

  const search = (event: FormEvent) => {
    event.preventDefault();
    const e164 = toE164(typed.trim());
    setProblem(e164 ? null : t('invalidNumber'));
    setNumber(e164);
  };

  const confirmReset = async () => {
    if (!number) return;
    try {
      await reset.mutateAsync(number);
      toast({ title: t('resetDone', { number: formatPhoneInternational(number) }) });
    } catch (error) {
      toast({ title: error instanceof ApiError ? error.message : t('resetFailed'), variant: 'destructive' });
    }
    setConfirming(false);
  };

  return (
    <div className="flex flex-col gap-6">
      <form onSubmit={search} noValidate role="search" aria-label={t('searchLabel')} className="flex flex-col gap-2">
        <Label htmlFor={`${id}-number`}>{t('numberLabel')}</Label>
        <div className="flex flex-wrap gap-2">
          <Input
            id={`${id}-number`}
            className="max-w-xs"
            inputMode="tel"
            autoComplete="off"
            value={typed}
            aria-invalid={problem ? true : undefined}
            aria-describedby={`${id}-hint ${problem ? `${id}-problem` : ''}`.trim()}
            onChange={(event) => setTyped(event.target.value)}
          />
          <Button type="submit">{t('search')}</Button>
        </div>
        <p id={`${id}-hint`} className="text-sm text-muted-foreground">
          {t('numberHint')}
        </p>
        <FieldProblem id={`${id}-problem`}>{problem}</FieldProblem>
      </form>

      {number === null ? null : profile.isPending ? (
        <Loading>{t('loading')}</Loading>
      ) : profile.isError ? (
        <LoadFailed title={t('loadFailed')} error={profile.error} retryLabel={t('retry')} onRetry={() => void profile.refetch()} />
      ) : (
        <section aria-labelledby={`${id}-result`} className="flex flex-col gap-4 rounded-lg border p-4 sm:p-6">
          <h2 id={`${id}-result`} className="text-xl font-bold">
            <span translate="no">{formatPhoneInternational(number)}</span>
          </h2>
          {profile.data.profile ? (
            <>
              <LineProfileDetails profile={profile.data.profile} />
              <div>
                <Button type="button" variant="destructive" onClick={() => setConfirming(true)}>
                  {t('reset')}
                </Button>
              </div>
            </>
          ) : (
            <p role="status">{t('nothingLearned')}</p>
          )}
        </section>
      )}

      {confirming && number ? (
        <ConfirmDialog
          title={t('confirm.title')}
          description={t('confirm.description', { number: formatPhoneInternational(number) })}
          cancelLabel={t('confirm.cancel')}
          confirmLabel={t('confirm.confirm')}
          pendingLabel={t('confirm.pending')}
          pending={reset.isPending}
          onConfirm={() => void confirmReset()}
          onCancel={() => setConfirming(false)}
        />
      ) : null}
    </div>
  );
}
