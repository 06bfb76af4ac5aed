import { API_KEY_SCOPES, ZCreateApiKeyRequest, type TApiKeyScope, type TCreateApiKeyResponse } from '@faxline/shared';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { CreateForm } from '@/components/ui/create-form';
import { FieldProblem, FormField } from '@/components/ui/form-field';
import { ApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { maxLengthOf } from '@/lib/validation';

import { useCreateApiKey } from '../api/create-api-key';
import { checkApiKey, EMPTY_API_KEY_VALUES, scopeTextKey, type TApiKeyField } from '../utils/api-key-checks';

type TProblem = { field: TApiKeyField; message: string };

type TCreateApiKeyFormProps = {
  /** The account holds its most keys: the form says so and cannot be sent. */
  full: boolean;
  max: number;
  /** The new key and its secret, for the one time it is shown. */
  onCreated: (created: TCreateApiKeyResponse) => void;
};

/**
 * Create an API key: a name and the scopes, each with what it allows. The shared schema's checks run first; the
 * server's refusals (a full account) arrive translated. A message stands under its field, and focus moves there.
 */
export function CreateApiKeyForm({ full, max, onCreated }: TCreateApiKeyFormProps) {
  const { t, i18n } = useTranslation(['api-keys', 'messages', 'errors']);
  const createApiKey = useCreateApiKey();
  const [values, setValues] = useState(EMPTY_API_KEY_VALUES);
  const [problem, setProblem] = useState<TProblem | null>(null);
  const nameInput = useRef<HTMLInputElement>(null);
  const firstScope = useRef<HTMLInputElement>(null);
  const id = useId();
  const creating = createApiKey.isPending;

  const show = (found: TProblem) => {
    setProblem(found);
    (found.field === 'name' ? nameInput : firstScope).current?.focus();
    toast({ title: t('toasts.createFailedTitle'), description: found.message, variant: 'destructive' });
  };

  const toggle = (scope: TApiKeyScope, on: boolean) => {
    setValues((current) => ({
      ...current,
      scopes: on ? API_KEY_SCOPES.filter((s) => s === scope || current.scopes.includes(s)) : current.scopes.filter((s) => s !== scope),
    }));
    setProblem((current) => (current?.field === 'scopes' ? null : current));
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = checkApiKey(values);
    if (!checked.ok) return show({ field: checked.field, message: String(t(checked.key)) });
    try {
      const created = await createApiKey.mutateAsync(checked.request);
      // The secret goes to the dialog alone: the mutation forgets its answer.
      createApiKey.reset();
      setValues(EMPTY_API_KEY_VALUES);
      setProblem(null);
      toast({ title: t('toasts.createdTitle'), description: t('toasts.createdDescription', { name: created.key.name }) });
      onCreated(created);
    } catch (error) {
      if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 403) {
        const issue = error.issues?.[0];
        const field = issue?.path.split('.')[0] === 'scopes' ? 'scopes' : 'name';
        return show({ field, message: issue?.message ?? error.message });
      }
      const description = error instanceof ApiError ? error.message : t('errors:api.unknown');
      toast({ title: t('toasts.createFailedTitle'), description, variant: 'destructive' });
    }
  };

  const nameId = `${id}-name`;
  const nameError = problem?.field === 'name' ? problem.message : null;
  const scopesError = problem?.field === 'scopes' ? problem.message : null;
  const texts = t('form', { returnObjects: true, max: new Intl.NumberFormat(i18n.language).format(max) });

  return (
    <CreateForm texts={texts} full={full} creating={creating} onSubmit={(event) => void submit(event)}>
      <div className="flex min-w-0 flex-col gap-2">
        <FormField
          ref={nameInput}
          id={nameId}
          name="name"
          label={t('form.name')}
          description={t('form.nameHint')}
          autoComplete="off"
          maxLength={maxLengthOf(ZCreateApiKeyRequest.shape.name)}
          value={values.name}
          onChange={(event) => {
            setValues((current) => ({ ...current, name: event.target.value }));
            setProblem((current) => (current?.field === 'name' ? null : current));
          }}
          disabled={creating || full}
          aria-invalid={nameError ? true : undefined}
          aria-describedby={nameError ? `${nameId}-description ${nameId}-problem` : `${nameId}-description`}
        />
        <FieldProblem id={`${nameId}-problem`}>{nameError}</FieldProblem>
      </div>
      <fieldset
        className="flex min-w-0 flex-col gap-3"
        aria-describedby={scopesError ? `${id}-scopes-hint ${id}-scopes-problem` : `${id}-scopes-hint`}
      >
        <legend className="mb-1 text-sm leading-none font-medium">{t('form.scopes')}</legend>
        <p id={`${id}-scopes-hint`} className="text-sm text-muted-foreground">
          {t('form.scopesHint')}
        </p>
        <ul className="grid gap-3 sm:grid-cols-2">
          {API_KEY_SCOPES.map((scope, index) => {
            const inputId = `${id}-scope-${scope.replace(':', '-')}`;
            return (
              <li key={scope} className="flex items-start gap-3 rounded-md border p-3">
                <input
                  ref={index === 0 ? firstScope : undefined}
                  id={inputId}
                  type="checkbox"
                  name="scopes"
                  value={scope}
                  checked={values.scopes.includes(scope)}
                  onChange={(event) => toggle(scope, event.target.checked)}
                  disabled={creating || full}
                  aria-describedby={`${inputId}-description`}
                  className="mt-0.5 size-4 shrink-0 accent-primary"
                />
                <div className="flex min-w-0 flex-col gap-1">
                  <label htmlFor={inputId} translate="no" className="font-mono text-sm leading-tight font-semibold">
                    {scope}
                  </label>
                  <p id={`${inputId}-description`} className="text-sm text-muted-foreground">
                    {t(`scopes.${scopeTextKey(scope)}`)}
                  </p>
                </div>
              </li>
            );
          })}
        </ul>
        <FieldProblem id={`${id}-scopes-problem`}>{scopesError}</FieldProblem>
      </fieldset>
    </CreateForm>
  );
}
