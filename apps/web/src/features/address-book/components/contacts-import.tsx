import { MAX_CONTACT_IMPORT_BYTES, type TContactImportResult } from '@faxline/shared';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { FieldProblem } from '@/components/ui/form-field';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { ApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';

import { useImportContacts } from '../api/import-contacts';

const MEGABYTES = MAX_CONTACT_IMPORT_BYTES / (1024 * 1024);

/** Import from CSV: choose a file, send it, and read what was imported, skipped as already there, and refused (by line). */
export function ContactsImport() {
  const { t } = useTranslation(['contacts', 'messages', 'errors']);
  const importContacts = useImportContacts();
  const [result, setResult] = useState<TContactImportResult | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const file = useRef<HTMLInputElement>(null);
  const id = useId();
  const importing = importContacts.isPending;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const chosen = file.current?.files?.[0];
    setResult(null);
    if (!chosen) return refuse(t('import.noFile'));
    if (chosen.size > MAX_CONTACT_IMPORT_BYTES) return refuse(t('messages:errors.contactImportTooLarge'));
    try {
      setProblem(null);
      setResult(await importContacts.mutateAsync(chosen));
      if (file.current) file.current.value = '';
    } catch (error) {
      const description = error instanceof ApiError ? error.message : t('errors:api.unknown');
      setProblem(description);
      toast({ title: t('toasts.importFailedTitle'), description, variant: 'destructive' });
    }
  };

  const refuse = (message: string) => {
    setProblem(message);
    file.current?.focus();
  };

  return (
    <section aria-labelledby={`${id}-title`} className="flex flex-col gap-3 rounded-lg border p-4">
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        {t('import.title')}
      </h2>
      <p id={`${id}-description`} className="text-sm text-muted-foreground">
        {t('import.description', { size: MEGABYTES })}
      </p>
      <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-wrap items-end gap-3">
        <div className="flex min-w-0 flex-1 flex-col gap-2">
          <Label htmlFor={`${id}-file`}>{t('import.choose')}</Label>
          <Input
            ref={file}
            id={`${id}-file`}
            type="file"
            accept=".csv,text/csv"
            disabled={importing}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? `${id}-description ${id}-problem` : `${id}-description`}
            onChange={() => setProblem(null)}
          />
        </div>
        <Button type="submit" variant="outline" disabled={importing}>
          {importing ? t('import.importing') : t('import.submit')}
        </Button>
      </form>
      <FieldProblem id={`${id}-problem`}>{problem}</FieldProblem>
      <div role="status" aria-live="polite">
        {result ? <ImportResult result={result} /> : null}
      </div>
    </section>
  );
}

function ImportResult({ result }: { result: TContactImportResult }) {
  const { t } = useTranslation('contacts');
  return (
    <div className="flex flex-col gap-1 rounded-md bg-muted p-3 text-sm">
      <p className="font-semibold">{t('import.resultTitle')}</p>
      <p>{t('import.imported', { count: result.imported })}</p>
      {result.duplicates > 0 ? <p>{t('import.duplicates', { count: result.duplicates })}</p> : null}
      {result.rejected.length > 0 ? (
        <>
          <p>{t('import.rejected', { count: result.rejected.length })}</p>
          <ul className="list-disc pl-5">
            {result.rejected.map((row) => (
              <li key={row.line}>{t('import.line', { line: row.line, message: row.message })}</li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}
