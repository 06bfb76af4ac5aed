import type { TSessionUser } from '@faxline/shared';
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';

import { Button } from '@/components/ui/button';
import { EmailField, PasswordField } from '@/components/ui/person-fields';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { redirectTarget } from '@/lib/auth/redirect';
import { useFormProblem } from '@/lib/form-problem';
import { toast } from '@/lib/toast';

import { useGrantAdminAccess } from '../api/grant-admin-access';
import { adminLoginFailure, checkAdminLogin, type TAdminLoginField } from '../utils/admin-login-checks';

/**
 * The admin login (spec 001 §2.9): the spec's single password field and 'Access Dashboard' for a signed-in person,
 * who re-enters their own password; e-mail and password for a signed-out visitor (DESIGN.md). No shared password.
 */
export function AdminLoginForm({ user }: { user: TSessionUser | null }) {
  const { t } = useTranslation(['auth', 'errors', 'messages']);
  const navigate = useNavigate();
  const location = useLocation();
  const grantAccess = useGrantAdminAccess();
  const { report, fieldProps, clear } = useFormProblem<TAdminLoginField>();
  const [values, setValues] = useState({ email: '', password: '' });
  const loading = grantAccess.isPending;

  const change = (field: TAdminLoginField) => (event: ChangeEvent<HTMLInputElement>) => {
    setValues((current) => ({ ...current, [field]: event.target.value }));
    clear(field);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = checkAdminLogin(values, user !== null);
    if (!checked.ok) return report(checked.problem);
    try {
      await grantAccess.mutateAsync(checked.request);
    } catch (error) {
      const failure = adminLoginFailure(error instanceof ApiError ? error : null);
      if (failure.kind === 'wrongPassword') setValues((current) => ({ ...current, password: '' }));
      const description =
        failure.kind === 'wrongPassword'
          ? t('messages:errors.incorrectPassword')
          : failure.kind === 'notAdmin'
            ? t('messages:errors.invalidAdminCredentials')
            : failure.kind === 'server'
              ? failure.message
              : t('errors:api.unknown');
      toast({ title: t('adminLogin.failedTitle'), description, variant: 'destructive' });
      return;
    }
    setValues({ email: '', password: '' });
    await navigate(redirectTarget(location.state, location.search, paths.admin.dashboard.getHref()), { replace: true });
  };

  const form = { values, change, fieldProps, disabled: loading };
  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
      {user ? (
        // Tells password managers whose password this is; not shown.
        <input type="text" name="username" autoComplete="username" value={user.email} readOnly hidden />
      ) : (
        <EmailField form={form} field="email" label={t('fields.email')} autoComplete="username" />
      )}
      <PasswordField form={form} field="password" current label={t('fields.password')} />
      <Button type="submit" disabled={loading}>
        {loading ? t('adminLogin.submitting') : t('adminLogin.submit')}
      </Button>
    </form>
  );
}
