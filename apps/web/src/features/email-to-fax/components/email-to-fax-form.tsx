import type { TEmailToFaxSettings } from '@faxline/shared';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { FormProblem } from '@/components/ui/form-field';
import { SettingSwitch } from '@/components/ui/setting-switch';
import { ApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';

import { useResendSenderConfirmation } from '../api/resend-sender-confirmation';
import { useSaveEmailToFaxSettings } from '../api/save-email-to-fax-settings';
import {
  addSenders,
  checkEmailToFax,
  fieldOfPath,
  valuesOf,
  type TEmailToFaxField,
  type TEmailToFaxValues,
} from '../utils/email-to-fax-checks';

import { AllowedSendersField } from './allowed-senders-field';
import { AuthPolicyChoice } from './auth-policy-choice';

type TProblem = { field: TEmailToFaxField | null; message: string };

/** A refusal of the server worth showing in the form (its message is already translated); null for the rest. */
function refusalOf(error: unknown): TProblem | null {
  if (!(error instanceof ApiError) || error.status < 400 || error.status >= 500 || error.status === 403) return null;
  const issue = error.issues?.[0];
  return { field: fieldOfPath(issue?.path), message: issue?.message ?? error.message };
}

/**
 * Who besides the account's people may send faxes by e-mail, how strictly their domain is checked, and whether the
 * e-mail's text becomes the cover message, saved together. The shared schema's checks run first; the server's
 * refusals arrive translated. A problem with the addresses stands under their input, and focus moves there.
 */
export function EmailToFaxForm({ settings }: { settings: TEmailToFaxSettings }) {
  const { t } = useTranslation(['email-to-fax', 'messages', 'errors']);
  const save = useSaveEmailToFaxSettings();
  const resend = useResendSenderConfirmation();
  const [values, setValues] = useState<TEmailToFaxValues>(() => valuesOf(settings));
  const [problem, setProblem] = useState<TProblem | null>(null);
  const senderInput = useRef<HTMLInputElement>(null);
  const id = useId();
  const saving = save.isPending;

  const show = (found: TProblem, title: string) => {
    setProblem(found);
    if (found.field) senderInput.current?.focus();
    toast({ title, description: found.message, variant: 'destructive' });
  };

  const add = () => {
    const added = addSenders(values.allowedSenders, values.newSender);
    if (!added.ok) return show({ field: added.field, message: String(t(added.key)) }, t('senders.notAddedTitle'));
    setValues((current) => ({ ...current, allowedSenders: added.allowedSenders, newSender: '' }));
    setProblem(null);
    senderInput.current?.focus();
  };

  const remove = (address: string) => {
    setValues((current) => ({ ...current, allowedSenders: current.allowedSenders.filter((sender) => sender !== address) }));
    setProblem(null);
    // The row and its button are gone: the input is where the list is worked on.
    senderInput.current?.focus();
  };

  const resendLink = async (address: string) => {
    try {
      await resend.mutateAsync({ address });
      toast({ title: t('senderStatus.resend'), description: t('senderStatus.resent', { address }) });
    } catch (error) {
      const description = error instanceof ApiError ? error.message : t('errors:api.unknown');
      toast({ title: t('senderStatus.resendFailedTitle'), description, variant: 'destructive' });
    }
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = checkEmailToFax(values);
    if (!checked.ok) return show({ field: checked.field, message: String(t(checked.key)) }, t('save.failedTitle'));
    try {
      setValues(valuesOf(await save.mutateAsync(checked.request)));
      setProblem(null);
      toast({ title: t('save.savedTitle'), description: t('save.savedDescription') });
    } catch (error) {
      const refusal = refusalOf(error);
      if (refusal) return show(refusal, t('save.failedTitle'));
      // No connection, a failure of the server, or no longer allowed: nothing for the person to fix in the form.
      const description = error instanceof ApiError ? error.message : t('errors:api.unknown');
      toast({ title: t('save.failedTitle'), description, variant: 'destructive' });
    }
  };

  return (
    <form
      noValidate
      aria-labelledby={`${id}-title`}
      onSubmit={(event) => void submit(event)}
      className="flex min-w-0 flex-col gap-8"
      aria-busy={saving}
    >
      <h2 id={`${id}-title`} className="text-xl font-semibold">
        {t('form.title')}
      </h2>
      <AllowedSendersField
        id={`${id}-senders`}
        senders={values.allowedSenders}
        stored={settings.senders}
        onResend={(address) => void resendLink(address)}
        resending={resend.isPending ? (resend.variables?.address ?? '') : null}
        typed={values.newSender}
        onTyped={(newSender) => {
          setValues((current) => ({ ...current, newSender }));
          setProblem((current) => (current?.field ? null : current));
        }}
        onAdd={add}
        onRemove={remove}
        disabled={saving}
        problem={problem?.field ? problem.message : null}
        inputRef={senderInput}
      />
      <AuthPolicyChoice
        id={`${id}-policy`}
        value={values.authPolicy}
        onChange={(authPolicy) => setValues((current) => ({ ...current, authPolicy }))}
        disabled={saving}
      />
      <SettingSwitch
        id={`${id}-include-body`}
        label={t('includeBody.label')}
        description={t('includeBody.description')}
        checked={values.includeBody}
        onChange={(includeBody) => setValues((current) => ({ ...current, includeBody }))}
        disabled={saving}
      />
      <FormProblem>{problem && !problem.field ? problem.message : null}</FormProblem>
      <Button type="submit" className="self-start" disabled={saving}>
        {saving ? t('save.saving') : t('save.button')}
      </Button>
    </form>
  );
}
