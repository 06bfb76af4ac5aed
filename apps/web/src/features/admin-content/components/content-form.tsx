import {
  contentProblems,
  LANGUAGES,
  type TContentField,
  type TContentItem,
  type TContentKind,
  type TContentStatus,
  type TLanguage,
} from '@faxline/shared';
import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { FieldDescription, FieldProblem } from '@/components/ui/form-field';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { SelectField, SelectOptions } from '@/components/ui/native-select';
import { ApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';

import { useSaveContentItem } from '../api/save-content-item';
import { useContentStatusAction } from '../hooks/use-content-status';

import { ContentStatusBadge } from './content-status-badge';
import { MarkdownEditor } from './markdown-editor';
import { ScheduleControl } from './schedule-control';

type TValues = { language: TLanguage; title: string; path: string; slug: string; description: string; category: string; body: string };

type TContentFormProps = {
  kind: TContentKind;
  /** The item being edited, or null for a new one. */
  item: TContentItem | null;
  defaultLanguage: TLanguage;
  backHref: string;
  /** After a new item is created: its own edit form takes over (so it can be published from there). */
  onCreated: (item: TContentItem) => void;
  renderMarkdown: (markdown: string) => ReactNode;
};

const valuesOf = (item: TContentItem | null, language: TLanguage): TValues => ({
  language: item?.language ?? language,
  title: item?.title ?? '',
  path: item?.path ?? '',
  slug: item?.slug ?? '',
  description: item?.description ?? '',
  category: item?.category ?? '',
  body: item?.body ?? '',
});

type TTextFieldProps = {
  label: string;
  hint?: string;
  value: string;
  problem: string | null;
  onChange: (value: string) => void;
  inputRef: (element: HTMLInputElement | null) => void;
  maxLength?: number;
};

function TextField({ label, hint, value, problem, onChange, inputRef, maxLength }: TTextFieldProps) {
  const id = useId();
  const described = [hint ? `${id}-hint` : null, problem ? `${id}-problem` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Input
        ref={inputRef}
        id={id}
        value={value}
        maxLength={maxLength}
        aria-invalid={problem ? true : undefined}
        aria-describedby={described}
        onChange={(event) => onChange(event.target.value)}
      />
      <FieldDescription id={`${id}-hint`}>{hint}</FieldDescription>
      <FieldProblem id={`${id}-problem`}>{problem}</FieldProblem>
    </div>
  );
}

/**
 * The edit form of a page, blog post or FAQ: language, title (the question of an FAQ), path or category, and the
 * Markdown (the answer of an FAQ) with a preview. A new item is saved as a Draft; saving an edit keeps the status;
 * publishing from here saves pending changes first.
 */
export function ContentForm({ kind, item, defaultLanguage, backHref, onCreated, renderMarkdown }: TContentFormProps) {
  const { t } = useTranslation(['admin-support', 'admin-publishing', 'messages']);
  const id = useId();
  const save = useSaveContentItem();
  const status = useContentStatusAction();
  const [values, setValues] = useState<TValues>(() => valuesOf(item, defaultLanguage));
  const [problems, setProblems] = useState<Partial<Record<TContentField, string>>>({});
  const fields = useRef<Partial<Record<TContentField, HTMLInputElement | HTMLTextAreaElement | null>>>({});
  const isFaq = kind === 'faq';
  const saved = valuesOf(item, defaultLanguage);
  const dirty = item === null || (Object.keys(values) as Array<keyof TValues>).some((key) => values[key] !== saved[key]);
  const busy = save.isPending || status.pendingId !== undefined;

  const set = (change: Partial<TValues>) => setValues((current) => ({ ...current, ...change }));

  /** Checks the form as the server will; marks each problem and moves focus to the first. */
  const check = (): boolean => {
    const found = contentProblems({ kind, ...values });
    setProblems(Object.fromEntries(found.map((problem) => [problem.field, t(`messages:${problem.message}`)])));
    if (found[0]) fields.current[found[0].field]?.focus();
    return found.length === 0;
  };

  const persist = async (): Promise<TContentItem | null> => {
    if (!check()) return null;
    try {
      const result = await save.mutateAsync({ id: item?.id ?? null, input: { kind, ...values } });
      // What the server stored (trimmed), so the form is no longer "changed".
      setValues(valuesOf(result, defaultLanguage));
      toast(
        item
          ? { title: t('content.toasts.savedTitle'), description: t('content.toasts.savedDescription', { title: result.title }) }
          : { title: t('content.toasts.createdTitle'), description: t('content.toasts.createdDescription', { title: result.title }) },
      );
      return result;
    } catch (error) {
      toast({
        title: t('content.toasts.saveFailedTitle'),
        description: error instanceof ApiError ? error.message : t('common.unknownError'),
        variant: 'destructive',
      });
      return null;
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const result = await persist();
    if (result && !item) onCreated(result);
  };

  const changeStatus = async (next: TContentStatus, at?: string) => {
    if (!item) return;
    const current = dirty ? await persist() : item;
    if (current) await status.run(current, next, at);
  };

  const heading = t(item ? `content.kinds.${kind}.edit` : `content.kinds.${kind}.new`);
  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-6" aria-labelledby={`${id}-heading`}>
      <Link to={backHref} className="w-fit text-sm font-medium text-primary underline-offset-4 hover:underline">
        <span aria-hidden="true">←</span> {t('content.form.back')}
      </Link>
      <div className="flex flex-wrap items-center gap-3">
        <h2 id={`${id}-heading`} className="text-2xl font-semibold">
          {heading}
        </h2>
        {item ? <ContentStatusBadge status={item.status} publishedAt={item.publishedAt} /> : null}
      </div>
      <p className="text-sm text-muted-foreground">{item ? t('content.form.editNote') : t('content.form.newNote')}</p>

      <TextField
        label={isFaq ? t('content.form.question') : t('content.form.title')}
        value={values.title}
        problem={problems.title ?? null}
        onChange={(title) => set({ title })}
        inputRef={(element) => (fields.current.title = element)}
      />
      <div className="grid gap-6 md:grid-cols-2">
        <SelectField
          id={`${id}-language`}
          label={t('content.form.language')}
          value={values.language}
          onChange={(e) => set({ language: e.target.value as TLanguage })}
        >
          <SelectOptions values={LANGUAGES} labelOf={(code) => t(`languages.${code}`)} />
        </SelectField>
        {kind === 'page' ? (
          <TextField
            label={t('content.form.path')}
            hint={t('content.form.pathHint')}
            value={values.path}
            problem={problems.path ?? null}
            onChange={(path) => set({ path })}
            inputRef={(element) => (fields.current.path = element)}
          />
        ) : (
          <TextField
            label={t('content.form.category')}
            hint={t('content.form.categoryHint')}
            value={values.category}
            problem={problems.category ?? null}
            onChange={(category) => set({ category })}
            inputRef={(element) => (fields.current.category = element)}
          />
        )}
      </div>
      {kind === 'faq' ? null : (
        <div className="grid gap-6 md:grid-cols-2">
          {kind === 'blog_post' ? (
            <TextField
              label={t('admin-publishing:content.slug')}
              hint={t('admin-publishing:content.slugHint')}
              value={values.slug}
              problem={problems.slug ?? null}
              onChange={(slug) => set({ slug })}
              inputRef={(element) => (fields.current.slug = element)}
            />
          ) : null}
          <TextField
            label={t('admin-publishing:content.description')}
            hint={t('admin-publishing:content.descriptionHint')}
            value={values.description}
            problem={problems.description ?? null}
            onChange={(description) => set({ description })}
            inputRef={(element) => (fields.current.description = element)}
          />
        </div>
      )}
      <MarkdownEditor
        label={isFaq ? t('content.form.answer') : t('content.form.body')}
        value={values.body}
        onChange={(body) => set({ body })}
        problem={problems.body ?? null}
        renderMarkdown={renderMarkdown}
        textareaRef={(element) => {
          fields.current.body = element;
        }}
      />

      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={busy || (item !== null && !dirty)}>
          {save.isPending ? t('content.form.saving') : item ? t('content.form.save') : t('content.form.create')}
        </Button>
        {item ? (
          <Button
            type="button"
            variant="outline"
            disabled={busy}
            onClick={() => void changeStatus(item.status === 'published' ? 'draft' : 'published')}
          >
            {item.status === 'published' ? t('content.actions.unpublish') : t('content.actions.publish')}
          </Button>
        ) : null}
        <Button asChild variant="ghost">
          <Link to={backHref}>{t('content.form.cancel')}</Link>
        </Button>
      </div>
      {item && kind !== 'faq' ? <ScheduleControl busy={busy} onSchedule={(at) => void changeStatus('published', at)} /> : null}
    </form>
  );
}
