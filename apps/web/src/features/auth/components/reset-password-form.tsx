import { ZResetPasswordRequest } from '@faxline/shared';
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

import { Button } from '@/components/ui/button';
import { PasswordField } from '@/components/ui/person-fields';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { checkNewPassword } from '@/lib/auth/password-rules';
import { useFormProblem } from '@/lib/form-problem';
import { toast } from '@/lib/toast';
import { firstIssue } from '@/lib/validation';

import { useResetPassword } from '../api/reset-password';

type TField = 'newPassword' | 'confirmPassword';
const empty: Record<TField, string> = { newPassword: '', confirmPassword: '' };

/** Sets a new password with the token of the e-mailed link; the rules are the profile's (spec 001 §5). */
export function ResetPasswordForm({ token }: { token: string }) {
  const { t } = useTranslation(['auth', 'errors']);
  const navigate = useNavigate();
  const resetPassword = useResetPassword();
  const { report, fieldProps, clear } = useFormProblem<TField>();
  const [values, setValues] = useState(empty);
  const loading = resetPassword.isPending;

  const change = (field: TField) => (event: ChangeEvent<HTMLInputElement>) => {
    setValues((current) => ({ ...current, [field]: event.target.value }));
    clear(field);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = checkNewPassword(values.newPassword, values.confirmPassword);
    if (problem) return report(problem);
    const parsed = ZResetPasswordRequest.safeParse({ token, newPassword: values.newPassword });
    if (!parsed.success) {
      const { key } = firstIssue(parsed.error.issues, ['newPassword'] as const);
      return report({ field: 'newPassword', title: 'auth:resetPassword.failedTitle', description: key });
    }
    try {
      await resetPassword.mutateAsync(parsed.data);
    } catch (error) {
      toast({
        title: t('resetPassword.failedTitle'),
        description: error instanceof ApiError ? error.message : t('errors:api.unknown'),
        variant: 'destructive',
      });
      return;
    }
    setValues(empty);
    toast({ title: t('resetPassword.successTitle'), description: t('resetPassword.successDescription') });
    await navigate(paths.signIn.getHref(), { replace: true });
  };

  const form = { values, change, fieldProps, disabled: loading };
  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
      <PasswordField form={form} field="newPassword" label={t('fields.newPassword')} placeholder={t('fields.passwordPlaceholder')} />
      <PasswordField form={form} field="confirmPassword" label={t('fields.confirmNewPassword')} />
      <Button type="submit" disabled={loading}>
        {loading ? t('resetPassword.submitting') : t('resetPassword.submit')}
      </Button>
    </form>
  );
}
