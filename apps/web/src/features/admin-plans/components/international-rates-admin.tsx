import { RATE_COUNTRIES, type TInternationalRate } from '@faxline/shared';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { FieldProblem, FormField } from '@/components/ui/form-field';
import { SelectField } from '@/components/ui/native-select';
import { LoadFailed, Loading } from '@/components/ui/query-states';
import { ScrollTable } from '@/components/ui/scroll-table';
import { ApiError } from '@/lib/api-client';
import { formatMoney } from '@/lib/format-money';
import { toast } from '@/lib/toast';

import { useInternationalRates, useRemoveInternationalRate, useSetInternationalRate } from '../api/international-rates';
import { parsePrice } from '../utils/plan-form';

/**
 * /admin/plans, "International rates" (issue 36, decision 096): the price per page to each country, charged on top of
 * the plan's pages; a country not listed is not sent to. Set (add or change) and remove, each on the server.
 */
export function InternationalRatesAdmin() {
  const { t, i18n } = useTranslation(['admin-catalogue', 'messages']);
  const rates = useInternationalRates();
  const setRate = useSetInternationalRate();
  const removeRate = useRemoveInternationalRate();
  const [country, setCountry] = useState('');
  const [price, setPrice] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const problemId = useId();

  const names = useMemo(() => new Intl.DisplayNames([i18n.language], { type: 'region' }), [i18n.language]);
  const nameOf = (code: string) => names.of(code) ?? code;
  const countries = useMemo(() => {
    const collator = new Intl.Collator(i18n.language);
    return [...RATE_COUNTRIES].sort((a, b) => collator.compare(names.of(a) ?? a, names.of(b) ?? b));
  }, [i18n.language, names]);

  const choose = (code: string) => {
    setCountry(code);
    setProblem(null);
    const current = rates.data?.rates.find((rate) => rate.country === code);
    if (current) setPrice((current.centsPerPage / 100).toFixed(2));
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const cents = parsePrice(price);
    if (!country) return setProblem(t('rates.chooseCountry'));
    if (cents === null || cents === 'invalid' || cents < 1) return setProblem(t('messages:validation.internationalRatePrice'));
    try {
      const saved = await setRate.mutateAsync({ country, centsPerPage: cents });
      setProblem(null);
      toast({
        title: t('rates.savedTitle'),
        description: t('rates.savedDescription', {
          country: nameOf(saved.country),
          price: formatMoney(saved.centsPerPage, saved.currency, i18n.language),
        }),
      });
    } catch (error) {
      setProblem(error instanceof ApiError ? error.message : t('common.unknownError'));
    }
  };

  const remove = async (rate: TInternationalRate) => {
    try {
      await removeRate.mutateAsync(rate.country);
      toast({ title: t('rates.removedTitle'), description: t('rates.removedDescription', { country: nameOf(rate.country) }) });
    } catch (error) {
      toast({
        title: t('rates.removeFailedTitle'),
        description: error instanceof ApiError ? error.message : t('common.unknownError'),
        variant: 'destructive',
      });
    }
  };

  const list = () => {
    if (rates.isPending) return <Loading>{t('rates.loading')}</Loading>;
    if (rates.isError)
      return (
        <LoadFailed title={t('rates.loadFailed')} error={rates.error} retryLabel={t('common.retry')} onRetry={() => void rates.refetch()} />
      );
    if (rates.data.rates.length === 0) return <p role="status">{t('rates.empty')}</p>;
    return (
      <ScrollTable label={t('rates.tableLabel')} captioned tableClassName="min-w-[28rem]">
        <thead>
          <tr className="border-b text-left">
            <th scope="col" className="p-3 font-medium">
              {t('rates.country')}
            </th>
            <th scope="col" className="p-3 font-medium">
              {t('rates.callingCode')}
            </th>
            <th scope="col" className="p-3 font-medium">
              {t('rates.pricePerPage')}
            </th>
            <th scope="col" className="p-3 font-medium">
              <span className="sr-only">{t('rates.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rates.data.rates.map((rate) => (
            <tr key={rate.country} className="border-b last:border-0">
              <th scope="row" className="p-3 text-left font-normal">
                {nameOf(rate.country)} ({rate.country})
              </th>
              <td className="p-3">{rate.callingCode}</td>
              <td className="p-3">{formatMoney(rate.centsPerPage, rate.currency, i18n.language)}</td>
              <td className="p-3 text-right">
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  disabled={removeRate.isPending && removeRate.variables === rate.country}
                  aria-label={t('rates.removeLabel', { country: nameOf(rate.country) })}
                  onClick={() => void remove(rate)}
                >
                  {t('rates.remove')}
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </ScrollTable>
    );
  };

  return (
    <section aria-labelledby="international-rates-title" className="flex flex-col gap-4">
      <div className="flex flex-col gap-2">
        <h2 id="international-rates-title" className="text-2xl font-semibold tracking-tight">
          {t('rates.title')}
        </h2>
        <p className="max-w-3xl text-muted-foreground">{t('rates.intro')}</p>
      </div>
      <form
        noValidate
        onSubmit={(event) => void submit(event)}
        className="grid items-end gap-4 rounded-lg border p-4 sm:grid-cols-[1fr_12rem_auto]"
      >
        <SelectField
          id="international-rate-country"
          label={t('rates.country')}
          value={country}
          onChange={(event) => choose(event.target.value)}
          aria-describedby={problem ? problemId : undefined}
        >
          <option value="">{t('rates.chooseCountryOption')}</option>
          {countries.map((code) => (
            <option key={code} value={code}>
              {nameOf(code)} ({code})
            </option>
          ))}
        </SelectField>
        <FormField
          label={t('rates.pricePerPage')}
          inputMode="decimal"
          autoComplete="off"
          placeholder="0.05"
          value={price}
          onChange={(event) => {
            setPrice(event.target.value);
            setProblem(null);
          }}
          aria-invalid={problem ? true : undefined}
          aria-errormessage={problem ? problemId : undefined}
        />
        <Button type="submit" disabled={setRate.isPending}>
          {setRate.isPending ? t('rates.saving') : t('rates.save')}
        </Button>
        <div className="sm:col-span-3" aria-live="polite">
          <FieldProblem id={problemId}>{problem}</FieldProblem>
        </div>
      </form>
      {list()}
    </section>
  );
}
