import type { TAdminPlan } from '@faxline/shared';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';

import { useAdminPlans } from '../api/get-admin-plans';
import { useCreatePayPalPlans } from '../api/create-paypal-plans';
import { useCreateStripePrices } from '../api/create-stripe-prices';
import { useSetPlanArchived } from '../api/set-plan-archived';

import { AdminPlanCard } from './admin-plan-card';
import { DeletePlanDialog } from './delete-plan-dialog';
import { PlanFormDialog } from './plan-form-dialog';

type TOpenDialog = { kind: 'form'; plan: TAdminPlan | null } | { kind: 'delete'; plan: TAdminPlan; trigger: HTMLElement };

/**
 * /admin/plans (spec 001 §2.11; DESIGN.md "Plans"): the catalogue as cards, archived plans included, with the
 * create/edit dialog, archive and restore, and delete for plans nobody uses.
 */
export function PlansAdmin() {
  const { t } = useTranslation('admin-catalogue');
  const plans = useAdminPlans();
  const setArchived = useSetPlanArchived();
  const createStripePrices = useCreateStripePrices();
  const createPayPalPlans = useCreatePayPalPlans();
  const [dialog, setDialog] = useState<TOpenDialog | null>(null);
  const addButton = useRef<HTMLButtonElement>(null);

  const archive = async (plan: TAdminPlan, archived: boolean) => {
    try {
      await setArchived.mutateAsync({ id: plan.id, archived });
      toast(
        archived
          ? { title: t('plans.toasts.archivedTitle'), description: t('plans.toasts.archivedDescription', { name: plan.name }) }
          : { title: t('plans.toasts.restoredTitle'), description: t('plans.toasts.restoredDescription', { name: plan.name }) },
      );
    } catch (error) {
      toast({
        title: archived ? t('plans.toasts.archiveFailedTitle') : t('plans.toasts.restoreFailedTitle'),
        description: error instanceof ApiError ? error.message : t('common.unknownError'),
        variant: 'destructive',
      });
    }
  };

  const priceInStripe = async (plan: TAdminPlan) => {
    try {
      await createStripePrices.mutateAsync(plan.id);
      toast({ title: t('plans.toasts.stripeCreatedTitle'), description: t('plans.toasts.stripeCreatedDescription', { name: plan.name }) });
    } catch (error) {
      toast({
        title: t('plans.toasts.stripeFailedTitle'),
        description: error instanceof ApiError ? error.message : t('common.unknownError'),
        variant: 'destructive',
      });
    }
  };

  const sellThroughPayPal = async (plan: TAdminPlan) => {
    try {
      await createPayPalPlans.mutateAsync(plan.id);
      toast({ title: t('plans.toasts.paypalCreatedTitle'), description: t('plans.toasts.paypalCreatedDescription', { name: plan.name }) });
    } catch (error) {
      toast({
        title: t('plans.toasts.paypalFailedTitle'),
        description: error instanceof ApiError ? error.message : t('common.unknownError'),
        variant: 'destructive',
      });
    }
  };

  const content = () => {
    if (plans.isPending) {
      return (
        <p role="status" className="rounded-lg border p-6 text-muted-foreground">
          {t('plans.loading')}
        </p>
      );
    }
    if (plans.isError) {
      return (
        <div role="alert" className="flex flex-col items-start gap-3 rounded-lg border border-l-4 border-l-destructive p-6">
          <p className="font-semibold">{t('plans.loadFailed')}</p>
          <p className="text-muted-foreground">{plans.error instanceof ApiError ? plans.error.message : t('common.unknownError')}</p>
          <Button type="button" variant="outline" onClick={() => void plans.refetch()}>
            {t('common.retry')}
          </Button>
        </div>
      );
    }
    if (plans.data.plans.length === 0) {
      return (
        <p role="status" className="rounded-lg border p-6 text-center font-medium">
          {t('plans.empty')}
        </p>
      );
    }
    return (
      <ul className="grid gap-6 md:grid-cols-2 xl:grid-cols-3" aria-label={t('plans.listLabel')}>
        {plans.data.plans.map((plan) => (
          <li key={plan.id}>
            <AdminPlanCard
              plan={plan}
              busy={
                (setArchived.isPending && setArchived.variables?.id === plan.id) ||
                (createStripePrices.isPending && createStripePrices.variables === plan.id) ||
                (createPayPalPlans.isPending && createPayPalPlans.variables === plan.id)
              }
              onEdit={() => setDialog({ kind: 'form', plan })}
              onArchive={(archived) => void archive(plan, archived)}
              onDelete={(trigger) => setDialog({ kind: 'delete', plan, trigger })}
              onCreateInStripe={() => void priceInStripe(plan)}
              onCreateInPayPal={() => void sellThroughPayPal(plan)}
            />
          </li>
        ))}
      </ul>
    );
  };

  return (
    <div className="flex flex-col gap-6">
      <div>
        <Button ref={addButton} type="button" onClick={() => setDialog({ kind: 'form', plan: null })}>
          {t('plans.add')}
        </Button>
      </div>
      {content()}
      {dialog?.kind === 'form' ? <PlanFormDialog plan={dialog.plan} onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === 'delete' ? (
        <DeletePlanDialog
          plan={dialog.plan}
          onClose={() => setDialog(null)}
          returnFocus={() => (dialog.trigger.isConnected ? dialog.trigger : addButton.current)?.focus()}
        />
      ) : null}
    </div>
  );
}
