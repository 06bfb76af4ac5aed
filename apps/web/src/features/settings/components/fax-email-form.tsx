import { MAX_NUMBER_EMAIL_RECIPIENTS, type TFaxEmailSettings } from '@faxline/shared';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { FormProblem } from '@/components/ui/form-field';
import { SettingSwitch } from '@/components/ui/setting-switch';
import { ApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';

import { useSaveFaxEmailSettings } from '../api/save-fax-email-settings';
import { checkFaxEmail, fieldOfPath, valuesOf, type TFaxEmailField, type TFaxEmailValues } from '../utils/fax-email-checks';

import { NumberRecipientsFields } from './number-recipients-fields';

export type TFaxEmailProblem = { field: TFaxEmailField | null; message: string };

/** A refusal of the server worth showing in the form (its message is already translated); null for the rest. */
function refusalOf(error: unknown): TFaxEmailProblem | null {
  if (!(error instanceof ApiError) || error.status < 400 || error.status >= 500 || error.status === 403) return null;
  const issue = error.issues?.[0];
  return { field: issue ? fieldOfPath(issue.path.split('.')) : null, message: issue?.message ?? error.message };
}

/**
 * Whether fax e-mails carry the document (never on a HIPAA plan: the switch says so and cannot be turned on), and each
 * number's extra addresses, saved together. The shared schema's checks run first; the server's refusals arrive
 * translated. Either way the message stands under the number it concerns, and focus moves there.
 */
export function FaxEmailForm({ settings }: { settings: TFaxEmailSettings }) {
  const { t } = useTranslation(['settings', 'messages', 'errors']);
  const save = useSaveFaxEmailSettings();
  const [values, setValues] = useState<TFaxEmailValues>(() => valuesOf(settings));
  const [problem, setProblem] = useState<TFaxEmailProblem | null>(null);
  const inputs = useRef(new Map<TFaxEmailField, HTMLInputElement | null>());
  const id = useId();
  const saving = save.isPending;
  const hipaa = settings.hipaaPlan;

  const setRecipients = (index: number, recipients: string) => {
    setValues((current) => ({
      ...current,
      numbers: current.numbers.map((number, at) => (at === index ? { ...number, recipients } : number)),
    }));
    setProblem((current) => (current?.field === `recipients.${index}` || !current?.field ? null : current));
  };

  const show = (found: TFaxEmailProblem) => {
    setProblem(found);
    if (found.field) inputs.current.get(found.field)?.focus();
    toast({ title: t('faxEmail.save.failedTitle'), description: found.message, variant: 'destructive' });
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = checkFaxEmail(values);
    if (!checked.ok) return show({ field: checked.field, message: String(t(checked.key)) });
    try {
      setValues(valuesOf(await save.mutateAsync(checked.request)));
      setProblem(null);
      toast({ title: t('faxEmail.save.savedTitle'), description: t('faxEmail.save.savedDescription') });
    } catch (error) {
      const refusal = refusalOf(error);
      if (refusal) return show(refusal);
      // No connection, a failure of the server, or no longer allowed: nothing for the person to fix in the form.
      const description = error instanceof ApiError ? error.message : t('errors:api.unknown');
      toast({ title: t('faxEmail.save.failedTitle'), description, variant: 'destructive' });
    }
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex min-w-0 flex-col gap-6" aria-busy={saving}>
      <SettingSwitch
        id={`${id}-documents`}
        label={t('faxEmail.documents.label')}
        description={hipaa ? t('faxEmail.documents.hipaa') : t('faxEmail.documents.description')}
        // On a HIPAA plan the stored choice is kept (and sent back unchanged) but has no effect: shown off.
        checked={!hipaa && values.documentsInEmail}
        onChange={(documentsInEmail) => setValues((current) => ({ ...current, documentsInEmail }))}
        disabled={saving || hipaa}
      />
      <NumberRecipientsFields
        id={`${id}-recipients`}
        numbers={values.numbers}
        max={MAX_NUMBER_EMAIL_RECIPIENTS}
        onChange={setRecipients}
        disabled={saving}
        problem={problem}
        inputRef={(field) => (element) => void inputs.current.set(field, element)}
      />
      <FormProblem>{problem && !problem.field ? problem.message : null}</FormProblem>
      <Button type="submit" className="self-start" disabled={saving}>
        {saving ? t('faxEmail.save.saving') : t('faxEmail.save.button')}
      </Button>
    </form>
  );
}
