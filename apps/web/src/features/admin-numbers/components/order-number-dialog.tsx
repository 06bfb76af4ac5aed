import type { TCarrier, TCarrierNumberOffer } from '@faxline/shared';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { ApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useLanguage } from '@/lib/use-language';

import { useCarrierNumberSearch, useOrderCarrierNumber } from '../api/carrier-numbers';
import {
  CARRIER_COUNTRIES,
  carrierName,
  checkCarrierSearch,
  offerPlace,
  type TCarrierSearchField,
  type TCarrierSearchProblem,
  type TCarrierSearchValues,
} from '../utils/carrier-numbers';
import { countryName, displayNumber } from '../utils/number-display';

type TOrderNumberDialogProps = {
  /** The carriers this server has: at least one (the page offers no ordering otherwise). */
  carriers: readonly [TCarrier, ...TCarrier[]];
  onClose: () => void;
  onOrdered: () => void;
  /** Where focus goes on closing: the button that opened the dialog (Radix's own trigger is not used). */
  returnFocus: () => void;
};

/** A search without a country is refused with the spec's text, the shared catalogue's as the inventory search's. */
const PROBLEM_TEXT = {
  noCountry: 'messages:validation.numberSearchCriteria',
  invalidAreaCode: 'numbers.orderDialog.invalidAreaCode',
} as const satisfies Record<TCarrierSearchProblem, string>;

const sameCriteria = (a: TCarrierSearchValues, b: TCarrierSearchValues) =>
  a.carrier === b.carrier && a.country === b.country && a.areaCode === b.areaCode;

/**
 * Orders a number from a carrier: the carrier (chosen when the server has several), a country and
 * an optional area code; Search asks the carrier, and Order buys the number into the inventory, available. What goes
 * wrong (a refused search, the carrier down or refusing, a number already held) is said in the dialog's alert.
 */
export function OrderNumberDialog({ carriers, onClose, onOrdered, returnFocus }: TOrderNumberDialogProps) {
  const { t } = useTranslation(['admin-catalogue', 'messages']);
  const { language } = useLanguage();
  const [values, setValues] = useState<TCarrierSearchValues>({ carrier: carriers[0], country: '', areaCode: '' });
  const [criteria, setCriteria] = useState<TCarrierSearchValues | null>(null);
  const [invalid, setInvalid] = useState<{ field: TCarrierSearchField; text: string } | null>(null);
  const [orderError, setOrderError] = useState<string | null>(null);
  const [ordering, setOrdering] = useState<{ number: string; carrier: TCarrier } | null>(null);
  const fields = useRef(new Map<TCarrierSearchField, HTMLInputElement | HTMLSelectElement | null>());
  const ids = useId();
  const alertId = `${ids}-alert`;
  const resultsId = `${ids}-results`;
  const search = useCarrierNumberSearch(criteria);
  const order = useOrderCarrierNumber();
  const busy = order.isPending;
  const errorText = (error: unknown) => (error instanceof ApiError ? error.message : t('common.unknownError'));

  const set = <K extends keyof TCarrierSearchValues>(key: K, value: TCarrierSearchValues[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    setInvalid(null);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setOrderError(null);
    const checked = checkCarrierSearch(values);
    if (!checked.ok) {
      setInvalid({ field: checked.field, text: t(PROBLEM_TEXT[checked.problem]) });
      fields.current.get(checked.field)?.focus();
      return;
    }
    setInvalid(null);
    // The same search again asks the carrier again: what it has for sale changes as others buy.
    if (criteria && sameCriteria(criteria, checked.criteria)) void search.refetch();
    else setCriteria(checked.criteria);
  };

  const orderOffer = async (offer: TCarrierNumberOffer) => {
    if (busy || !criteria) return;
    setOrderError(null);
    setOrdering({ number: offer.number, carrier: criteria.carrier });
    try {
      const added = await order.mutateAsync({ carrier: criteria.carrier, phoneNumber: offer.number });
      toast({
        title: t('numbers.toasts.orderedTitle'),
        description: t('numbers.toasts.orderedDescription', {
          number: displayNumber(added.phoneNumber),
          carrier: carrierName(criteria.carrier),
        }),
      });
      onOrdered();
      onClose();
    } catch (error) {
      setOrderError(errorText(error));
      setOrdering(null);
    }
  };

  const fieldProps = (field: TCarrierSearchField, describedBy?: string) => ({
    ref: (element: HTMLInputElement | HTMLSelectElement | null) => void fields.current.set(field, element),
    'aria-invalid': invalid?.field === field ? true : undefined,
    // The problem is read with the field it is about, when focus goes there.
    'aria-describedby': [describedBy, invalid?.field === field ? alertId : undefined].filter(Boolean).join(' ') || undefined,
    disabled: busy,
  });

  const alert = invalid?.text ?? orderError ?? (search.isError && !search.isFetching ? errorText(search.error) : null);
  const offers = criteria && !search.isError ? (search.data?.numbers ?? []) : [];
  const status = ordering
    ? t('numbers.orderDialog.ordering', { number: displayNumber(ordering.number), carrier: carrierName(ordering.carrier) })
    : !criteria
      ? t('numbers.orderDialog.hint')
      : search.isFetching
        ? t('numbers.orderDialog.searching')
        : search.isError
          ? t('numbers.orderDialog.failed')
          : offers.length === 0
            ? t('numbers.orderDialog.none')
            : t('numbers.orderDialog.found', { count: offers.length });

  const carrierSelectId = `${ids}-carrier`;
  const countrySelectId = `${ids}-country`;
  const areaCodeId = `${ids}-area-code`;

  return (
    <Dialog open onOpenChange={(open) => (open || busy ? null : onClose())}>
      <DialogContent
        closeLabel={t('common.close')}
        className="max-w-2xl"
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          returnFocus();
        }}
      >
        <DialogTitle>{t('numbers.orderDialog.title')}</DialogTitle>
        <DialogDescription>{t('numbers.orderDialog.description')}</DialogDescription>
        <form role="search" aria-label={t('numbers.orderDialog.searchLabel')} noValidate onSubmit={submit} className="flex flex-col gap-4">
          {carriers.length === 1 ? (
            <p className="text-sm">{t('numbers.orderDialog.oneCarrier', { carrier: carrierName(carriers[0]) })}</p>
          ) : null}
          <div className="grid gap-4 sm:grid-cols-2">
            {carriers.length > 1 ? (
              <div className="flex flex-col gap-2 sm:col-span-2">
                <Label htmlFor={carrierSelectId}>{t('numbers.orderDialog.carrier')}</Label>
                <NativeSelect
                  id={carrierSelectId}
                  value={values.carrier}
                  disabled={busy}
                  onChange={(event) => set('carrier', carriers.find((carrier) => carrier === event.target.value) ?? carriers[0])}
                >
                  {carriers.map((carrier) => (
                    <option key={carrier} value={carrier}>
                      {carrierName(carrier)}
                    </option>
                  ))}
                </NativeSelect>
              </div>
            ) : null}
            <div className="flex flex-col gap-2">
              <Label htmlFor={countrySelectId}>{t('numbers.orderDialog.country')}</Label>
              <NativeSelect
                id={countrySelectId}
                value={values.country}
                onChange={(event) => set('country', event.target.value)}
                {...fieldProps('country')}
              >
                <option value="">{t('numbers.orderDialog.chooseCountry')}</option>
                {CARRIER_COUNTRIES.map((code) => (
                  <option key={code} value={code}>
                    {t('numbers.orderDialog.countryOption', { name: countryName(code, language), code })}
                  </option>
                ))}
              </NativeSelect>
            </div>
            <FormField
              id={areaCodeId}
              label={t('numbers.orderDialog.areaCode')}
              description={t('numbers.orderDialog.areaCodeHint')}
              inputMode="numeric"
              autoComplete="off"
              value={values.areaCode}
              onChange={(event) => set('areaCode', event.target.value)}
              // FormField names its description `${id}-description`.
              {...fieldProps('areaCode', `${areaCodeId}-description`)}
            />
          </div>
          <div>
            <Button type="submit" variant="outline" disabled={busy}>
              {t('numbers.orderDialog.search')}
            </Button>
          </div>
        </form>

        {/* Always there, so that what comes into it is announced; while empty, out of the flow (no gap). */}
        <div role="alert" id={alertId} className="empty:absolute">
          {alert ? <p className="rounded-md border border-destructive/40 p-3 text-sm font-medium text-destructive">{alert}</p> : null}
        </div>

        <section aria-labelledby={resultsId} className="flex min-w-0 flex-col gap-3">
          <h3 id={resultsId} className="text-base font-semibold">
            {t('numbers.orderDialog.results')}
          </h3>
          <p role="status" className="text-sm text-muted-foreground">
            {status}
          </p>
          {offers.length > 0 ? (
            <ul aria-labelledby={resultsId} className="divide-y rounded-md border">
              {offers.map((offer) => {
                const shown = displayNumber(offer.number);
                const place = offerPlace(offer) || countryName(offer.country, language);
                return (
                  <li key={offer.number} className="flex flex-wrap items-center gap-x-4 gap-y-2 p-3">
                    <span className="flex min-w-0 flex-1 basis-40 flex-col">
                      <span className="font-medium whitespace-nowrap tabular-nums">{shown}</span>
                      {place ? <span className="text-sm text-muted-foreground">{place}</span> : null}
                    </span>
                    <span className="text-sm tabular-nums">
                      {offer.monthlyPrice
                        ? t('numbers.orderDialog.monthlyPrice', { price: offer.monthlyPrice })
                        : t('numbers.orderDialog.noPrice')}
                    </span>
                    <Button
                      type="button"
                      size="sm"
                      aria-label={t('numbers.orderDialog.orderLabel', { number: shown })}
                      // Not disabled while an order runs: the button keeps focus, and a refusal is read from it.
                      aria-disabled={busy || undefined}
                      className="ml-auto aria-disabled:opacity-50"
                      onClick={() => void orderOffer(offer)}
                    >
                      {t('numbers.orderDialog.order')}
                    </Button>
                  </li>
                );
              })}
            </ul>
          ) : null}
        </section>

        <div className="flex justify-end">
          <DialogClose asChild>
            <Button type="button" variant="outline" disabled={busy}>
              {t('common.close')}
            </Button>
          </DialogClose>
        </div>
      </DialogContent>
    </Dialog>
  );
}
