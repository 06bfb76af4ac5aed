import type { TBaaResponse } from '@faxline/shared';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { Dialog, DialogContent, DialogDescription, DialogFormButtons, DialogTitle } from '@/components/ui/dialog';
import { FieldProblem, FormProblem } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { ApiError } from '@/lib/api-client';
import { useDateFormat } from '@/lib/use-date-format';

import { useSignBaa } from '../api/baa';
import { BAA_REQUIRED_TEXT, baaFieldOfIssue, firstMissingBaaField, type TBaaField, type TBaaFormValues } from '../utils/baa-form';

type TBaaDialogProps = {
  agreement: Pick<TBaaResponse, 'version' | 'title' | 'paragraphs'>;
  /** The plan the agreement is signed for, named in the introduction; none when signed ahead of choosing one. */
  planName?: string;
  /** Signed: the caller goes on with the checkout or the change of plan it was asked for. */
  onSigned: () => void;
  onClose: () => void;
};

type TProblems = Partial<Record<TBaaField, string>>;

/**
 * The business associate agreement a HIPAA plan needs, signed in the browser (decision 090): its text and version, the
 * signer's name, title and organisation, today's date, and "I have read and agree". The server records the signature
 * and its PDF; it refuses the plan until then whatever this page does.
 */
export function BaaDialog({ agreement, planName, onSigned, onClose }: TBaaDialogProps) {
  const { t } = useTranslation(['billing', 'errors']);
  const dates = useDateFormat();
  const sign = useSignBaa();
  const [values, setValues] = useState<TBaaFormValues>({ signerName: '', signerTitle: '', organisation: '', agreed: false });
  const [problems, setProblems] = useState<TProblems>({});
  const [formProblem, setFormProblem] = useState<string | null>(null);
  const inputs = useRef(new Map<TBaaField, HTMLInputElement | null>());
  const ids = { text: useId(), date: useId(), base: useId() };
  const today = dates.format(new Date(), { dateStyle: 'long' });

  const show = (found: TProblems) => {
    setProblems(found);
    const first = (Object.keys(found) as TBaaField[])[0];
    if (first) inputs.current.get(first)?.focus();
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFormProblem(null);
    const missing = firstMissingBaaField(values);
    if (missing) return show({ [missing]: t(BAA_REQUIRED_TEXT[missing]) });
    show({});
    try {
      await sign.mutateAsync({ ...values, agreed: true, version: agreement.version });
      onSigned();
    } catch (error) {
      if (!(error instanceof ApiError)) return setFormProblem(t('errors:api.unknown'));
      const found: TProblems = {};
      for (const issue of error.issues ?? []) {
        const field = baaFieldOfIssue(issue.path);
        if (field && !found[field]) found[field] = issue.message;
      }
      if (Object.keys(found).length) show(found);
      else setFormProblem(error.message);
    }
  };

  const field = (name: Exclude<TBaaField, 'agreed'>, autoComplete: string) => {
    const id = `${ids.base}-${name}`;
    const problemId = problems[name] ? `${id}-problem` : undefined;
    return (
      <div className="flex flex-col gap-2">
        <Label htmlFor={id}>{t(`baa.fields.${name}`)}</Label>
        <Input
          id={id}
          ref={(element) => void inputs.current.set(name, element)}
          value={values[name]}
          onChange={(event) => setValues((current) => ({ ...current, [name]: event.target.value }))}
          required
          maxLength={200}
          autoComplete={autoComplete}
          disabled={sign.isPending}
          aria-invalid={problems[name] ? true : undefined}
          aria-describedby={problemId}
        />
        <FieldProblem id={problemId}>{problems[name]}</FieldProblem>
      </div>
    );
  };
  const agreedId = `${ids.base}-agreed`;
  const agreedProblemId = problems.agreed ? `${agreedId}-problem` : undefined;

  return (
    <Dialog open onOpenChange={(open) => (open || sign.isPending ? null : onClose())}>
      <DialogContent closeLabel={t('baa.close')}>
        <DialogTitle>{agreement.title}</DialogTitle>
        <DialogDescription>{planName ? t('baa.intro', { plan: planName }) : t('baa.introAhead')}</DialogDescription>
        <section
          id={ids.text}
          aria-label={t('baa.textLabel', { version: agreement.version })}
          // Scrolled with the keyboard: it can take the focus.
          tabIndex={0}
          className="max-h-64 overflow-y-auto rounded-md border p-4 text-sm focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-hidden"
        >
          <p className="mb-3 text-muted-foreground">{t('baa.version', { version: agreement.version })}</p>
          {agreement.paragraphs.map((paragraph, index) => (
            <p key={index} className="mb-3 last:mb-0">
              {paragraph}
            </p>
          ))}
        </section>
        <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
          <div className="grid gap-4 sm:grid-cols-2">
            {field('signerName', 'name')}
            {field('signerTitle', 'organization-title')}
            {field('organisation', 'organization')}
            <div className="flex flex-col gap-2">
              <span id={ids.date} className="text-sm font-medium">
                {t('baa.fields.date')}
              </span>
              <p aria-labelledby={ids.date} className="py-2 text-sm">
                {today}
              </p>
            </div>
          </div>
          <div className="flex flex-col gap-2">
            <div className="flex items-start gap-3">
              <input
                id={agreedId}
                ref={(element) => void inputs.current.set('agreed', element)}
                type="checkbox"
                checked={values.agreed}
                onChange={(event) => setValues((current) => ({ ...current, agreed: event.target.checked }))}
                disabled={sign.isPending}
                aria-invalid={problems.agreed ? true : undefined}
                aria-describedby={agreedProblemId}
                className="mt-0.5 size-4 shrink-0 accent-primary"
              />
              <Label htmlFor={agreedId}>{t('baa.fields.agreed')}</Label>
            </div>
            <FieldProblem id={agreedProblemId}>{problems.agreed}</FieldProblem>
          </div>
          <FormProblem>{formProblem}</FormProblem>
          <DialogFormButtons
            cancelLabel={t('baa.cancel')}
            submitLabel={sign.isPending ? t('baa.signing') : t('baa.sign')}
            busy={sign.isPending}
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
