import { FAX_EVENT_TYPES, MAX_WEBHOOK_DESCRIPTION_LENGTH, MAX_WEBHOOK_URL_LENGTH } from '@faxline/shared';
import { useEffect, useMemo, useRef, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';

import { FormField } from '@/components/ui/form-field';
import { ApiError } from '@/lib/api-client';

import {
  allEventsState,
  eventTextKey,
  toggleEvent,
  webhookFieldOf,
  type TWebhookField,
  type TWebhookFields,
} from '../utils/webhook-checks';

/** A problem to show under its field: the first one a check or the server found. */
export type TWebhookProblem = { field: TWebhookField; message: string };

export type TWebhookFieldRefs = {
  url: RefObject<HTMLInputElement | null>;
  description: RefObject<HTMLInputElement | null>;
  events: RefObject<HTMLInputElement | null>;
};

/** The controls a problem moves focus to, one per field. */
export function useWebhookFieldRefs(): TWebhookFieldRefs {
  const url = useRef<HTMLInputElement>(null);
  const description = useRef<HTMLInputElement>(null);
  const events = useRef<HTMLInputElement>(null);
  // The same object on every render, so that an effect may depend on it.
  return useMemo(() => ({ url, description, events }), []);
}

type TWebhookFieldsProps = {
  /** Prefixes every id, so that the create form and the edit dialog can be on the page together. */
  id: string;
  values: TWebhookFields;
  onChange: (values: TWebhookFields, field: TWebhookField) => void;
  problem: TWebhookProblem | null;
  disabled: boolean;
  refs: TWebhookFieldRefs;
  /** The URL field's own label and hint (a chat notice's); an endpoint's otherwise. */
  urlTexts?: { label: string; hint: string };
};

const problemClass = 'text-sm font-medium text-destructive';

/** The URL, the description and the events of an endpoint: the create form's fields and the edit dialog's. */
export function WebhookFields({ id, values, onChange, problem, disabled, refs, urlTexts }: TWebhookFieldsProps) {
  const { t } = useTranslation('webhooks');
  const all = allEventsState(values.events);
  const problemOf = (field: TWebhookField) => (problem?.field === field ? problem.message : null);
  const describedBy = (field: TWebhookField, hintId: string) => (problemOf(field) ? `${hintId} ${id}-${field}-problem` : hintId);
  const problemLine = (field: TWebhookField) =>
    problemOf(field) ? (
      <p id={`${id}-${field}-problem`} className={problemClass}>
        {problemOf(field)}
      </p>
    ) : null;

  // A half-ticked "All events" box is announced as "mixed"; only a property can say so, not an attribute.
  const allBox = refs.events;
  useEffect(() => {
    if (allBox.current) allBox.current.indeterminate = all === 'some';
  }, [all, allBox]);

  const textField = (field: 'url' | 'description', options: { type: string; maxLength: number; inputMode?: 'url' }) => (
    <div className="flex min-w-0 flex-col gap-2">
      <FormField
        ref={refs[field]}
        id={`${id}-${field}`}
        name={field}
        label={field === 'url' && urlTexts ? urlTexts.label : t(`form.${field}`)}
        description={field === 'url' && urlTexts ? urlTexts.hint : t(`form.${field}Hint`)}
        autoComplete="off"
        spellCheck={false}
        {...options}
        value={values[field]}
        onChange={(event) => onChange({ ...values, [field]: event.target.value }, field)}
        disabled={disabled}
        aria-invalid={problemOf(field) ? true : undefined}
        aria-describedby={describedBy(field, `${id}-${field}-description`)}
      />
      {problemLine(field)}
    </div>
  );

  return (
    <>
      {textField('url', { type: 'url', maxLength: MAX_WEBHOOK_URL_LENGTH, inputMode: 'url' })}
      {textField('description', { type: 'text', maxLength: MAX_WEBHOOK_DESCRIPTION_LENGTH })}
      <fieldset className="flex min-w-0 flex-col gap-3" aria-describedby={describedBy('events', `${id}-events-hint`)}>
        <legend className="mb-1 text-sm leading-none font-medium">{t('form.eventsLegend')}</legend>
        <p id={`${id}-events-hint`} className="text-sm text-muted-foreground">
          {t('form.eventsHint')}
        </p>
        <div className="flex items-start gap-3 rounded-md border bg-accent/30 p-3">
          <input
            ref={refs.events}
            id={`${id}-events-all`}
            type="checkbox"
            checked={all === 'all'}
            onChange={(event) => onChange({ ...values, events: event.target.checked ? [...FAX_EVENT_TYPES] : [] }, 'events')}
            disabled={disabled}
            aria-describedby={`${id}-events-all-description`}
            className="mt-0.5 size-4 shrink-0 accent-primary"
          />
          <div className="flex min-w-0 flex-col gap-1">
            <label htmlFor={`${id}-events-all`} className="text-sm leading-tight font-semibold">
              {t('events.all')}
            </label>
            <p id={`${id}-events-all-description`} className="text-sm text-muted-foreground">
              {t('events.allHint')}
            </p>
          </div>
        </div>
        <ul className="grid gap-3 sm:grid-cols-2">
          {FAX_EVENT_TYPES.map((event) => {
            const inputId = `${id}-event-${event.replace(/[._]/g, '-')}`;
            return (
              <li key={event} className="flex items-start gap-3 rounded-md border p-3">
                <input
                  id={inputId}
                  type="checkbox"
                  name="events"
                  value={event}
                  checked={values.events.includes(event)}
                  onChange={(change) => onChange({ ...values, events: toggleEvent(values.events, event, change.target.checked) }, 'events')}
                  disabled={disabled}
                  aria-describedby={`${inputId}-description`}
                  className="mt-0.5 size-4 shrink-0 accent-primary"
                />
                <div className="flex min-w-0 flex-col gap-1">
                  <label htmlFor={inputId} translate="no" className="font-mono text-sm leading-tight font-semibold break-all">
                    {event}
                  </label>
                  <p id={`${inputId}-description`} className="text-sm text-muted-foreground">
                    {t(eventTextKey(event))}
                  </p>
                </div>
              </li>
            );
          })}
        </ul>
        {problemLine('events')}
      </fieldset>
    </>
  );
}

/**
 * The field a refusal of the server belongs to, with its translated message: a 4xx about the request (not a 403,
 * which says who may act); null for anything else, which a toast alone reports.
 */
export function problemFromError(error: unknown): TWebhookProblem | null {
  if (!(error instanceof ApiError) || error.status < 400 || error.status >= 500 || error.status === 403) return null;
  const issue = error.issues?.[0];
  return { field: webhookFieldOf(issue?.path), message: issue?.message ?? error.message };
}
