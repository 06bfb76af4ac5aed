import { NUMBER_LISTS, type TAdminNumber, type TCarrier, type TNumberList } from '@faxline/shared';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useSearchState } from '@/lib/use-search-state';

import { useCarrierNumbersInfo } from '../api/carrier-numbers';

import { AddNumbersDialog } from './add-numbers-dialog';
import { AssignNumberDialog } from './assign-number-dialog';
import { EditNumberDialog } from './edit-number-dialog';
import { NumberListPanel } from './number-list-panel';
import { NumberSearch } from './number-search';
import { OrderNumberDialog } from './order-number-dialog';
import { ReleaseNumberDialog } from './release-number-dialog';
import { ReturnNumberDialog } from './return-number-dialog';

type TOpenDialog =
  | { kind: 'add' }
  | { kind: 'order'; carriers: readonly [TCarrier, ...TCarrier[]] }
  | { kind: 'edit' | 'assign'; number: TAdminNumber }
  | { kind: 'release' | 'return'; number: TAdminNumber; trigger: HTMLElement | null };

const listOf = (value: string | null): TNumberList => NUMBER_LISTS.find((list) => list === value) ?? 'available';
const pageOf = (value: string | null) => Math.max(1, Number.parseInt(value ?? '1', 10) || 1);

/**
 * /admin/numbers (spec 001 §2.11, §4, §8): search, the Available and Assigned tabs, and the dialogs to add, edit,
 * assign and release numbers; where the server has a carrier, to order numbers from it and give them back.
 * The tab, page and search live in the address, so reloading or going back keeps them.
 */
export function NumbersAdmin() {
  const { t } = useTranslation('admin-catalogue');
  const [params, changeSearch] = useSearchState();
  const list = listOf(params.get('tab'));
  const page = pageOf(params.get('page'));
  const query = params.get('q') ?? '';
  const [dialog, setDialog] = useState<TOpenDialog | null>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const orderButton = useRef<HTMLButtonElement>(null);
  // No carrier (or not known yet): no ordering is offered, as none could happen.
  const [firstCarrier, ...otherCarriers] = useCarrierNumbersInfo().data?.carriers ?? [];

  const update = useCallback(
    (next: { tab?: TNumberList; page?: number; q?: string }, replace = false) =>
      changeSearch(
        (latest) => {
          const merged = new URLSearchParams(latest);
          for (const [key, value] of Object.entries(next)) {
            if (value === undefined) continue;
            const isDefault = (key === 'tab' && value === 'available') || (key === 'page' && value === 1) || (key === 'q' && value === '');
            if (isDefault) merged.delete(key);
            else merged.set(key, String(value));
          }
          return merged;
        },
        { replace, preventScrollReset: true },
      ),
    [changeSearch],
  );
  const onPage = useCallback((next: number) => update({ page: next }), [update]);

  const actions = {
    onEdit: (number: TAdminNumber) => setDialog({ kind: 'edit', number }),
    onAssign: (number: TAdminNumber) => setDialog({ kind: 'assign', number }),
    onRelease: (number: TAdminNumber) => setDialog({ kind: 'release', number, trigger: document.activeElement as HTMLElement | null }),
    onReturn: (number: TAdminNumber) => setDialog({ kind: 'return', number, trigger: document.activeElement as HTMLElement | null }),
  };
  // The Release and Give Back buttons leave with the row: focus then goes to the add button, a stable place.
  const focusAfter = (trigger: HTMLElement | null) => () => (trigger?.isConnected ? trigger : addButton.current)?.focus();

  return (
    <div className="flex min-w-0 flex-col gap-8">
      <div className="flex flex-col-reverse gap-4 md:flex-row md:items-start md:justify-between">
        <NumberSearch query={query} onSearch={(q) => update({ q })} {...actions} />
        <div className="flex flex-wrap gap-2 self-start md:mt-6 md:justify-end">
          {firstCarrier ? (
            <Button
              ref={orderButton}
              type="button"
              variant="outline"
              onClick={() => setDialog({ kind: 'order', carriers: [firstCarrier, ...otherCarriers] })}
            >
              {t('numbers.order')}
            </Button>
          ) : null}
          <Button ref={addButton} type="button" onClick={() => setDialog({ kind: 'add' })}>
            {t('numbers.add')}
          </Button>
        </div>
      </div>

      <Tabs value={list} onValueChange={(tab) => update({ tab: listOf(tab), page: 1 })} className="flex min-w-0 flex-col gap-4">
        <TabsList aria-label={t('numbers.tabsLabel')}>
          <TabsTrigger value="available">{t('numbers.available')}</TabsTrigger>
          <TabsTrigger value="assigned">{t('numbers.assigned')}</TabsTrigger>
        </TabsList>
        {NUMBER_LISTS.map((tab) => (
          <TabsContent key={tab} value={tab} className="min-w-0">
            {list === tab ? <NumberListPanel list={tab} page={page} onPage={onPage} {...actions} /> : null}
          </TabsContent>
        ))}
      </Tabs>

      {dialog?.kind === 'add' ? (
        <AddNumbersDialog onClose={() => setDialog(null)} onAdded={() => update({ tab: 'available', page: 1 })} />
      ) : null}
      {dialog?.kind === 'order' ? (
        <OrderNumberDialog
          carriers={dialog.carriers}
          onClose={() => setDialog(null)}
          onOrdered={() => update({ tab: 'available', page: 1 })}
          returnFocus={() => (orderButton.current ?? addButton.current)?.focus()}
        />
      ) : null}
      {dialog?.kind === 'edit' ? <EditNumberDialog number={dialog.number} onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === 'assign' ? <AssignNumberDialog number={dialog.number} onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === 'release' ? (
        <ReleaseNumberDialog number={dialog.number} onClose={() => setDialog(null)} returnFocus={focusAfter(dialog.trigger)} />
      ) : null}
      {dialog?.kind === 'return' ? (
        <ReturnNumberDialog number={dialog.number} onClose={() => setDialog(null)} returnFocus={focusAfter(dialog.trigger)} />
      ) : null}
    </div>
  );
}
