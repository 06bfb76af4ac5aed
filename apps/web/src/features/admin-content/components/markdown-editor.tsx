import { CONTENT_LIMITS } from '@faxline/shared';
import { useDeferredValue, useId, type ReactNode, type Ref } from 'react';
import { useTranslation } from 'react-i18next';

import { FieldProblem } from '@/components/ui/form-field';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';

type TMarkdownEditorProps = {
  label: string;
  value: string;
  onChange: (value: string) => void;
  problem: string | null;
  /** The site's own Markdown renderer, given by the page (the same one the public pages use). */
  renderMarkdown: (markdown: string) => ReactNode;
  textareaRef?: Ref<HTMLTextAreaElement>;
};

/** A Markdown textarea with a live preview beside it (below it on narrow screens). */
export function MarkdownEditor({ label, value, onChange, problem, renderMarkdown, textareaRef }: TMarkdownEditorProps) {
  const { t } = useTranslation('admin-support');
  const id = useId();
  // The preview may lag a keystroke behind on long texts; typing never waits for it.
  const previewed = useDeferredValue(value);

  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <div className="flex min-w-0 flex-col gap-2">
        <Label htmlFor={`${id}-markdown`}>{label}</Label>
        <p id={`${id}-hint`} className="text-sm text-muted-foreground">
          {t('content.form.markdownHint')}
        </p>
        <Textarea
          ref={textareaRef}
          id={`${id}-markdown`}
          value={value}
          rows={16}
          maxLength={CONTENT_LIMITS.body}
          spellCheck
          className="min-h-80 font-mono"
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-hint ${id}-problem` : `${id}-hint`}
          onChange={(event) => onChange(event.target.value)}
        />
        <FieldProblem id={`${id}-problem`}>{problem}</FieldProblem>
      </div>
      <section className="flex min-w-0 flex-col gap-2" aria-labelledby={`${id}-preview`}>
        <h3 id={`${id}-preview`} className="text-sm leading-none font-medium">
          {t('content.form.preview')}
        </h3>
        <div className="min-h-80 rounded-md border bg-muted/30 p-4">
          {previewed.trim() ? renderMarkdown(previewed) : <p className="text-muted-foreground">{t('content.form.previewEmpty')}</p>}
        </div>
      </section>
    </div>
  );
}
