import { useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';

import { Button } from '@/components/ui/button';
import { EmailField, NameField, PasswordField } from '@/components/ui/person-fields';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { redirectTarget } from '@/lib/auth/redirect';
import { useFormProblem } from '@/lib/form-problem';
import { toast } from '@/lib/toast';
import { useLanguage } from '@/lib/use-language';

import { useSignUp } from '../api/sign-up';
import { checkSignUp, type TSignUpField, type TSignUpValues } from '../utils/credential-checks';

import { ResendConfirmationButton } from './resend-confirmation-button';

const empty: TSignUpValues = { name: '', email: '', password: '', confirmPassword: '' };

/** Spec 000 §4: shown 7 s, longer than other toasts, because the person has to act on it. */
const CONFIRMATION_TOAST_MS = 7000;

/** Sign-up (spec 000 §2, §4, §5, §8). The account is created in the page's language. */
export function SignUpForm() {
  const { t } = useTranslation(['auth', 'errors']);
  const { language } = useLanguage();
  const navigate = useNavigate();
  const location = useLocation();
  const signUp = useSignUp();
  const { report, fieldProps, clear } = useFormProblem<TSignUpField>();
  const [values, setValues] = useState(empty);
  // Set when the account waits for its address to be confirmed: the page stays, with a way to resend the link.
  const [awaitingConfirmation, setAwaitingConfirmation] = useState<string | null>(null);
  const loading = signUp.isPending;

  const change = (field: TSignUpField) => (event: ChangeEvent<HTMLInputElement>) => {
    setValues((current) => ({ ...current, [field]: event.target.value }));
    clear(field);
  };

  const fail = (description: string) => toast({ title: t('signUp.failedTitle'), description, variant: 'destructive' });

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = checkSignUp(values, language);
    if (!checked.ok) return report(checked.problem);

    // The page the visitor was on their way to (a plan chosen on /pricing): reached after sign-up, or after the
    // confirmation link when the address must be confirmed first.
    const next = redirectTarget(location.state, location.search, '') || undefined;
    let result;
    try {
      result = await signUp.mutateAsync({ ...checked.request, next });
    } catch (error) {
      // The server's message; an answer of the wrong shape is the spec's "neither user nor session".
      return fail(error instanceof ApiError ? error.message : t('signUp.unexpected'));
    }

    if (result.requiresConfirmation) {
      toast({ title: t('signUp.confirmTitle'), description: t('signUp.confirmDescription'), duration: CONFIRMATION_TOAST_MS });
      setAwaitingConfirmation(checked.request.email);
      setValues(empty);
      return;
    }
    if (!result.session) return fail(t('signUp.unexpected'));
    toast({ title: t('signUp.successTitle'), description: t('signUp.successDescription') });
    setValues(empty);
    await navigate(next ?? paths.home.getHref(), { replace: true });
  };

  const form = { values, change, fieldProps, disabled: loading };
  return (
    <div className="flex flex-col gap-6">
      <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
        <NameField form={form} field="name" label={t('fields.fullName')} />
        <EmailField form={form} field="email" label={t('fields.email')} />
        <PasswordField form={form} field="password" label={t('fields.password')} placeholder={t('fields.passwordPlaceholder')} />
        <PasswordField form={form} field="confirmPassword" label={t('fields.confirmPassword')} />
        <Button type="submit" disabled={loading}>
          {loading ? t('signUp.submitting') : t('signUp.submit')}
        </Button>
      </form>
      {awaitingConfirmation ? (
        <div
          role="status"
          className="flex flex-col gap-3 rounded-md border border-l-4 border-l-primary bg-accent p-4 text-sm text-accent-foreground"
        >
          <p>{t('signUp.confirmPending', { email: awaitingConfirmation })}</p>
          <ResendConfirmationButton email={awaitingConfirmation} />
        </div>
      ) : null}
    </div>
  );
}
