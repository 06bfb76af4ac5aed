import { ZResendConfirmationRequest, ZTotpCode, type TSession } from '@faxline/shared';
import { useEffect, useRef, useState, type ChangeEvent, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';

import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { PasswordField } from '@/components/ui/person-fields';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { normaliseOneTimeCode } from '@/lib/auth/one-time-code';
import { redirectTarget } from '@/lib/auth/redirect';
import { useFormProblem } from '@/lib/form-problem';
import { toast } from '@/lib/toast';

import { useSignIn } from '../api/sign-in';
import { checkSignIn, type TSignInField, type TSignInValues } from '../utils/credential-checks';

import { ResendConfirmationButton } from './resend-confirmation-button';
import { SignInLinkOffer } from './sign-in-link-offer';
import { TwoFactorChallengeForm } from './two-factor-challenge-form';

const empty: TSignInValues = { identifier: '', password: '' };

/**
 * Sign-in (spec 000 §2, §4, §5, §8), with an e-mail address or a sub-user's username, and the second step for people
 * with two-factor sign-in. `ssoOffer` is what the page shows for the identifier typed (single sign-on, another feature).
 */
export function SignInForm({ ssoOffer }: { ssoOffer?: (identifier: string) => ReactNode }) {
  // 'security' is loaded with the page, so the second step does not wait for its texts.
  const { t } = useTranslation(['auth', 'errors', 'security']);
  const navigate = useNavigate();
  const location = useLocation();
  const signIn = useSignIn();
  const { report, fieldProps, clear } = useFormProblem<TSignInField | 'code'>();
  const [values, setValues] = useState(empty);
  // Set when strangers' wrong passwords have stopped this browser's password alone: the server's words on what to do,
  // and the authenticator code that may go with the password.
  const [proofRequired, setProofRequired] = useState<string | null>(null);
  const [code, setCode] = useState('');
  // Set when the server refuses an unconfirmed address: the address to offer a new confirmation link for.
  const [unconfirmedEmail, setUnconfirmedEmail] = useState<string | null>(null);
  const [step, setStep] = useState<'password' | 'two-factor'>('password');
  const passwordInput = useRef<HTMLInputElement | null>(null);
  // Set when the second step sends the person back here, where the password is what is missing.
  const [restarted, setRestarted] = useState(false);
  const loading = signIn.isPending;

  useEffect(() => {
    if (step === 'password' && restarted) passwordInput.current?.focus();
  }, [step, restarted]);

  const change = (field: TSignInField) => (event: ChangeEvent<HTMLInputElement>) => {
    setValues((current) => ({ ...current, [field]: event.target.value }));
    clear(field);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = checkSignIn(values);
    if (!checked.ok) return report(checked.problem);

    let request = checked.request;
    if (proofRequired && code.trim() !== '') {
      const parsedCode = ZTotpCode.safeParse(normaliseOneTimeCode(code));
      if (!parsedCode.success)
        return report({ field: 'code', title: 'auth:signIn.failedTitle', description: 'messages:validation.totpCode' });
      request = { ...request, code: parsedCode.data };
    }

    setUnconfirmedEmail(null);
    try {
      const { session, twoFactorRequired } = await signIn.mutateAsync(request);
      if (twoFactorRequired) {
        // The password has done its part; the identifier stays for "Back to sign in".
        setValues((current) => ({ ...current, password: '' }));
        return setStep('two-factor');
      }
      if (!session) throw new Error('Signed in without a session');
      await finish(session);
    } catch (error) {
      if (error instanceof ApiError && error.type === 'email_not_confirmed') {
        // A username cannot be sent a link; an address can.
        const resend = ZResendConfirmationRequest.safeParse({ email: checked.request.identifier });
        setUnconfirmedEmail(resend.success ? resend.data.email : null);
      }
      if (error instanceof ApiError && error.code === 'errors.signInProofRequired') setProofRequired(error.message);
      // A code is good for one try.
      setCode('');
      toast({
        title: t('signIn.failedTitle'),
        description: error instanceof ApiError ? error.message : t('errors:api.unknown'),
        variant: 'destructive',
      });
    }
  };

  /** Signed in, with or without a second step: say so and go on to the remembered page. */
  const finish = async (session: TSession) => {
    toast({ title: t('signIn.successTitle'), description: t('signIn.successDescription', { email: session.user.email }) });
    setValues(empty);
    const remembered = redirectTarget(location.state, location.search, '');
    if (session.user.passwordChangeRequired) {
      // A password weaker than the account now asks: a new one first (decision 109), then the remembered page.
      await navigate(paths.changePassword.getHref(), { replace: true, state: remembered ? { from: remembered } : null });
      return;
    }
    if (session.user.twoFactorSetupRequired) {
      // Nothing else works until then (the server refuses); the setup page goes on to the remembered page afterwards.
      await navigate(paths.twoFactorSetup.getHref(), { replace: true, state: remembered ? { from: remembered } : null });
      return;
    }
    await navigate(remembered || paths.home.getHref(), { replace: true });
  };

  const form = { values, change, fieldProps, disabled: loading };
  // The password input is also the one to focus when the second step sends the person back.
  const passwordRef = (element: HTMLInputElement | null) => {
    fieldProps('password').ref(element);
    passwordInput.current = element;
  };

  const restart = () => {
    setRestarted(true);
    setStep('password');
  };

  if (step === 'two-factor') {
    return <TwoFactorChallengeForm onVerified={(session) => void finish(session)} onRestart={restart} />;
  }

  return (
    <div className="flex flex-col gap-6">
      <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
        <FormField
          label={t('fields.emailOrUsername')}
          name="identifier"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          value={values.identifier}
          onChange={change('identifier')}
          disabled={loading}
          {...fieldProps('identifier')}
        />
        {ssoOffer?.(values.identifier)}
        <div className="flex flex-col gap-2">
          <PasswordField form={form} field="password" current label={t('fields.password')} ref={passwordRef} />
          <Link to={paths.forgotPassword.getHref()} className="self-end text-sm text-primary underline-offset-4 hover:underline">
            {t('signIn.forgotPassword')}
          </Link>
        </div>
        {proofRequired ? (
          <>
            <p role="alert" className="rounded-md border border-l-4 border-l-primary bg-accent p-4 text-sm text-accent-foreground">
              {proofRequired}
            </p>
            <FormField
              label={t('signInLink.codeLabel')}
              description={t('signInLink.codeDescription')}
              name="totpCode"
              autoComplete="one-time-code"
              inputMode="numeric"
              value={code}
              onChange={(event) => {
                setCode(event.target.value);
                clear('code');
              }}
              disabled={loading}
              {...fieldProps('code')}
            />
          </>
        ) : null}
        <Button type="submit" disabled={loading}>
          {loading ? t('signIn.submitting') : t('signIn.submit')}
        </Button>
      </form>
      <SignInLinkOffer
        identifier={values.identifier}
        onMissingIdentifier={() =>
          report({ field: 'identifier', title: 'auth:signInLink.failedTitle', description: 'auth:signInLink.needIdentifier' })
        }
      />
      {unconfirmedEmail ? (
        <div className="flex flex-col gap-3 rounded-md border border-l-4 border-l-primary bg-accent p-4 text-sm text-accent-foreground">
          <p>{t('signIn.notConfirmed')}</p>
          <ResendConfirmationButton email={unconfirmedEmail} />
        </div>
      ) : null}
    </div>
  );
}
