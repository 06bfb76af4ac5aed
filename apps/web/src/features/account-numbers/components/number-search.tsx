import { formatPhoneInternational, phoneCountries, type TAvailableNumber, type TAvailableNumbersQuery } from '@faxline/shared';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { Button } from '@/components/ui/button';
import { FieldProblem, FormProblem } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { paths } from '@/config/paths';
import { toast } from '@/lib/toast';

import { useAddAccountNumber } from '../api/add-account-number';
import { useAvailableNumbers } from '../api/search-available-numbers';

import { problemOf } from './problem-of';

type TNumberSearchProps = {
  /** The plan's numbers are all in use: one more is extra. */
  full: boolean;
  /** What an extra number costs a month, formatted; null: the plan sells none. */
  extraPrice: string | null;
  included: number;
};

/** Searches available numbers by country and area code, and adds one (decision 112). */
export function NumberSearch({ full, extraPrice, included }: TNumberSearchProps) {
  const { t, i18n } = useTranslation(['account-numbers', 'errors']);
  const id = useId();
  const [country, setCountry] = useState('US');
  const [areaCode, setAreaCode] = useState('');
  const [criteria, setCriteria] = useState<TAvailableNumbersQuery | null>(null);
  const found = useAvailableNumbers(criteria);
  const add = useAddAccountNumber();
  const [addProblem, setAddProblem] = useState<string | null>(null);
  const refused = full && extraPrice === null;

  // Every country libphonenumber knows, named in the reader's language, in its alphabetical order.
  const countries = useMemo(() => {
    const names = new Intl.DisplayNames([i18n.language], { type: 'region' });
    const collator = new Intl.Collator(i18n.language);
    return phoneCountries()
      .map((code) => ({ code, name: names.of(code) ?? code }))
      .sort((a, b) => collator.compare(a.name, b.name));
  }, [i18n.language]);

  const search = (event: FormEvent) => {
    event.preventDefault();
    setAddProblem(null);
    setCriteria({ country, areaCode: areaCode.trim() });
  };

  const addNumber = async (number: TAvailableNumber) => {
    setAddProblem(null);
    try {
      await add.mutateAsync({ phoneNumber: number.phoneNumber, carrier: number.carrier });
      toast({
        title: t('search.addedTitle'),
        description: t('search.addedDescription', { number: formatPhoneInternational(number.phoneNumber) }),
      });
    } catch (error) {
      setAddProblem(problemOf(error, t('errors:api.unknown')));
    }
  };

  const searchProblem = found.isError ? problemOf(found.error, t('errors:api.unknown')) : null;
  const results = found.data?.numbers ?? [];

  return (
    <section aria-labelledby={`${id}-title`} className="flex min-w-0 flex-col gap-4 rounded-lg border p-4 sm:p-6">
      <h2 id={`${id}-title`} className="text-xl font-semibold">
        {t('search.title')}
      </h2>
      <p className="text-sm text-muted-foreground">
        {refused ? t('search.noMore', { count: included }) : full ? t('search.extra', { price: extraPrice }) : t('search.included')}
        {refused ? (
          <>
            {' '}
            <Link className="font-medium text-primary underline underline-offset-4" to={paths.user.billing.getHref()}>
              {t('search.upgrade')}
            </Link>
          </>
        ) : null}
      </p>
      <form className="grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end" onSubmit={search} aria-labelledby={`${id}-title`}>
        <div className="flex min-w-0 flex-col gap-2">
          <Label htmlFor={`${id}-country`}>{t('search.country')}</Label>
          <NativeSelect id={`${id}-country`} value={country} onChange={(event) => setCountry(event.target.value)}>
            {countries.map((entry) => (
              <option key={entry.code} value={entry.code}>
                {entry.name}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="flex min-w-0 flex-col gap-2">
          <Label htmlFor={`${id}-area`}>{t('search.areaCode')}</Label>
          <Input
            id={`${id}-area`}
            value={areaCode}
            inputMode="numeric"
            maxLength={6}
            placeholder="415"
            aria-describedby={`${id}-area-help${searchProblem ? ` ${id}-search-problem` : ''}`}
            aria-invalid={searchProblem ? true : undefined}
            onChange={(event) => setAreaCode(event.target.value)}
          />
        </div>
        <Button type="submit" disabled={found.isFetching}>
          {found.isFetching ? t('search.searching') : t('search.submit')}
        </Button>
      </form>
      <p id={`${id}-area-help`} className="text-sm text-muted-foreground">
        {t('search.areaCodeHelp')}
      </p>
      <FieldProblem id={searchProblem ? `${id}-search-problem` : undefined}>{searchProblem}</FieldProblem>
      <FormProblem>{addProblem}</FormProblem>
      {found.data ? (
        <div className="flex min-w-0 flex-col gap-3" role="region" aria-label={t('search.results')}>
          {/* Said once the answer is in, rather than the whole list read out. */}
          <p role="status" className="text-sm text-muted-foreground">
            {t('search.found', { count: results.length })}
          </p>
          {found.data.unavailableCarriers.length > 0 ? (
            <p role="note" className="text-sm text-muted-foreground">
              {t('search.carriersDown', { count: found.data.unavailableCarriers.length })}
            </p>
          ) : null}
          {results.length === 0 ? (
            <p className="rounded-md border border-dashed p-3 text-sm">{t('search.none')}</p>
          ) : (
            <ul className="flex min-w-0 flex-col divide-y rounded-md border">
              {results.map((number) => {
                const label = formatPhoneInternational(number.phoneNumber);
                const where = [number.locality, number.region].filter(Boolean).join(', ');
                return (
                  <li key={number.phoneNumber} className="flex flex-wrap items-center justify-between gap-3 p-3">
                    <div className="flex min-w-0 flex-col">
                      <span className="font-medium">{label}</span>
                      <span className="text-sm text-muted-foreground">
                        {where ? `${where} · ` : ''}
                        {number.carrier ? t('search.fromCarrier') : t('search.fromFaxline')}
                      </span>
                    </div>
                    <Button type="button" size="sm" disabled={refused || add.isPending} onClick={() => void addNumber(number)}>
                      {t('search.add')}
                      <span className="sr-only"> {label}</span>
                    </Button>
                  </li>
                );
              })}
            </ul>
          )}
        </div>
      ) : null}
    </section>
  );
}
