import type { TAdminPlan } from '@faxline/shared';
import { useTranslation } from 'react-i18next';

import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';

import { useDeletePlan } from '../api/delete-plan';

type TDeletePlanDialogProps = {
  plan: TAdminPlan;
  onClose: () => void;
  /** Where focus goes when the dialog closes (the Delete button is gone once the plan is). */
  returnFocus: () => void;
};

/** Asks before deleting a plan nobody uses; the server refuses (409, archive instead) if an account is on it by now. */
export function DeletePlanDialog({ plan, onClose, returnFocus }: TDeletePlanDialogProps) {
  const { t } = useTranslation('admin-catalogue');
  const deletePlan = useDeletePlan();

  const confirm = async () => {
    try {
      await deletePlan.mutateAsync(plan.id);
      toast({ title: t('plans.toasts.deletedTitle'), description: t('plans.toasts.deletedDescription', { name: plan.name }) });
    } catch (error) {
      toast({
        title: t('plans.toasts.deleteFailedTitle'),
        description: error instanceof ApiError ? error.message : t('common.unknownError'),
        variant: 'destructive',
      });
    }
    onClose();
  };

  return (
    <ConfirmDialog
      title={t('plans.deleteDialog.title', { name: plan.name })}
      description={t('plans.deleteDialog.description')}
      cancelLabel={t('common.cancel')}
      confirmLabel={t('plans.deleteDialog.confirm')}
      pendingLabel={t('plans.deleteDialog.deleting')}
      pending={deletePlan.isPending}
      onConfirm={() => void confirm()}
      onCancel={onClose}
      returnFocus={returnFocus}
    />
  );
}
