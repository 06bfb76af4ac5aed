import { ZForgotPasswordRequest } from '@faxline/shared';
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { Button } from '@/components/ui/button';
import { EmailField } from '@/components/ui/person-fields';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { useFormProblem } from '@/lib/form-problem';
import { toast } from '@/lib/toast';
import { firstIssue } from '@/lib/validation';

import { useForgotPassword } from '../api/forgot-password';

/**
 * Asks for a password-reset link. The page says the same thing whether or not the address has an account, as the
 * server does, so it cannot be used to find out who is a customer.
 */
export function ForgotPasswordForm() {
  const { t } = useTranslation(['auth', 'errors']);
  const forgotPassword = useForgotPassword();
  const { report, fieldProps, clear } = useFormProblem<'email'>();
  const [email, setEmail] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const loading = forgotPassword.isPending;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = ZForgotPasswordRequest.safeParse({ email });
    if (!parsed.success) {
      const { key } = firstIssue(parsed.error.issues, ['email'] as const);
      return report({ field: 'email', title: 'auth:forgotPassword.failedTitle', description: key });
    }
    try {
      await forgotPassword.mutateAsync(parsed.data);
      setSentTo(parsed.data.email);
      setEmail('');
    } catch (error) {
      toast({
        title: t('forgotPassword.failedTitle'),
        description: error instanceof ApiError ? error.message : t('errors:api.unknown'),
        variant: 'destructive',
      });
    }
  };

  if (sentTo) {
    return (
      <div className="flex flex-col gap-4">
        <p role="status" className="rounded-md border border-l-4 border-l-primary bg-accent p-4 text-sm text-accent-foreground">
          {t('forgotPassword.sent', { email: sentTo })}
        </p>
        <Button asChild variant="outline">
          <Link to={paths.signIn.getHref()}>{t('forgotPassword.backToSignIn')}</Link>
        </Button>
      </div>
    );
  }

  const form = {
    values: { email },
    change: () => (event: ChangeEvent<HTMLInputElement>) => {
      setEmail(event.target.value);
      clear('email');
    },
    fieldProps,
    disabled: loading,
  };
  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
      <EmailField form={form} field="email" label={t('fields.email')} />
      <Button type="submit" disabled={loading}>
        {loading ? t('forgotPassword.submitting') : t('forgotPassword.submit')}
      </Button>
    </form>
  );
}
