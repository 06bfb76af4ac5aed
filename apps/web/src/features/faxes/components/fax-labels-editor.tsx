import { MAX_FAX_LABEL_LENGTH, MAX_FAX_LABELS } from '@faxline/shared';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';

type TLabelsEditorProps = {
  labels: string[];
  /** Saves the whole new list of labels. */
  onChange: (labels: string[]) => void;
};

/** The fax's labels as chips, each with its remove button, and a field to add one (at most 10, 40 characters each). */
export function FaxLabelsEditor({ labels, onChange }: TLabelsEditorProps) {
  const { t } = useTranslation('faxes');
  const id = useId();
  const [draft, setDraft] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const full = labels.length >= MAX_FAX_LABELS;

  const add = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const label = draft.trim();
    const found = problemOf(label, labels);
    setProblem(found ? t(`placement.labels.${found}`, { max: found === 'tooLong' ? MAX_FAX_LABEL_LENGTH : MAX_FAX_LABELS }) : null);
    if (found) return;
    onChange([...labels, label]);
    setDraft('');
  };

  return (
    <div className="flex flex-col gap-2">
      <span id={`${id}-title`} className="font-medium">
        {t('placement.labels.title')}
      </span>
      {labels.length > 0 ? (
        <ul aria-labelledby={`${id}-title`} className="flex flex-wrap gap-2">
          {labels.map((label) => (
            <li key={label} className="inline-flex items-center gap-1 rounded-full bg-muted py-0.5 pr-0.5 pl-2.5 text-xs font-semibold">
              <span translate="no" className="break-all">
                {label}
              </span>
              <button
                type="button"
                onClick={() => onChange(labels.filter((other) => other !== label))}
                aria-label={t('placement.labels.remove', { label })}
                className="inline-flex size-6 items-center justify-center rounded-full outline-hidden hover:bg-background focus-visible:ring-2 focus-visible:ring-ring"
              >
                <span aria-hidden="true">×</span>
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-muted-foreground">{t('placement.labels.none')}</p>
      )}
      <form noValidate onSubmit={add} className="flex flex-wrap items-end gap-2">
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <label htmlFor={`${id}-new`} className="text-xs text-muted-foreground">
            {t('placement.labels.newLabel')}
          </label>
          <Input
            id={`${id}-new`}
            value={draft}
            maxLength={MAX_FAX_LABEL_LENGTH}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? `${id}-problem` : undefined}
            onChange={(event) => setDraft(event.target.value)}
          />
        </div>
        <Button type="submit" variant="outline">
          {t('placement.labels.add')}
        </Button>
      </form>
      {problem ? (
        <p id={`${id}-problem`} role="alert" className="text-destructive">
          {problem}
        </p>
      ) : full ? (
        <p className="text-muted-foreground">{t('placement.labels.tooMany', { max: MAX_FAX_LABELS })}</p>
      ) : null}
    </div>
  );
}

/** Why a label cannot be added, as the server would refuse it (or a repeat, which would change nothing). */
export function problemOf(label: string, labels: string[]): 'required' | 'tooLong' | 'tooMany' | 'repeated' | null {
  if (label === '') return 'required';
  if (label.length > MAX_FAX_LABEL_LENGTH) return 'tooLong';
  if (labels.length >= MAX_FAX_LABELS) return 'tooMany';
  return labels.includes(label) ? 'repeated' : null;
}
