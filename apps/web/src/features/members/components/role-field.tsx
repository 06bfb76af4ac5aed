import { useId } from 'react';
import { useTranslation } from 'react-i18next';

import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';

import { ADD_MEMBER_ROLES, type TMemberRole } from '../utils/member-checks';

type TRoleFieldProps = { value: TMemberRole; onChange: (role: TMemberRole) => void; disabled?: boolean };

/** The role of a sub-user (spec 001 §3, §6), with what the chosen role may do read out with it. */
export function RoleField({ value, onChange, disabled }: TRoleFieldProps) {
  const { t } = useTranslation('members');
  const id = useId();
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id}>{t('form.role')}</Label>
      <NativeSelect
        id={id}
        name="role"
        value={value}
        onChange={(event) => onChange(event.target.value as TMemberRole)}
        disabled={disabled}
        aria-describedby={`${id}-description`}
      >
        {ADD_MEMBER_ROLES.map((role) => (
          <option key={role} value={role}>
            {t(`roleOptions.${role}`)}
          </option>
        ))}
      </NativeSelect>
      <p id={`${id}-description`} className="text-sm text-muted-foreground">
        {t(`roleDescriptions.${value}`)}
      </p>
    </div>
  );
}
