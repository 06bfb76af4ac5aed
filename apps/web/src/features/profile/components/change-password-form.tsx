import { useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { PasswordField } from '@/components/ui/person-fields';
import { ApiError } from '@/lib/api-client';
import { useFormProblem } from '@/lib/form-problem';
import { toast } from '@/lib/toast';

import { useChangePassword } from '../api/change-password';
import { checkPasswordChange, type TPasswordField, type TPasswordValues } from '../utils/profile-checks';

const empty: TPasswordValues = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** Change Password (spec 001 §2.4, §5, §8), with the current password as well (the server asks for it). */
export function ChangePasswordForm({ email }: { email: string }) {
  const { t } = useTranslation(['auth', 'errors']);
  const changePassword = useChangePassword();
  const { report, fieldProps, clear } = useFormProblem<TPasswordField>();
  const [values, setValues] = useState(empty);
  const saving = changePassword.isPending;

  const change = (field: TPasswordField) => (event: ChangeEvent<HTMLInputElement>) => {
    setValues((current) => ({ ...current, [field]: event.target.value }));
    clear(field);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = checkPasswordChange(values);
    if (!checked.ok) return report(checked.problem);
    try {
      await changePassword.mutateAsync(checked.request);
      setValues(empty);
      toast({ title: t('profile.passwordUpdatedTitle'), description: t('profile.passwordUpdatedDescription') });
    } catch (error) {
      toast({
        title: t('profile.passwordFailedTitle'),
        description: error instanceof ApiError ? error.message : t('errors:api.unknown'),
        variant: 'destructive',
      });
    }
  };

  const form = { values, change, fieldProps, disabled: saving };
  return (
    <section aria-labelledby="change-password-heading" className="flex flex-col gap-6 rounded-lg border p-6">
      <div className="flex flex-col gap-1">
        <h2 id="change-password-heading" className="text-xl font-semibold">
          {t('profile.passwordTitle')}
        </h2>
        <p className="text-sm text-muted-foreground">{t('profile.passwordDescription')}</p>
      </div>
      <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
        {/* Tells password managers whose password this is; not shown. */}
        <input type="text" name="username" autoComplete="username" value={email} readOnly hidden />
        <PasswordField form={form} field="currentPassword" current label={t('fields.currentPassword')} />
        <PasswordField form={form} field="newPassword" label={t('fields.newPassword')} placeholder={t('fields.passwordPlaceholder')} />
        <PasswordField form={form} field="confirmPassword" label={t('fields.confirmNewPassword')} />
        <Button type="submit" className="self-start" disabled={saving}>
          {saving ? t('profile.changingPassword') : t('profile.changePassword')}
        </Button>
      </form>
    </section>
  );
}
