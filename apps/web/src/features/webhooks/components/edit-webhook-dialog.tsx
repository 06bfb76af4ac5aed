import type { TWebhookEndpoint } from '@faxline/shared';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { Dialog, DialogContent, DialogDescription, DialogFormButtons, DialogTitle } from '@/components/ui/dialog';
import { ApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';

import { useUpdateWebhook } from '../api/update-webhook';
import { checkWebhookChanges, type TWebhookField, type TWebhookFields } from '../utils/webhook-checks';

import { problemFromError, useWebhookFieldRefs, WebhookFields, type TWebhookProblem } from './webhook-fields';

type TEditWebhookDialogProps = { endpoint: TWebhookEndpoint; onClose: () => void };

/** Changes an endpoint's URL, description and events; its signing method and secret (or its chat app) stay. */
export function EditWebhookDialog({ endpoint, onClose }: TEditWebhookDialogProps) {
  const { t } = useTranslation(['webhooks', 'messages', 'errors']);
  const update = useUpdateWebhook();
  const [values, setValues] = useState<TWebhookFields>({ url: endpoint.url, description: endpoint.description, events: endpoint.events });
  const [problem, setProblem] = useState<TWebhookProblem | null>(null);
  const refs = useWebhookFieldRefs();
  const id = useId();
  // A chat notice keeps its app: its new URL must be that app's.
  const chat = endpoint.format === 'standard' ? null : endpoint.format;

  const show = (found: TWebhookProblem) => {
    setProblem(found);
    refs[found.field].current?.focus();
    toast({ title: t('toasts.saveFailedTitle'), description: found.message, variant: 'destructive' });
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = checkWebhookChanges(values);
    if (!checked.ok) return show({ field: checked.field, message: String(t(checked.key)) });
    try {
      const saved = await update.mutateAsync({ id: endpoint.id, changes: checked.request });
      toast({ title: t('toasts.savedTitle'), description: t('toasts.editedDescription', { url: saved.url }) });
      onClose();
    } catch (error) {
      const found = problemFromError(error);
      if (found) return show(found);
      const description = error instanceof ApiError ? error.message : t('errors:api.unknown');
      toast({ title: t('toasts.saveFailedTitle'), description, variant: 'destructive' });
    }
  };

  const change = (next: TWebhookFields, field: TWebhookField) => {
    setValues(next);
    setProblem((current) => (current?.field === field ? null : current));
  };

  return (
    <Dialog open onOpenChange={(open) => (open || update.isPending ? null : onClose())}>
      <DialogContent closeLabel={t('secret.close')} className="max-w-2xl">
        <DialogTitle>{t('editDialog.title')}</DialogTitle>
        <DialogDescription>{t(chat ? 'editDialog.chatDescription' : 'editDialog.description')}</DialogDescription>
        <form noValidate onSubmit={(event) => void submit(event)} className="flex min-w-0 flex-col gap-5">
          <WebhookFields
            id={id}
            values={values}
            onChange={change}
            problem={problem}
            disabled={update.isPending}
            refs={refs}
            urlTexts={chat ? { label: t('chatForm.url'), hint: t(`chatApps.${chat}.urlHint`) } : undefined}
          />
          <DialogFormButtons
            cancelLabel={t('editDialog.cancel')}
            submitLabel={update.isPending ? t('editDialog.saving') : t('editDialog.save')}
            busy={update.isPending}
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
