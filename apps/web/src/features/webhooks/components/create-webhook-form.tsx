import { CHAT_APPS, WEBHOOK_SIGNINGS, type TWebhookSecretResponse } from '@faxline/shared';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { CreateForm } from '@/components/ui/create-form';
import { ApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';

import { useCreateChatNotice } from '../api/create-chat-notice';
import { useCreateWebhook } from '../api/create-webhook';
import {
  checkChatNotice,
  checkWebhook,
  EMPTY_CHAT_NOTICE_VALUES,
  EMPTY_WEBHOOK_VALUES,
  type TWebhookField,
  type TWebhookFields,
} from '../utils/webhook-checks';

import { ChoiceFieldset } from './choice-fieldset';
import { problemFromError, useWebhookFieldRefs, WebhookFields, type TWebhookProblem } from './webhook-fields';

type TCreateWebhookFormProps = {
  /** The account holds its most endpoints: the form says so and cannot be sent. */
  full: boolean;
  max: number;
} & (
  | {
      /** A signed endpoint; its new secret is shown once. */
      kind: 'signed';
      onCreated: (created: TWebhookSecretResponse) => void;
    }
  | { /** A chat notice to Slack or Microsoft Teams: no secret. */ kind: 'chat' }
);

const EMPTY = { url: '', description: '', events: [] } satisfies TWebhookFields;

/**
 * Add an endpoint: its URL, a description, the events, and how messages are signed (a signed endpoint) or which chat
 * app reads them (a chat notice). The shared schema's checks run first; the server's refusals arrive translated. A
 * message stands under its field, and focus moves there.
 */
export function CreateWebhookForm(props: TCreateWebhookFormProps) {
  const { full, max, kind } = props;
  const { t, i18n } = useTranslation(['webhooks', 'messages', 'errors']);
  const createWebhook = useCreateWebhook();
  const createChatNotice = useCreateChatNotice();
  const [fields, setFields] = useState<TWebhookFields>(EMPTY);
  const [signing, setSigning] = useState(EMPTY_WEBHOOK_VALUES.signing);
  const [app, setApp] = useState(EMPTY_CHAT_NOTICE_VALUES.app);
  const [problem, setProblem] = useState<TWebhookProblem | null>(null);
  const refs = useWebhookFieldRefs();
  const id = useId();
  const creating = createWebhook.isPending || createChatNotice.isPending;

  // Focus goes to the field with the problem once the form is enabled again (a disabled field takes no focus).
  useEffect(() => {
    if (problem && !creating) refs[problem.field].current?.focus();
  }, [problem, creating, refs]);

  const show = (found: TWebhookProblem) => {
    setProblem(found);
    toast({ title: t('toasts.createFailedTitle'), description: found.message, variant: 'destructive' });
  };

  /** Sends the form's request; the URL of what was made, or a problem the shared checks found. */
  const create = async (): Promise<string | TWebhookProblem> => {
    if (props.kind === 'chat') {
      const checked = checkChatNotice({ ...fields, app });
      if (!checked.ok) return { field: checked.field, message: String(t(checked.key)) };
      return (await createChatNotice.mutateAsync(checked.request)).url;
    }
    const checked = checkWebhook({ ...fields, signing });
    if (!checked.ok) return { field: checked.field, message: String(t(checked.key)) };
    const created = await createWebhook.mutateAsync(checked.request);
    // The secret goes to the dialog alone: the mutation forgets its answer.
    createWebhook.reset();
    props.onCreated(created);
    return created.endpoint.url;
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    try {
      const made = await create();
      if (typeof made !== 'string') return show(made);
      setFields(EMPTY);
      setProblem(null);
      toast({ title: t('toasts.createdTitle'), description: t('toasts.createdDescription', { url: made }) });
    } catch (error) {
      const found = problemFromError(error);
      if (found) return show(found);
      const description = error instanceof ApiError ? error.message : t('errors:api.unknown');
      toast({ title: t('toasts.createFailedTitle'), description, variant: 'destructive' });
    }
  };

  const change = (next: TWebhookFields, field: TWebhookField) => {
    setFields(next);
    setProblem((current) => (current?.field === field ? null : current));
  };
  const disabled = creating || full;
  const texts = t(kind === 'chat' ? 'chatForm' : 'form', { returnObjects: true, max: new Intl.NumberFormat(i18n.language).format(max) });

  return (
    <CreateForm texts={texts} full={full} creating={creating} onSubmit={(event) => void submit(event)}>
      {kind === 'chat' ? (
        <>
          <p className="text-sm text-muted-foreground">{t('chatForm.intro')}</p>
          <ChoiceFieldset
            legend={t('chatApps.legend')}
            hint={t('chatApps.hint')}
            name="app"
            choices={CHAT_APPS}
            value={app}
            onChange={setApp}
            disabled={disabled}
            textsOf={(choice) => ({ label: t(`chatApps.${choice}.label`), description: t(`chatApps.${choice}.description`) })}
          />
        </>
      ) : null}
      <WebhookFields
        id={id}
        values={fields}
        onChange={change}
        problem={problem}
        disabled={disabled}
        refs={refs}
        urlTexts={kind === 'chat' ? { label: t('chatForm.url'), hint: t(`chatApps.${app}.urlHint`) } : undefined}
      />
      {kind === 'signed' ? (
        <ChoiceFieldset
          legend={t('signing.legend')}
          hint={t('signing.hint')}
          name="signing"
          choices={WEBHOOK_SIGNINGS}
          value={signing}
          onChange={setSigning}
          disabled={disabled}
          textsOf={(choice) => ({ label: t(`signing.${choice}.label`), description: t(`signing.${choice}.description`) })}
        />
      ) : null}
    </CreateForm>
  );
}
