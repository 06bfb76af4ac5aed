import { useId, useState, type ChangeEvent, type ComponentProps, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { useFormProblem } from '@/lib/form-problem';
import { toast } from '@/lib/toast';

import { useAddMember } from '../api/add-member';
import { failureMessage } from '../utils/failure-message';
import {
  checkAddMember,
  EMPTY_MEMBER_VALUES,
  MEMBER_PROBLEM_NAMESPACES,
  type TMemberProblemKey,
  type TMemberTextField,
} from '../utils/member-checks';

import { RoleField } from './role-field';

/** Add New User (spec 001 §2.8, §5, §8): the checks run here first; the server's refusals arrive translated. */
export function AddMemberForm() {
  const { t } = useTranslation('members');
  const addMember = useAddMember();
  const { report, fieldProps, clear } = useFormProblem<TMemberTextField, TMemberProblemKey>(MEMBER_PROBLEM_NAMESPACES);
  const [values, setValues] = useState(EMPTY_MEMBER_VALUES);
  const twoFactorId = useId();
  const adding = addMember.isPending;

  const change = (field: TMemberTextField) => (event: ChangeEvent<HTMLInputElement>) => {
    setValues((current) => ({ ...current, [field]: event.target.value }));
    clear(field);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = checkAddMember(values);
    if (!checked.ok) return report(checked.problem);
    try {
      const invitation = await addMember.mutateAsync(checked.request);
      setValues(EMPTY_MEMBER_VALUES);
      toast({
        title: t('toasts.invitedTitle'),
        description: t('toasts.invitedDescription', { name: checked.request.name, email: invitation.email }),
      });
    } catch (error) {
      toast({
        title: t('toasts.addFailedTitle'),
        description: failureMessage(error, t('toasts.unknownServerError')),
        variant: 'destructive',
      });
    }
  };

  const textField = (field: TMemberTextField, label: string, props: Partial<ComponentProps<typeof FormField>> = {}) => (
    <FormField
      label={label}
      name={field}
      autoComplete="off"
      spellCheck={false}
      value={values[field]}
      onChange={change(field)}
      disabled={adding}
      {...props}
      {...fieldProps(field)}
    />
  );

  return (
    <section aria-labelledby="add-member-heading" className="flex flex-col gap-6 rounded-lg border p-6">
      <h2 id="add-member-heading" className="text-xl font-semibold">
        {t('form.title')}
      </h2>
      <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
        <div className="grid gap-4 md:grid-cols-2">
          {textField('name', t('form.contactName'), { spellCheck: undefined })}
          {textField('username', t('form.username'), { autoCapitalize: 'none', description: t('form.usernameHint') })}
        </div>
        {textField('email', t('form.email'), { type: 'email', inputMode: 'email' })}
        <div className="grid gap-4 md:grid-cols-2">
          {textField('password', t('form.password'), {
            type: 'password',
            autoComplete: 'new-password',
            description: t('form.passwordHint'),
          })}
          {textField('confirmPassword', t('form.confirmPassword'), { type: 'password', autoComplete: 'new-password' })}
        </div>
        <RoleField value={values.role} onChange={(role) => setValues((current) => ({ ...current, role }))} disabled={adding} />
        <div className="flex items-start gap-3">
          <input
            id={twoFactorId}
            type="checkbox"
            name="enable2fa"
            checked={values.enable2fa}
            onChange={(event) => setValues((current) => ({ ...current, enable2fa: event.target.checked }))}
            disabled={adding}
            aria-describedby={`${twoFactorId}-description`}
            className="mt-0.5 size-4 shrink-0 accent-primary"
          />
          <div className="flex flex-col gap-1">
            <label htmlFor={twoFactorId} className="text-sm leading-tight font-medium">
              {t('form.twoFactor')}
            </label>
            <p id={`${twoFactorId}-description`} className="text-sm text-muted-foreground">
              {t('form.twoFactorHint')}
            </p>
          </div>
        </div>
        <Button type="submit" className="self-start" disabled={adding}>
          {adding ? t('form.submitting') : t('form.submit')}
        </Button>
      </form>
    </section>
  );
}
