import { NUMBER_SEARCH_LIMIT } from '@faxline/shared';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { ApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';

import { useNumberSearch } from '../api/search-numbers';

import { type TNumberActions } from './number-parts';
import { NumberTable } from './number-table';

type TNumberSearchProps = TNumberActions & { query: string; onSearch: (query: string) => void };

/**
 * Searches the whole inventory by digits, country code or number type. An empty search is refused with the spec's
 * 'Please enter criteria to search for numbers.' (spec 001 §5).
 */
export function NumberSearch({ query, onSearch, ...actions }: TNumberSearchProps) {
  const { t } = useTranslation(['admin-catalogue', 'messages']);
  const [text, setText] = useState(query);
  const [invalid, setInvalid] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const search = useNumberSearch(query);

  useEffect(() => {
    if (search.isError)
      toast({
        title: t('numbers.toasts.fetchErrorTitle'),
        description: search.error instanceof ApiError ? search.error.message : t('common.unknownError'),
        variant: 'destructive',
      });
  }, [search.isError, search.error, t]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!text.trim()) {
      setInvalid(true);
      input.current?.focus();
      toast({
        title: t('numbers.toasts.searchErrorTitle'),
        description: t('messages:validation.numberSearchCriteria'),
        variant: 'destructive',
      });
      return;
    }
    onSearch(text.trim());
  };

  const clear = () => {
    setText('');
    onSearch('');
    input.current?.focus();
  };

  return (
    <div className="flex min-w-0 flex-col gap-4">
      <form role="search" noValidate onSubmit={submit} className="flex flex-col gap-2">
        <Label htmlFor={inputId}>{t('numbers.search.label')}</Label>
        <div className="flex flex-wrap gap-2">
          <Input
            ref={input}
            id={inputId}
            type="search"
            className="max-w-sm flex-1 basis-48"
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              setInvalid(false);
            }}
            aria-invalid={invalid || undefined}
            aria-describedby={`${inputId}-hint`}
            autoComplete="off"
          />
          <Button type="submit" variant="outline">
            {t('numbers.search.submit')}
          </Button>
          {query ? (
            <Button type="button" variant="ghost" onClick={clear}>
              {t('numbers.search.clear')}
            </Button>
          ) : null}
        </div>
        <p id={`${inputId}-hint`} className="text-sm text-muted-foreground">
          {t('numbers.search.hint')}
        </p>
      </form>

      {query ? (
        <section aria-labelledby={`${inputId}-results`} className="flex min-w-0 flex-col gap-3">
          <h2 id={`${inputId}-results`} className="text-xl font-semibold">
            {t('numbers.search.title')}
          </h2>
          {search.data ? (
            <>
              <p role="status" className="text-sm text-muted-foreground">
                {search.data.numbers.length === 0
                  ? t('numbers.search.none')
                  : t('numbers.search.found', { count: search.data.numbers.length })}
                {search.data.truncated ? ` ${t('numbers.search.truncated', { count: NUMBER_SEARCH_LIMIT })}` : ''}
              </p>
              {search.data.numbers.length > 0 ? <NumberTable kind="search" numbers={search.data.numbers} {...actions} /> : null}
            </>
          ) : (
            <p role="status" className="text-sm text-muted-foreground">
              {search.isError ? t('numbers.loadFailed') : t('numbers.search.searching')}
            </p>
          )}
        </section>
      ) : null}
    </div>
  );
}
