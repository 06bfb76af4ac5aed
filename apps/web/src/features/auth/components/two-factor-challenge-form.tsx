import { ZTwoFactorChallengeRequest, type TSession } from '@faxline/shared';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { ApiError } from '@/lib/api-client';
import { normaliseOneTimeCode } from '@/lib/auth/one-time-code';
import { toast } from '@/lib/toast';

import { useVerifyTwoFactor } from '../api/verify-two-factor';

type TMethod = 'totp' | 'backup';

/** How long the server keeps the first step open (its challenge cookie). */

type TTwoFactorChallengeFormProps = {
  /** The code was accepted: `session` is stored and announced already. */
  onVerified: (session: TSession) => void;
  /** Back to the password step: chosen by the person, or because the first step has expired. */
  onRestart: () => void;
};

/**
 * The second step of sign-in: a code from the authenticator app, or one of the backup codes. It lives in
 * the sign-in card, so the remembered page and the sign-up link stay as they were.
 */
export function TwoFactorChallengeForm({ onVerified, onRestart }: TTwoFactorChallengeFormProps) {
  const { t } = useTranslation(['security', 'errors', 'messages']);
  const verify = useVerifyTwoFactor();
  const [method, setMethod] = useState<TMethod>('totp');
  const [code, setCode] = useState('');
  const [invalid, setInvalid] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const headingId = useId();
  const loading = verify.isPending;
  const totp = method === 'totp';

  // The step replaces the password form: focus follows, and again whenever the kind of code changes.
  useEffect(() => input.current?.focus(), [method]);

  const refuse = (description: string) => {
    setInvalid(true);
    input.current?.focus();
    toast({ title: t('challenge.failedTitle'), description, variant: 'destructive' });
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = ZTwoFactorChallengeRequest.safeParse({ method, code: normaliseOneTimeCode(code) });
    if (!parsed.success) return refuse(totp ? t('challenge.invalidTotp') : t('challenge.invalidBackup'));
    try {
      const { session } = await verify.mutateAsync(parsed.data);
      if (!session) throw new Error('Verified without a session');
      onVerified(session);
    } catch (error) {
      if (isExpiredChallenge(error)) {
        toast({ title: t('challenge.expiredTitle'), description: error.message, variant: 'destructive' });
        return onRestart();
      }
      // A code works once: the one refused is of no further use, the next one goes into an empty field.
      setCode('');
      refuse(error instanceof ApiError ? error.message : t('errors:api.unknown'));
    }
  };

  const switchMethod = () => {
    setMethod(totp ? 'backup' : 'totp');
    setCode('');
    setInvalid(false);
  };

  return (
    <form noValidate aria-labelledby={headingId} onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
      <h2 id={headingId} className="text-lg font-semibold">
        {t('challenge.title')}
      </h2>
      <FormField
        ref={input}
        // A new field for each kind of code, so the browser does not offer one-time codes for a backup code.
        key={method}
        label={totp ? t('challenge.totpLabel') : t('challenge.backupLabel')}
        description={totp ? t('messages:validation.totpCode') : t('challenge.backupDescription')}
        name={totp ? 'totpCode' : 'backupCode'}
        autoComplete={totp ? 'one-time-code' : 'off'}
        inputMode={totp ? 'numeric' : 'text'}
        autoCapitalize="none"
        spellCheck={false}
        value={code}
        onChange={(event) => {
          setCode(event.target.value);
          setInvalid(false);
        }}
        disabled={loading}
        aria-invalid={invalid || undefined}
      />
      <Button type="submit" disabled={loading}>
        {loading ? t('challenge.verifying') : t('challenge.verify')}
      </Button>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Button type="button" variant="link" className="h-auto px-0 whitespace-normal" onClick={switchMethod} disabled={loading}>
          {totp ? t('challenge.useBackup') : t('challenge.useApp')}
        </Button>
        <Button type="button" variant="link" className="h-auto px-0 whitespace-normal" onClick={onRestart} disabled={loading}>
          {t('challenge.back')}
        </Button>
      </div>
    </form>
  );
}

/**
 * The first step is over (it lasts 5 minutes): only the password can start a new one. The server answers a wrong code
 * with the same 401 type, so the age of the step tells the two apart.
 */
/** The server says the second step is gone (expired, or too many wrong codes): the password is needed again. */
function isExpiredChallenge(error: unknown): error is ApiError {
  return error instanceof ApiError && error.type === 'two_factor_challenge_expired';
}
