import { isPlannedSystemSetting } from '@faxline/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { FieldDescription, FieldProblem } from '@/components/ui/form-field';
import { Label } from '@/components/ui/label';
import { PlannedBadge, PlannedNote } from '@/components/ui/planned-badge';
import { cn } from '@/lib/utils';

import type { TSettingsForm } from '../hooks/use-settings-form';
import type { TFieldName } from '../utils/settings-form';

/** What a control needs to be announced with its help and its problem. */
export type TControlAria = { 'aria-describedby': string | undefined; 'aria-invalid': true | undefined };

type TFieldFrameProps = {
  id: string;
  label: ReactNode;
  description?: ReactNode;
  /** The translated problem Save found, shown under the control and read out with it. */
  error?: string;
  /** Shown between the label and the control (a secret's status), and read out with the control. */
  status?: ReactNode;
  /** The setting has no effect yet (decision 039): marked "Planned", with a note; the control disables itself. */
  planned?: boolean;
  className?: string;
  children: (aria: TControlAria) => ReactNode;
};

/** A labelled setting: label, optional status, the control, its problem once there is one (next to it), and its help. */
export function FieldFrame({ id, label, description, error, status, planned = false, className, children }: TFieldFrameProps) {
  const statusId = `${id}-status`;
  const descriptionId = `${id}-description`;
  const errorId = `${id}-error`;
  const plannedId = `${id}-planned`;
  const describedBy = [status ? statusId : null, planned ? plannedId : null, error ? errorId : null, description ? descriptionId : null]
    .filter(Boolean)
    .join(' ');
  return (
    <div className={cn('flex min-w-0 flex-col gap-2', className)}>
      <div className="flex flex-wrap items-center gap-2">
        <Label htmlFor={id}>{label}</Label>
        {planned ? <PlannedBadge /> : null}
      </div>
      {status ? (
        // Polite: a change made by a button beside the control (Remove) is announced.
        <div id={statusId} aria-live="polite" className="text-sm">
          {status}
        </div>
      ) : null}
      {children({ 'aria-describedby': describedBy || undefined, 'aria-invalid': error ? true : undefined })}
      <FieldProblem id={errorId}>{error}</FieldProblem>
      {planned ? <PlannedNote id={plannedId} /> : null}
      <FieldDescription id={descriptionId}>{description}</FieldDescription>
    </div>
  );
}

/** What the frame of the platform setting `name` says: its id, label, help and problem, and whether it is planned. */
export function useSettingFrame(form: TSettingsForm, name: TFieldName) {
  const { t } = useTranslation('admin-settings');
  return {
    id: `setting-${name}`,
    planned: isPlannedSystemSetting(name),
    label: t(`fields.${name}.label`),
    description: t(`fields.${name}.description`),
    error: form.errorOf(name),
  };
}
