import { WEBHOOK_SIGNINGS, type TWebhookSecretResponse, type TWebhookSigning } from '@faxline/shared';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { CreateForm } from '@/components/ui/create-form';
import { ApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';

import { useCreateWebhook } from '../api/create-webhook';
import { checkWebhook, EMPTY_WEBHOOK_VALUES, type TWebhookField } from '../utils/webhook-checks';

import { problemFromError, useWebhookFieldRefs, WebhookFields, type TWebhookProblem } from './webhook-fields';

type TCreateWebhookFormProps = {
  /** The account holds its most endpoints: the form says so and cannot be sent. */
  full: boolean;
  max: number;
  /** The new endpoint and its secret, for the one time it is shown. */
  onCreated: (created: TWebhookSecretResponse) => void;
};

/**
 * Add an endpoint: its URL, a description, the events and how messages are signed. The shared schema's checks run
 * first; the server's refusals arrive translated. A message stands under its field, and focus moves there.
 */
export function CreateWebhookForm({ full, max, onCreated }: TCreateWebhookFormProps) {
  const { t, i18n } = useTranslation(['webhooks', 'messages', 'errors']);
  const createWebhook = useCreateWebhook();
  const [values, setValues] = useState(EMPTY_WEBHOOK_VALUES);
  const [problem, setProblem] = useState<TWebhookProblem | null>(null);
  const refs = useWebhookFieldRefs();
  const id = useId();
  const creating = createWebhook.isPending;

  const show = (found: TWebhookProblem) => {
    setProblem(found);
    refs[found.field].current?.focus();
    toast({ title: t('toasts.createFailedTitle'), description: found.message, variant: 'destructive' });
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = checkWebhook(values);
    if (!checked.ok) return show({ field: checked.field, message: String(t(checked.key)) });
    try {
      const created = await createWebhook.mutateAsync(checked.request);
      // The secret goes to the dialog alone: the mutation forgets its answer.
      createWebhook.reset();
      setValues(EMPTY_WEBHOOK_VALUES);
      setProblem(null);
      toast({ title: t('toasts.createdTitle'), description: t('toasts.createdDescription', { url: created.endpoint.url }) });
      onCreated(created);
    } catch (error) {
      const found = problemFromError(error);
      if (found) return show(found);
      const description = error instanceof ApiError ? error.message : t('errors:api.unknown');
      toast({ title: t('toasts.createFailedTitle'), description, variant: 'destructive' });
    }
  };

  const change = (next: typeof values, field: TWebhookField) => {
    setValues(next);
    setProblem((current) => (current?.field === field ? null : current));
  };
  const disabled = creating || full;
  const texts = t('form', { returnObjects: true, max: new Intl.NumberFormat(i18n.language).format(max) });

  return (
    <CreateForm texts={texts} full={full} creating={creating} onSubmit={(event) => void submit(event)}>
      <WebhookFields
        id={id}
        values={values}
        onChange={(next, field) => change({ ...values, ...next }, field)}
        problem={problem}
        disabled={disabled}
        refs={refs}
      />
      <fieldset className="flex min-w-0 flex-col gap-3" aria-describedby={`${id}-signing-hint`}>
        <legend className="mb-1 text-sm leading-none font-medium">{t('signing.legend')}</legend>
        <p id={`${id}-signing-hint`} className="text-sm text-muted-foreground">
          {t('signing.hint')}
        </p>
        <div className="grid gap-3 sm:grid-cols-2">
          {WEBHOOK_SIGNINGS.map((signing: TWebhookSigning) => {
            const inputId = `${id}-signing-${signing}`;
            return (
              <div key={signing} className="flex items-start gap-3 rounded-md border p-3">
                <input
                  id={inputId}
                  type="radio"
                  name="signing"
                  value={signing}
                  checked={values.signing === signing}
                  onChange={() => setValues((current) => ({ ...current, signing }))}
                  disabled={disabled}
                  aria-describedby={`${inputId}-description`}
                  className="mt-0.5 size-4 shrink-0 accent-primary"
                />
                <div className="flex min-w-0 flex-col gap-1">
                  <label htmlFor={inputId} className="text-sm leading-tight font-semibold">
                    {t(`signing.${signing}.label`)}
                  </label>
                  <p id={`${inputId}-description`} className="text-sm text-muted-foreground">
                    {t(`signing.${signing}.description`)}
                  </p>
                </div>
              </div>
            );
          })}
        </div>
      </fieldset>
    </CreateForm>
  );
}
