import { FAX_FOLDERS, FAX_STATES, type TFaxFolder, type TFaxPlacement, type TFaxPlacementChange, type TFaxState } from '@faxline/shared';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { SelectField } from '@/components/ui/native-select';
import { ApiError } from '@/lib/api-client';
import { useAuth } from '@/lib/auth/use-auth';
import { useInboxes } from '@/lib/inboxes/get-inboxes';

import { useChangePlacement } from '../api/change-placement';
import { useFaxAssignees } from '../api/get-fax-assignees';
import type { TTimelineNames } from '../utils/timeline';

import { FaxLabelsEditor } from './fax-labels-editor';
import { FaxRoutedBy } from './fax-routed-by';
import { FaxTimeline } from './fax-timeline';

/** The choices of the inbox select; one the person does not see stays as it is named. */
type TInboxChoice = { id: string; name: string };

/**
 * Where a received fax is (decision 103): its inbox, who has it (Claim takes it), its labels, its state and folder,
 * each saved as soon as it changes; the rule that placed it and why; and its timeline.
 */
export function FaxPlacement({ fax }: { fax: { id: string; placement: TFaxPlacement } }) {
  const { t } = useTranslation(['faxes', 'errors']);
  const id = useId();
  const { placement } = fax;
  const change = useChangePlacement(fax.id);
  const [failure, setFailure] = useState<string | null>(null);
  const { inboxChoices, people, names } = usePlacementChoices(fax.id, placement);
  const me = useAuth().user;

  const save = (next: TFaxPlacementChange) => {
    setFailure(null);
    change.mutate(next, {
      onError: (error) => setFailure(error instanceof ApiError ? error.message : t('placement.failed')),
    });
  };
  const claim = (userId: string) => {
    save({ assigneeId: userId });
    // The button leaves once the fax is one's own: focus goes to the select that now names its new assignee.
    document.getElementById(`${id}-assignee`)?.focus();
  };
  const busy = change.isPending;
  // The controls stay usable while a change is on its way (disabling them would drop the keyboard's focus), and show
  // the change asked for until the server's answer replaces it.
  const shown = shownPlacement(placement, busy ? change.variables : undefined);

  return (
    <section aria-labelledby={`${id}-title`} aria-busy={busy} className="flex flex-col gap-4 rounded-md border p-3 text-sm">
      <h3 id={`${id}-title`} className="font-medium">
        {t('placement.title')}
      </h3>
      {placement.routedBy ? <FaxRoutedBy routedBy={placement.routedBy} /> : null}
      <div className="grid gap-3 sm:grid-cols-2">
        <SelectField
          id={`${id}-inbox`}
          label={t('placement.inbox')}
          value={shown.inboxId ?? ''}
          onChange={(event) => save({ inboxId: event.target.value || null })}
        >
          <option value="">{t('placement.noInbox')}</option>
          {inboxChoices.map((inbox) => (
            <option key={inbox.id} value={inbox.id}>
              {inbox.name}
            </option>
          ))}
        </SelectField>
        <div className="flex flex-col gap-2">
          <SelectField
            id={`${id}-assignee`}
            label={t('placement.assignee')}
            value={shown.assigneeId ?? ''}
            onChange={(event) => save({ assigneeId: event.target.value || null })}
          >
            <option value="">{t('placement.nobody')}</option>
            {people.map((person) => (
              <option key={person.id} value={person.id}>
                {person.name}
              </option>
            ))}
          </SelectField>
          {me && shown.assigneeId !== me.id ? (
            <Button type="button" variant="outline" size="sm" className="self-start" onClick={() => claim(me.id)}>
              {t('placement.claim')}
            </Button>
          ) : null}
        </div>
        <SelectField
          id={`${id}-state`}
          label={t('placement.state')}
          value={shown.state}
          onChange={(event) => save({ state: event.target.value as TFaxState })}
        >
          {FAX_STATES.map((state) => (
            <option key={state} value={state}>
              {t(`placement.states.${state}`)}
            </option>
          ))}
        </SelectField>
        <SelectField
          id={`${id}-folder`}
          label={t('placement.folder')}
          value={shown.folder}
          onChange={(event) => save({ folder: event.target.value as TFaxFolder })}
        >
          {FAX_FOLDERS.map((folder) => (
            <option key={folder} value={folder}>
              {t(`placement.folders.${folder}`)}
            </option>
          ))}
        </SelectField>
      </div>
      <FaxLabelsEditor labels={shown.labels} onChange={(labels) => save({ labels })} />
      {failure ? (
        <p role="alert" className="text-destructive">
          {failure}
        </p>
      ) : null}
      <FaxTimeline faxId={fax.id} names={names} headingId={`${id}-timeline`} />
    </section>
  );
}

/** Where the fax is as the controls show it: the server's placement, with the change on its way applied. */
function shownPlacement(placement: TFaxPlacement, pending: TFaxPlacementChange | undefined) {
  return {
    inboxId: pending?.inboxId !== undefined ? pending.inboxId : placement.inboxId,
    assigneeId: pending?.assigneeId !== undefined ? pending.assigneeId : (placement.assignee?.id ?? null),
    labels: pending?.labels ?? placement.labels,
    state: pending?.state ?? placement.state,
    folder: pending?.folder ?? placement.folder,
  };
}

/** A person a fax can be given to. */
type TPerson = { id: string; name: string };

/**
 * The inboxes the fax can move to (those the person sees, and the one it is in), the people it can be given to (as
 * the server says: who uses faxes and sees its inbox; and whoever has it now), and the names the timeline needs.
 */
function usePlacementChoices(faxId: string, placement: TFaxPlacement) {
  const inboxes = useInboxes().data?.inboxes ?? [];
  const assignees = useFaxAssignees(faxId).data?.people ?? [];
  const inbox = inboxes.find((candidate) => candidate.id === placement.inboxId) ?? null;
  const inboxChoices: TInboxChoice[] = inboxes.map(({ id, name }) => ({ id, name }));
  if (placement.inboxId && !inbox) inboxChoices.push({ id: placement.inboxId, name: placement.inboxName ?? placement.inboxId });
  const people = new Map<string, TPerson>(assignees.map((person) => [person.id, person]));
  if (placement.assignee && !people.has(placement.assignee.id)) people.set(placement.assignee.id, placement.assignee);
  const names: TTimelineNames = {
    inboxes: new Map(inboxChoices.map((choice) => [choice.id, choice.name])),
    people: new Map([...people.values()].map((person) => [person.id, person.name] as const)),
  };
  return { inboxChoices, people: [...people.values()].sort((a, b) => a.name.localeCompare(b.name)), names };
}
