import { type TContact } from '@faxline/shared';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { FieldDescription, FieldProblem } from '@/components/ui/form-field';
import { Dialog, DialogContent, DialogDescription, DialogFormButtons, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { ApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';

import { useCreateContact } from '../api/create-contact';
import { useUpdateContact } from '../api/update-contact';
import {
  checkContact,
  EMPTY_CONTACT_VALUES,
  fieldOf,
  formValuesOf,
  type TContactField,
  type TContactFormValues,
  type TContactProblem,
} from '../utils/contact-form';

type TContactFormDialogProps = {
  /** The contact to edit; a new one when absent. */
  contact?: TContact;
  onClose: () => void;
};

/**
 * Add or edit a contact in a dialog. The shared contract's checks run first and every field at fault says why under
 * itself (the first gets focus); the server's refusals, already translated, land on their field the same way.
 */
export function ContactFormDialog({ contact, onClose }: TContactFormDialogProps) {
  const { t, i18n } = useTranslation(['contacts', 'messages', 'errors', 'station-ids']);
  const create = useCreateContact();
  const update = useUpdateContact();
  const [values, setValues] = useState<TContactFormValues>(() => (contact ? formValuesOf(contact) : EMPTY_CONTACT_VALUES));
  const [problems, setProblems] = useState<Partial<Record<TContactField, string>>>({});
  const inputs = useRef(new Map<TContactField, HTMLInputElement | HTMLTextAreaElement | null>());
  const id = useId();
  const busy = create.isPending || update.isPending;

  /** A message key of the shared catalogue, translated; zod's own texts and the server's come as they are. */
  const messageOf = (message: string) => (i18n.exists(`messages:${message}`) ? String(t(`messages:${message}` as never)) : message);

  const show = (found: TContactProblem[]) => {
    setProblems(Object.fromEntries(found.map((problem) => [problem.field, messageOf(problem.message)])));
    const first = found[0];
    if (first) inputs.current.get(first.field)?.focus();
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const checked = checkContact(values);
    if (!checked.ok) return show(checked.problems);
    try {
      // An unchanged station id is not sent: setting it answers the contact's warning (decision 121).
      const { station_id: stationId, ...rest } = checked.input;
      const change = contact && (stationId ?? null) === contact.station_id ? rest : checked.input;
      const saved = contact ? await update.mutateAsync({ id: contact.id, change }) : await create.mutateAsync(checked.input);
      toast(
        contact
          ? { title: t('toasts.savedTitle'), description: t('toasts.savedDescription', { name: saved.name }) }
          : { title: t('toasts.addedTitle'), description: t('toasts.addedDescription', { name: saved.name }) },
      );
      onClose();
    } catch (error) {
      const issue = error instanceof ApiError ? error.issues?.[0] : undefined;
      const field = fieldOf(issue?.path);
      if (field && issue) return show([{ field, message: issue.message }]);
      const description = error instanceof ApiError ? error.message : t('errors:api.unknown');
      toast({ title: t('toasts.saveFailedTitle'), description, variant: 'destructive' });
    }
  };

  const field = (
    name: TContactField,
    label: string,
    options: { hint?: string; type?: string; multiline?: boolean; required?: boolean } = {},
  ) => {
    const inputId = `${id}-${name}`;
    const hintId = options.hint ? `${inputId}-hint` : undefined;
    const problem = problems[name];
    const problemId = problem ? `${inputId}-problem` : undefined;
    const props = {
      id: inputId,
      name,
      value: values[name],
      disabled: busy,
      required: options.required,
      'aria-invalid': problem ? true : undefined,
      'aria-describedby': [hintId, problemId].filter(Boolean).join(' ') || undefined,
      onChange: (event: { target: { value: string } }) => {
        setValues((current) => ({ ...current, [name]: event.target.value }));
        setProblems((current) => ({ ...current, [name]: undefined }));
      },
    };
    return (
      <div className="flex min-w-0 flex-col gap-2">
        <Label htmlFor={inputId}>{label}</Label>
        {options.multiline ? (
          <Textarea {...props} ref={(element) => void inputs.current.set(name, element)} rows={3} />
        ) : (
          <Input {...props} type={options.type ?? 'text'} autoComplete="off" ref={(element) => void inputs.current.set(name, element)} />
        )}
        <FieldDescription id={hintId}>{options.hint}</FieldDescription>
        <FieldProblem id={problemId}>{problem}</FieldProblem>
      </div>
    );
  };

  return (
    <Dialog open onOpenChange={(open) => (open || busy ? null : onClose())}>
      <DialogContent closeLabel={t('form.close')}>
        <DialogTitle>{contact ? t('form.editTitle') : t('form.addTitle')}</DialogTitle>
        <DialogDescription>{t('form.description')}</DialogDescription>
        <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4" aria-busy={busy}>
          <div className="grid gap-4 sm:grid-cols-2">
            {field('name', t('form.name'), { required: true })}
            {field('fax_number', t('form.faxNumber'), { hint: t('form.faxNumberHint'), type: 'tel', required: true })}
            {field('company', t('form.company'))}
            {field('email', t('form.email'), { type: 'email' })}
          </div>
          {field('station_id', t('station-ids:contact.field'), { hint: t('station-ids:contact.hint') })}
          {field('tags', t('form.tags'), { hint: t('form.tagsHint') })}
          {field('notes', t('form.notes'), { multiline: true })}
          <DialogFormButtons cancelLabel={t('form.cancel')} submitLabel={busy ? t('form.saving') : t('form.save')} busy={busy} />
        </form>
      </DialogContent>
    </Dialog>
  );
}
