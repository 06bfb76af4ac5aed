import { ZDeleteAccountRequest } from '@faxline/shared';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { ApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';

import { useDeleteAccount } from '../api/delete-account';

const DELETED = ['account', 'faxes', 'numbers', 'audit'] as const;

/**
 * 'Delete Account' and its confirmation (spec 001 §2.5): says what goes and what stays, asks for the password, and
 * stays open with the server's message when the deletion is refused. On success the session ends and the person
 * lands on the home page.
 */
export function DeleteAccountDialog({ email }: { email: string }) {
  const { t } = useTranslation(['settings', 'errors', 'messages']);
  const deleteAccount = useDeleteAccount();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const passwordInput = useRef<HTMLInputElement>(null);
  const openButton = useRef<HTMLButtonElement>(null);
  const deleting = deleteAccount.isPending;

  const changeOpen = (next: boolean) => {
    if (deleting) return;
    setOpen(next);
    setPassword('');
    setProblem(null);
  };

  const refuse = (message: string) => {
    setProblem(message);
    passwordInput.current?.focus();
    passwordInput.current?.select();
  };

  const submit = async () => {
    if (deleting) return;
    // Cleared first, so that a second refusal with the same words is announced again.
    setProblem(null);
    const checked = ZDeleteAccountRequest.safeParse({ password });
    if (!checked.success) return refuse(t('messages:validation.required'));
    try {
      await deleteAccount.mutateAsync(checked.data);
      toast({ title: t('delete.deletedTitle'), description: t('delete.deletedDescription') });
    } catch (error) {
      refuse(error instanceof ApiError && error.message ? error.message : t('errors:api.unknown'));
    }
  };

  return (
    <>
      <Button ref={openButton} type="button" variant="destructive" className="self-start" onClick={() => changeOpen(true)}>
        {t('delete.button')}
      </Button>
      <ConfirmDialog
        open={open}
        title={t('delete.dialogTitle')}
        description={t('delete.dialogDescription')}
        cancelLabel={t('delete.cancel')}
        confirmLabel={t('delete.confirm')}
        pendingLabel={t('delete.deleting')}
        pending={deleting}
        onConfirm={() => void submit()}
        onCancel={() => changeOpen(false)}
        // Without a Radix trigger, focus would fall to the page on closing; it goes back to the button instead.
        returnFocus={() => openButton.current?.focus()}
        form
      >
        <ul className="flex list-disc flex-col gap-1 pl-5 text-sm">
          {DELETED.map((item) => (
            <li key={item}>{t(`delete.consequences.${item}`)}</li>
          ))}
        </ul>
        {/* Tells password managers whose password this is; not shown. */}
        <input type="text" name="username" autoComplete="username" value={email} readOnly hidden />
        <div className="flex flex-col gap-2">
          <Label htmlFor="delete-account-password">{t('delete.passwordLabel')}</Label>
          <Input
            ref={passwordInput}
            id="delete-account-password"
            name="password"
            type="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(event) => {
              setPassword(event.target.value);
              setProblem(null);
            }}
            // Read-only rather than disabled while deleting, so focus can come back to it on a refusal.
            readOnly={deleting}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? 'delete-account-problem' : 'delete-account-password-help'}
          />
          {problem ? (
            <p id="delete-account-problem" role="alert" className="text-sm font-medium text-destructive">
              {problem}
            </p>
          ) : (
            <p id="delete-account-password-help" className="text-sm text-muted-foreground">
              {t('delete.passwordHelp')}
            </p>
          )}
        </div>
      </ConfirmDialog>
    </>
  );
}
