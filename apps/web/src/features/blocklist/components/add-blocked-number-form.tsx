import { ZAddBlockedNumberRequest } from '@faxline/shared';
import { useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { FieldProblem, FormField } from '@/components/ui/form-field';
import { ApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { maxLengthOf } from '@/lib/validation';

import { useAddBlockedNumber } from '../api/add-blocked-number';
import { checkBlockedNumber, EMPTY_BLOCKLIST_VALUES, type TBlocklistField } from '../utils/blocklist-checks';
import { fieldOfRefusal } from '../utils/refusal-field';

type TProblem = { field: TBlocklistField; message: string };

/**
 * Block a Number: the shared schema's checks run here first; the server's refusals (already listed, a full list)
 * arrive translated. Either way the message stands under the field it concerns, and focus moves there.
 */
export function AddBlockedNumberForm() {
  const { t } = useTranslation(['blocklist', 'messages', 'errors']);
  const addBlockedNumber = useAddBlockedNumber();
  const [values, setValues] = useState(EMPTY_BLOCKLIST_VALUES);
  const [problem, setProblem] = useState<TProblem | null>(null);
  const inputs = useRef(new Map<TBlocklistField, HTMLInputElement | null>());
  const id = useId();
  const adding = addBlockedNumber.isPending;

  const change = (field: TBlocklistField) => (event: ChangeEvent<HTMLInputElement>) => {
    setValues((current) => ({ ...current, [field]: event.target.value }));
    setProblem((current) => (current?.field === field ? null : current));
  };

  const show = (found: TProblem) => {
    setProblem(found);
    inputs.current.get(found.field)?.focus();
    toast({ title: t('toasts.addFailedTitle'), description: found.message, variant: 'destructive' });
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = checkBlockedNumber(values);
    if (!checked.ok) return show({ field: checked.field, message: String(t(checked.key)) });
    try {
      const { prefix } = checked.request;
      await addBlockedNumber.mutateAsync(checked.request);
      setValues(EMPTY_BLOCKLIST_VALUES);
      setProblem(null);
      toast({ title: t('toasts.addedTitle'), description: t('toasts.addedDescription', { prefix }) });
    } catch (error) {
      const refusal = fieldOfRefusal(error);
      if (refusal) return show(refusal);
      // No connection or a failure of the server: nothing for the person to fix in the form.
      const description = error instanceof ApiError ? error.message : t('errors:api.unknown');
      toast({ title: t('toasts.addFailedTitle'), description, variant: 'destructive' });
    }
  };

  const field = (name: TBlocklistField, props: { label: string; description: string; maxLength?: number; inputMode?: 'tel' }) => {
    const inputId = `${id}-${name}`;
    const errorId = `${inputId}-problem`;
    const message = problem?.field === name ? problem.message : null;
    return (
      <div className="flex min-w-0 flex-col gap-2">
        <FormField
          {...props}
          id={inputId}
          name={name}
          autoComplete="off"
          spellCheck={false}
          value={values[name]}
          onChange={change(name)}
          disabled={adding}
          ref={(element) => void inputs.current.set(name, element)}
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? `${inputId}-description ${errorId}` : `${inputId}-description`}
        />
        <FieldProblem id={errorId}>{message}</FieldProblem>
      </div>
    );
  };

  return (
    <form noValidate aria-labelledby={`${id}-title`} onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
      <h3 id={`${id}-title`} className="font-semibold">
        {t('form.title')}
      </h3>
      <div className="grid gap-4 md:grid-cols-2">
        {field('prefix', { label: t('form.prefix'), description: t('form.prefixHint'), inputMode: 'tel' })}
        {field('note', {
          label: t('form.note'),
          description: t('form.noteHint'),
          maxLength: maxLengthOf(ZAddBlockedNumberRequest.shape.note),
        })}
      </div>
      <Button type="submit" className="self-start" disabled={adding}>
        {adding ? t('form.submitting') : t('form.submit')}
      </Button>
    </form>
  );
}
