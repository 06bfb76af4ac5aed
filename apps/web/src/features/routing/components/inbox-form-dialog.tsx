import { formatPhoneInternational, MAX_INBOX_NAME_LENGTH, type TInbox, type TMember } from '@faxline/shared';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { Dialog, DialogContent, DialogDescription, DialogFormButtons, DialogTitle } from '@/components/ui/dialog';
import { FieldProblem, FormField, FormProblem } from '@/components/ui/form-field';
import { toast } from '@/lib/toast';

import { useCreateInbox } from '../api/create-inbox';
import { useUpdateInbox } from '../api/update-inbox';
import {
  checkInbox,
  draftOfInbox,
  EMPTY_INBOX,
  inboxFieldOf,
  otherInboxOfNumbers,
  type TInboxDraft,
  type TInboxField,
} from '../utils/inbox-form';
import { toggleIn } from '../utils/rule-form';

import { Checklist } from './checklist';
import { serverProblemOf } from './server-problem';

type TInboxFormDialogProps = {
  /** The inbox to change; none for a new one. */
  inbox: TInbox | null;
  inboxes: readonly TInbox[];
  people: readonly TMember[];
  numbers: readonly string[];
  onClose: () => void;
};

type TFieldProblem = { field: TInboxField; message: string };

/**
 * A new inbox, or a change to one: its name, who belongs to it (the account's people), and which of the account's
 * numbers land in it. A number lands in one inbox only, so each says where it lands now.
 */
export function InboxFormDialog({ inbox, inboxes, people, numbers, onClose }: TInboxFormDialogProps) {
  const { t } = useTranslation(['routing', 'messages', 'errors']);
  const id = useId();
  const create = useCreateInbox();
  const update = useUpdateInbox();
  const [draft, setDraft] = useState<TInboxDraft>(inbox ? draftOfInbox(inbox) : EMPTY_INBOX);
  const [problem, setProblem] = useState<TFieldProblem | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const refs = { name: useRef<HTMLInputElement>(null), memberIds: useRef<HTMLInputElement>(null), numbers: useRef<HTMLInputElement>(null) };
  const busy = create.isPending || update.isPending;
  const heldElsewhere = otherInboxOfNumbers(inboxes, inbox?.id ?? null);

  const show = (found: TFieldProblem) => {
    setProblem(found);
    refs[found.field].current?.focus();
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setRefusal(null);
    const checked = checkInbox(draft);
    // The key comes from the shared schema's message, so it is looked up as it is.
    if (!checked.ok) return show({ field: checked.field, message: String(t(checked.key as never)) });
    try {
      if (inbox) await update.mutateAsync({ id: inbox.id, input: checked.request });
      else await create.mutateAsync(checked.request);
      toast({
        title: t(inbox ? 'inboxes.toasts.savedTitle' : 'inboxes.toasts.createdTitle'),
        description: t('inboxes.toasts.savedDescription', { name: checked.request.name }),
      });
      onClose();
    } catch (error) {
      const found = serverProblemOf(error, t('errors:api.unknown'));
      setRefusal(found.message);
      if (found.path) show({ field: inboxFieldOf(found.path), message: found.message });
    }
  };

  const change = (next: Partial<TInboxDraft>, field: TInboxField) => {
    setDraft((current) => ({ ...current, ...next }));
    setProblem((current) => (current?.field === field ? null : current));
  };
  const problemOf = (field: TInboxField) => (problem?.field === field ? problem.message : null);
  const personIds = people.map((person) => person.userId);

  return (
    <Dialog open onOpenChange={(open) => (open || busy ? null : onClose())}>
      <DialogContent closeLabel={t('inboxes.form.close')} className="max-w-2xl">
        <DialogTitle>{t(inbox ? 'inboxes.form.editTitle' : 'inboxes.form.createTitle')}</DialogTitle>
        <DialogDescription>{t('inboxes.form.description')}</DialogDescription>
        <form noValidate onSubmit={(event) => void submit(event)} className="flex min-w-0 flex-col gap-5" aria-busy={busy}>
          <div className="flex flex-col gap-2">
            <FormField
              ref={refs.name}
              id={`${id}-name`}
              label={t('inboxes.form.name')}
              description={t('inboxes.form.nameHint')}
              maxLength={MAX_INBOX_NAME_LENGTH}
              autoComplete="off"
              value={draft.name}
              onChange={(event) => change({ name: event.target.value }, 'name')}
              disabled={busy}
              aria-invalid={problemOf('name') ? true : undefined}
              aria-describedby={problemOf('name') ? `${id}-name-description ${id}-name-problem` : `${id}-name-description`}
            />
            <FieldProblem id={`${id}-name-problem`}>{problemOf('name')}</FieldProblem>
          </div>
          <Checklist
            id={`${id}-members`}
            legend={t('inboxes.form.members')}
            hint={t('inboxes.form.membersHint')}
            items={people.map((person) => ({
              value: person.userId,
              label: person.name,
              hint: person.role === 'owner' || person.role === 'admin' ? t('inboxes.form.seesAll') : person.email,
            }))}
            chosen={draft.memberIds}
            onToggle={(userId, on) => change({ memberIds: toggleIn(personIds, draft.memberIds, userId, on) }, 'memberIds')}
            empty={t('inboxes.form.noPeople')}
            problem={problemOf('memberIds')}
            firstRef={refs.memberIds}
            disabled={busy}
          />
          <Checklist
            id={`${id}-numbers`}
            legend={t('inboxes.form.numbers')}
            hint={t('inboxes.form.numbersHint')}
            items={numbers.map((number) => {
              const elsewhere = heldElsewhere.get(number);
              return {
                value: number,
                label: <span translate="no">{formatPhoneInternational(number)}</span>,
                hint: elsewhere ? t('inboxes.form.landsIn', { name: elsewhere }) : undefined,
              };
            })}
            chosen={draft.numbers}
            onToggle={(number, on) => change({ numbers: toggleIn(numbers, draft.numbers, number, on) }, 'numbers')}
            empty={t('inboxes.form.noNumbers')}
            problem={problemOf('numbers')}
            firstRef={refs.numbers}
            disabled={busy}
          />
          <FormProblem>{refusal}</FormProblem>
          <DialogFormButtons
            cancelLabel={t('inboxes.form.cancel')}
            submitLabel={busy ? t('inboxes.form.saving') : t(inbox ? 'inboxes.form.save' : 'inboxes.form.create')}
            busy={busy}
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
