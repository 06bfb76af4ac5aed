import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { FieldDescription, FieldProblem } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

/**
 * Publish a page or post at a later time (decision 116): it is published then, and nobody sees it before (the server
 * decides by its clock). The time is read in this device's time zone, as the browser's date and time field gives it.
 */
export function ScheduleControl({ busy, onSchedule }: { busy: boolean; onSchedule: (at: string) => void }) {
  const { t } = useTranslation('admin-publishing');
  const id = useId();
  const [value, setValue] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const schedule = () => {
    const at = new Date(value);
    if (!value || Number.isNaN(at.getTime()) || at.getTime() <= Date.now()) {
      setProblem(t('content.publishAtFuture'));
      document.getElementById(id)?.focus();
      return;
    }
    setProblem(null);
    onSchedule(at.toISOString());
  };

  return (
    <div className="flex flex-col gap-2 rounded-lg border p-4">
      <Label htmlFor={id}>{t('content.publishAt')}</Label>
      <div className="flex flex-wrap items-center gap-3">
        <Input
          id={id}
          type="datetime-local"
          className="w-fit"
          value={value}
          aria-invalid={problem ? true : undefined}
          aria-describedby={`${id}-hint${problem ? ` ${id}-problem` : ''}`}
          onChange={(event) => setValue(event.target.value)}
        />
        <Button type="button" variant="outline" disabled={busy} onClick={schedule}>
          {t('content.schedule')}
        </Button>
      </div>
      <FieldDescription id={`${id}-hint`}>{t('content.publishAtHint')}</FieldDescription>
      <FieldProblem id={`${id}-problem`}>{problem}</FieldProblem>
    </div>
  );
}
