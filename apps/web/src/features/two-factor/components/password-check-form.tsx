import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { ApiError } from '@/lib/api-client';
import { useAuth } from '@/lib/auth/use-auth';

import { FieldError } from './field-error';

type TPasswordCheckFormProps = {
  /** What the password is asked for, above the field. */
  intro: ReactNode;
  submitLabel: string;
  pendingLabel: string;
  pending: boolean;
  /** The server's refusal (a wrong password, already translated); a new one moves focus back to the field. */
  error: Error | null;
  onSubmit: (password: string) => void;
  destructive?: boolean;
  /** Shows a Cancel button beside the submit button. */
  onCancel?: () => void;
};

/** The password again, before two-factor sign-in is set up, turned off or given new backup codes. */
export function PasswordCheckForm({
  intro,
  submitLabel,
  pendingLabel,
  pending,
  error,
  onSubmit,
  destructive,
  onCancel,
}: TPasswordCheckFormProps) {
  const { t } = useTranslation(['security', 'errors']);
  const { user } = useAuth();
  const [password, setPassword] = useState('');
  const [missing, setMissing] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const errorId = useId();
  const refusal = error instanceof ApiError ? error.message : error ? t('errors:api.unknown') : null;
  const message = missing ? t('password.missing') : refusal;

  useEffect(() => {
    if (!error) return;
    input.current?.focus();
    input.current?.select();
  }, [error]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!password) {
      setMissing(true);
      input.current?.focus();
      return;
    }
    onSubmit(password);
  };

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <p className="text-sm">{intro}</p>
      {/* Tells password managers whose password this is (a sub-user signs in with a username); not shown. */}
      <input type="text" name="username" autoComplete="username" value={user?.username ?? user?.email ?? ''} readOnly hidden />
      <div className="flex flex-col gap-2">
        <FormField
          ref={input}
          label={t('password.label')}
          name="password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => {
            setPassword(event.target.value);
            setMissing(false);
          }}
          disabled={pending}
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? errorId : undefined}
        />
        <FieldError id={errorId}>{message}</FieldError>
      </div>
      <div className="flex flex-wrap justify-end gap-3">
        {onCancel ? (
          <Button type="button" variant="outline" onClick={onCancel} disabled={pending}>
            {t('common.cancel')}
          </Button>
        ) : null}
        <Button type="submit" variant={destructive ? 'destructive' : 'default'} disabled={pending}>
          {pending ? pendingLabel : submitLabel}
        </Button>
      </div>
    </form>
  );
}
