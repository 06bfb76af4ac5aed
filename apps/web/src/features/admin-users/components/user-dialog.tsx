import { adminUserProblem, type TAdminUser, type TAdminUserField, type TAdminUserProblem, type TPlatformRole } from '@faxline/shared';
import { useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { ApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';

import { useCreateAdminUser } from '../api/create-admin-user';
import { useUpdateAdminUser } from '../api/update-admin-user';

export type TUserDialogTarget = { mode: 'create' } | { mode: 'edit'; user: TAdminUser };

type TUserDialogProps = {
  target: TUserDialogTarget | null;
  /** The signed-in admin: their own role cannot be changed here (the server refuses it too). */
  currentUserId: string;
  onClose: () => void;
  /** Where focus goes back when the dialog closes (the button that opened it). */
  returnFocusTo: HTMLElement | null;
};

/** The add and edit dialog (spec 001 §2.11, §3 "Admin user form", §5). One dialog per opening, so no state lingers. */
export function UserDialog({ target, currentUserId, onClose, returnFocusTo }: TUserDialogProps) {
  const { t } = useTranslation('admin');
  return (
    <Dialog open={target !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      {target ? (
        <DialogContent
          closeLabel={t('users.dialog.close')}
          className="max-w-lg"
          onCloseAutoFocus={(event) => {
            // The opener may be gone (a deleted row); then the focus stays where the browser puts it.
            if (returnFocusTo?.isConnected) {
              event.preventDefault();
              returnFocusTo.focus();
            }
          }}
        >
          <UserForm key={target.mode === 'edit' ? target.user.id : 'new'} target={target} currentUserId={currentUserId} onDone={onClose} />
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

type TValues = { name: string; email: string; password: string; confirmPassword: string; role: TPlatformRole };

function initialValues(target: TUserDialogTarget): TValues {
  if (target.mode === 'create') return { name: '', email: '', password: '', confirmPassword: '', role: 'User' };
  return { name: target.user.name, email: target.user.email, password: '', confirmPassword: '', role: target.user.role };
}

function UserForm({ target, currentUserId, onDone }: { target: TUserDialogTarget; currentUserId: string; onDone: () => void }) {
  const { t } = useTranslation(['admin', 'errors', 'messages']);
  const creating = target.mode === 'create';
  const editingSelf = target.mode === 'edit' && target.user.id === currentUserId;
  const [values, setValues] = useState<TValues>(() => initialValues(target));
  const [problem, setProblem] = useState<{ field: TAdminUserField | null; message: string } | null>(null);
  const inputs = useRef(new Map<TAdminUserField, HTMLInputElement | null>());
  const create = useCreateAdminUser();
  const update = useUpdateAdminUser();
  const saving = create.isPending || update.isPending;
  // The confirmation shows when creating, or once a new password is typed (spec 001 §5).
  const showConfirmation = creating || values.password !== '';

  const change = (field: keyof TValues) => (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => {
    const value = event.target.value;
    setValues((current) => ({
      ...current,
      [field]: value,
      // An emptied new password takes its (now hidden) confirmation with it.
      ...(field === 'password' && value === '' && !creating ? { confirmPassword: '' } : {}),
    }));
    setProblem(null);
  };

  const report = (found: TAdminUserProblem) => {
    setProblem({ field: found.field, message: t(`messages:${found.message}`) });
    inputs.current.get(found.field)?.focus();
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = adminUserProblem(values, target.mode);
    if (found) return report(found);
    try {
      if (target.mode === 'create') {
        const created = await create.mutateAsync(values);
        toast({
          title: t('users.toasts.addedTitle'),
          description: t('users.toasts.addedDescription', { name: created.name, email: created.email }),
        });
      } else {
        const { name, role, password, confirmPassword } = values;
        const updated = await update.mutateAsync({ id: target.user.id, request: { name, role, password, confirmPassword } });
        toast({ title: t('users.toasts.updatedTitle'), description: t('users.toasts.updatedDescription', { email: updated.email }) });
      }
      onDone();
    } catch (error) {
      const message = error instanceof ApiError ? error.message : t('errors:api.unknown');
      // Shown in the dialog too: while it is open, the rest of the page (the toasts included) is hidden from screen readers.
      setProblem({ field: null, message });
      toast({
        title: creating ? t('users.toasts.addFailedTitle') : t('users.toasts.updateFailedTitle'),
        description: message,
        variant: 'destructive',
      });
    }
  };

  const fieldProps = (field: TAdminUserField) => ({
    ref: (element: HTMLInputElement | null) => void inputs.current.set(field, element),
    // The message itself is an alert (read out at once); the field is marked and focused.
    'aria-invalid': problem?.field === field ? true : undefined,
    disabled: saving,
  });

  return (
    <>
      <DialogTitle>{creating ? t('users.dialog.addTitle') : t('users.dialog.editTitle')}</DialogTitle>
      <DialogDescription>{creating ? t('users.dialog.addDescription') : t('users.dialog.editDescription')}</DialogDescription>
      <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
        <FormField
          label={t('users.dialog.name')}
          name="name"
          autoComplete="off"
          value={values.name}
          onChange={change('name')}
          {...fieldProps('name')}
        />
        <FormField
          label={t('users.dialog.email')}
          name="email"
          type="email"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          value={values.email}
          onChange={change('email')}
          readOnly={!creating}
          description={creating ? undefined : t('users.dialog.emailReadOnly')}
          {...fieldProps('email')}
        />
        <FormField
          label={creating ? t('users.dialog.password') : t('users.dialog.newPassword')}
          name="password"
          type="password"
          autoComplete="new-password"
          value={values.password}
          onChange={change('password')}
          description={creating ? undefined : t('users.dialog.newPasswordHint')}
          {...fieldProps('password')}
        />
        {showConfirmation ? (
          <FormField
            label={creating ? t('users.dialog.confirmPassword') : t('users.dialog.confirmNewPassword')}
            name="confirmPassword"
            type="password"
            autoComplete="new-password"
            value={values.confirmPassword}
            onChange={change('confirmPassword')}
            {...fieldProps('confirmPassword')}
          />
        ) : null}
        <RoleField value={values.role} onChange={change('role')} disabled={saving || editingSelf} lockedNote={editingSelf} />
        {problem ? (
          <p role="alert" className="rounded-md border border-destructive bg-destructive/5 px-3 py-2 text-sm font-medium text-destructive">
            {problem.message}
          </p>
        ) : null}
        <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
          <Button type="button" variant="outline" onClick={onDone} disabled={saving}>
            {t('users.dialog.cancel')}
          </Button>
          <Button type="submit" disabled={saving}>
            {saving ? t('users.dialog.saving') : creating ? t('users.dialog.create') : t('users.dialog.save')}
          </Button>
        </div>
      </form>
    </>
  );
}

type TRoleFieldProps = {
  value: TPlatformRole;
  onChange: (event: ChangeEvent<HTMLSelectElement>) => void;
  disabled: boolean;
  lockedNote: boolean;
};

/** User or 'Admin (Caution)' (spec 001 §3): an admin runs the whole back office. */
function RoleField({ value, onChange, disabled, lockedNote }: TRoleFieldProps) {
  const { t } = useTranslation('admin');
  const id = useId();
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id}>{t('users.dialog.role')}</Label>
      <NativeSelect
        id={id}
        name="role"
        value={value}
        onChange={onChange}
        disabled={disabled}
        aria-describedby={lockedNote ? `${id}-note` : undefined}
      >
        <option value="User">{t('users.dialog.roleUser')}</option>
        <option value="Admin">{t('users.dialog.roleAdmin')}</option>
      </NativeSelect>
      {lockedNote ? (
        <p id={`${id}-note`} className="text-sm text-muted-foreground">
          {t('users.dialog.ownRoleLocked')}
        </p>
      ) : null}
    </div>
  );
}
