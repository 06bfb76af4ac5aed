import { DOCUMENT_CLASSES, type TDocumentClass, type TFaxDetails } from '@faxline/shared';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { NativeSelect } from '@/components/ui/native-select';
import { ApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';

import { useSetDocumentClass } from '../api/set-document-class';

/**
 * What a received fax is (decision 102): its class and how sure Faxline is, the facts found on its pages with where
 * each was read, and the member's correction, which the account's next faxes learn from.
 */
export function DocumentClass({
  fax,
}: {
  fax: Pick<TFaxDetails, 'id' | 'classConfidence' | 'classifiedBy' | 'fields'> & { documentClass: TDocumentClass };
}) {
  const { t, i18n } = useTranslation(['faxes', 'errors']);
  const id = useId();
  const save = useSetDocumentClass();
  const [chosen, setChosen] = useState<TDocumentClass>(fax.documentClass);
  const percent = new Intl.NumberFormat(i18n.language, { style: 'percent' }).format(fax.classConfidence ?? 0);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    try {
      await save.mutateAsync({ id: fax.id, documentClass: chosen });
      toast({ title: t('details.documentClass.savedTitle'), description: t('details.documentClass.savedDescription') });
    } catch (error) {
      toast({
        title: t('details.documentClass.failedTitle'),
        description: error instanceof ApiError ? error.message : t('errors:api.unknown'),
        variant: 'destructive',
      });
    }
  };

  return (
    <section aria-labelledby={`${id}-title`} className="flex flex-col gap-3 rounded-md border p-3 text-sm">
      <h3 id={`${id}-title`} className="font-medium">
        {t('details.documentClass.title')}
      </h3>
      <p>
        <span className="font-medium">{t(`details.documentClass.classes.${fax.documentClass}`)}</span>{' '}
        <span className="text-muted-foreground">
          {fax.classifiedBy === 'member' ? t('details.documentClass.byMember') : t('details.documentClass.byFaxline', { percent })}
        </span>
      </p>
      {fax.fields.length > 0 ? (
        <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1">
          {fax.fields.map((field) => (
            <div key={`${field.name}-${field.page}-${field.line}-${field.column}`} className="contents">
              <dt className="text-muted-foreground">{t(`details.documentClass.fields.${field.name}`)}</dt>
              <dd className="min-w-0 break-words">
                <span translate="no">{field.value}</span>{' '}
                <span className="text-xs text-muted-foreground">
                  {t('details.documentClass.where', { page: field.page, line: field.line })}
                </span>
              </dd>
            </div>
          ))}
        </dl>
      ) : null}
      <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-wrap items-end gap-2" aria-busy={save.isPending}>
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-class`} className="font-medium">
            {t('details.documentClass.label')}
          </label>
          <NativeSelect id={`${id}-class`} value={chosen} onChange={(event) => setChosen(event.target.value as TDocumentClass)}>
            {DOCUMENT_CLASSES.map((documentClass) => (
              <option key={documentClass} value={documentClass}>
                {t(`details.documentClass.classes.${documentClass}`)}
              </option>
            ))}
          </NativeSelect>
        </div>
        <Button type="submit" variant="outline" disabled={save.isPending}>
          {save.isPending ? t('details.documentClass.saving') : t('details.documentClass.save')}
        </Button>
      </form>
    </section>
  );
}
