import { MAX_RECEIPT_BYTES } from '@faxline/shared';
import { useId, useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { FieldDescription } from '@/components/ui/form-field';
import { Label } from '@/components/ui/label';
import { formatFileSize } from '@/lib/format-units';
import { cn } from '@/lib/utils';

import { useVerifyReceipt } from '../api/verify-receipt';

import { VerificationResult, type TVerifyOutcome } from './verification-result';

/** The file input, the Verify button and the result. A file too large to be a report is refused before it is sent. */
export function ReceiptVerifier() {
  const { t, i18n } = useTranslation('receipts');
  const inputId = useId();
  const hintId = `${inputId}-hint`;
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const verify = useVerifyReceipt();
  const maxSize = formatFileSize(MAX_RECEIPT_BYTES, i18n.language);

  /** Why this file is not sent, or null. */
  const refusal = (chosen: File | null) =>
    !chosen ? t('form.noFile') : chosen.size > MAX_RECEIPT_BYTES ? t('form.tooLarge', { file: chosen.name, size: maxSize }) : null;

  function choose(event: ChangeEvent<HTMLInputElement>) {
    const chosen = event.target.files?.[0] ?? null;
    setFile(chosen);
    verify.reset();
    // A file too large says so at once; an emptied choice waits for the button.
    setProblem(chosen ? refusal(chosen) : null);
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const refused = refusal(file);
    setProblem(refused);
    if (!refused && file) verify.mutate(file);
  }

  const outcome: TVerifyOutcome = problem
    ? { kind: 'problem', message: problem }
    : verify.error
      ? { kind: 'problem', message: verify.error.message }
      : verify.data
        ? { kind: 'answer', verification: verify.data }
        : null;

  return (
    <div className="flex flex-col gap-6">
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <div className="flex flex-col gap-2">
          <Label htmlFor={inputId}>{t('form.file')}</Label>
          {/* The browser writes its file button in its own language: the native input, transparent, lies over a box
              that says it in the page's; clicks, keys and screen readers still meet the native input. */}
          <div
            className={cn(
              'relative flex min-w-0 items-center gap-3 rounded-md border bg-background p-2 text-sm has-focus-visible:ring-2 has-focus-visible:ring-ring has-focus-visible:ring-offset-2',
              problem ? 'border-destructive' : 'border-input',
            )}
          >
            <span aria-hidden="true" className="shrink-0 rounded-md bg-accent px-3 py-2 font-medium text-accent-foreground">
              {t('form.choose')}
            </span>
            <span aria-hidden="true" className="min-w-0 truncate">
              {file?.name ?? t('form.noFileChosen')}
            </span>
            <input
              id={inputId}
              type="file"
              accept="application/pdf,.pdf"
              aria-describedby={hintId}
              aria-invalid={problem ? true : undefined}
              onChange={choose}
              className="absolute inset-0 size-full cursor-pointer opacity-0"
            />
          </div>
          <FieldDescription id={hintId}>{t('form.fileHint', { size: maxSize })}</FieldDescription>
        </div>
        <Button type="submit" size="lg" className="w-full sm:w-fit" disabled={verify.isPending}>
          {verify.isPending ? t('form.submitting') : t('form.submit')}
        </Button>
      </form>
      <VerificationResult outcome={outcome} />
    </div>
  );
}
