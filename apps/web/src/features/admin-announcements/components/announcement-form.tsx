import {
  ANNOUNCEMENT_BODY_MAX,
  ANNOUNCEMENT_KINDS,
  ANNOUNCEMENT_MAX_DAYS,
  ANNOUNCEMENT_TITLE_MAX,
  LANGUAGES,
  type TAnnouncementKind,
  type TCreateAnnouncementRequest,
  type TLanguage,
} from '@faxline/shared';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { FieldDescription, FormField, FormProblem } from '@/components/ui/form-field';
import { Label } from '@/components/ui/label';
import { SelectField } from '@/components/ui/native-select';
import { Textarea } from '@/components/ui/textarea';
import { ApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';

import { useAnnouncementPlans, useSendAnnouncement } from '../api/announcements';

type TTexts = Record<TLanguage, { title: string; body: string }>;
type TForm = { kind: TAnnouncementKind; planId: string; endsAt: string; texts: TTexts };

const LANGUAGE_LABELS = { en: 'english', es: 'spanish', fr: 'french' } as const;

/** A `datetime-local` value for a moment, in the browser's time zone (what the input shows). */
function localInputOf(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

const emptyForm = (): TForm => ({
  kind: 'maintenance',
  planId: '',
  // A week from now: long enough to be read, well within the limit.
  endsAt: localInputOf(new Date(Date.now() + 7 * 24 * 3600_000)),
  texts: { en: { title: '', body: '' }, es: { title: '', body: '' }, fr: { title: '', body: '' } },
});

/** The request as typed; the server checks every field and answers in the admin's language. */
function requestOf(form: TForm): TCreateAnnouncementRequest {
  const endsAt = form.endsAt && !Number.isNaN(Date.parse(form.endsAt)) ? new Date(form.endsAt).toISOString() : form.endsAt;
  return { kind: form.kind, planId: form.planId || null, endsAt, texts: form.texts };
}

/** One language's title and message. */
function LanguageFields({ language, form, onChange }: { language: TLanguage; form: TForm; onChange: (texts: TTexts) => void }) {
  const { t } = useTranslation('admin-announcements');
  const id = useId();
  const texts = form.texts[language];
  const set = (key: 'title' | 'body', value: string) => onChange({ ...form.texts, [language]: { ...texts, [key]: value } });
  return (
    <fieldset className="flex flex-col gap-3 rounded-md border p-4" lang={language}>
      <legend className="px-1 font-semibold">{t(`form.${LANGUAGE_LABELS[language]}`)}</legend>
      <FormField
        id={`${id}-title`}
        label={t('form.titleLabel')}
        value={texts.title}
        maxLength={ANNOUNCEMENT_TITLE_MAX}
        required={language === 'en'}
        onChange={(event) => set('title', event.target.value)}
      />
      <div className="flex flex-col gap-2">
        <Label htmlFor={`${id}-body`}>{t('form.bodyLabel')}</Label>
        <Textarea
          id={`${id}-body`}
          rows={4}
          value={texts.body}
          maxLength={ANNOUNCEMENT_BODY_MAX}
          required={language === 'en'}
          onChange={(event) => set('body', event.target.value)}
        />
      </div>
    </fieldset>
  );
}

/** The form that sends an announcement, after a confirmation that says who it goes to. */
export function AnnouncementForm() {
  const { t } = useTranslation('admin-announcements');
  const send = useSendAnnouncement();
  const plans = useAnnouncementPlans().data?.plans ?? [];
  const [form, setForm] = useState<TForm>(emptyForm);
  const [confirming, setConfirming] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const id = useId();
  const planName = plans.find((plan) => plan.id === form.planId)?.name;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    setConfirming(true);
  };

  const confirm = async () => {
    try {
      await send.mutateAsync(requestOf(form));
      toast({ title: t('sent', { title: form.texts.en.title.trim() }) });
      setForm(emptyForm());
    } catch (error) {
      if (!(error instanceof ApiError)) setProblem(t('unknownError'));
      else {
        const issues = error.issues?.map((issue) => issue.message) ?? [];
        setProblem(issues.length > 0 ? [...new Set(issues)].join(' ') : error.message);
      }
    }
    setConfirming(false);
  };

  return (
    <>
      <form onSubmit={submit} noValidate aria-labelledby={`${id}-heading`} className="flex flex-col gap-4 rounded-lg border p-4 sm:p-6">
        <h2 id={`${id}-heading`} className="text-xl font-bold">
          {t('form.heading')}
        </h2>
        <div className="grid gap-4 md:grid-cols-3">
          <div className="flex flex-col gap-2">
            <SelectField
              id={`${id}-kind`}
              label={t('form.kind')}
              value={form.kind}
              aria-describedby={`${id}-kind-hint`}
              onChange={(event) => setForm({ ...form, kind: event.target.value as TAnnouncementKind })}
            >
              {ANNOUNCEMENT_KINDS.map((kind) => (
                <option key={kind} value={kind}>
                  {t(`form.kinds.${kind}`)}
                </option>
              ))}
            </SelectField>
            <FieldDescription id={`${id}-kind-hint`}>{t(`form.kindHints.${form.kind}`)}</FieldDescription>
          </div>
          <SelectField
            id={`${id}-audience`}
            label={t('form.audience')}
            value={form.planId}
            onChange={(event) => setForm({ ...form, planId: event.target.value })}
          >
            <option value="">{t('form.allCustomers')}</option>
            {plans.map((plan) => (
              <option key={plan.id} value={plan.id}>
                {t('form.planCustomers', { plan: plan.name })}
              </option>
            ))}
          </SelectField>
          <FormField
            id={`${id}-ends`}
            label={t('form.endsAt')}
            description={t('form.endsAtHint', { days: ANNOUNCEMENT_MAX_DAYS })}
            type="datetime-local"
            value={form.endsAt}
            required
            onChange={(event) => setForm({ ...form, endsAt: event.target.value })}
          />
        </div>
        <p className="text-sm text-muted-foreground">{t('form.translationHint')}</p>
        <div className="grid gap-4 lg:grid-cols-3">
          {LANGUAGES.map((language) => (
            <LanguageFields key={language} language={language} form={form} onChange={(texts) => setForm({ ...form, texts })} />
          ))}
        </div>
        <FormProblem>{problem}</FormProblem>
        <div>
          <Button type="submit" disabled={send.isPending}>
            {send.isPending ? t('form.sending') : t('form.send')}
          </Button>
        </div>
      </form>
      <ConfirmDialog
        open={confirming}
        title={t('form.confirmTitle')}
        description={planName ? t('form.confirmPlan', { plan: planName }) : t('form.confirmAll')}
        cancelLabel={t('form.cancel')}
        confirmLabel={t('form.send')}
        pendingLabel={t('form.sending')}
        pending={send.isPending}
        onConfirm={() => void confirm()}
        onCancel={() => setConfirming(false)}
      />
    </>
  );
}
