import type { TRoutingRule } from '@faxline/shared';
import { useTranslation } from 'react-i18next';

import { ActionConfirmDialog } from '@/components/ui/action-confirm-dialog';

import { useDeleteRoutingRule } from '../api/delete-routing-rule';

type TDeleteRuleDialogProps = { rule: TRoutingRule; onClose: () => void; returnFocus: () => void };

/** Asks before deleting a rule, naming it: faxes it placed stay where they are, new ones are no longer placed by it. */
export function DeleteRuleDialog({ rule, onClose, returnFocus }: TDeleteRuleDialogProps) {
  const { t } = useTranslation('routing');
  const remove = useDeleteRoutingRule();
  const { name } = rule;

  return (
    <ActionConfirmDialog
      title={t('rules.deleteDialog.title')}
      description={t('rules.deleteDialog.description', { name })}
      cancelLabel={t('rules.deleteDialog.cancel')}
      confirmLabel={t('rules.deleteDialog.confirm')}
      pendingLabel={t('rules.deleteDialog.deleting')}
      action={{ run: () => remove.mutateAsync(rule.id), pending: remove.isPending }}
      done={{ title: t('rules.toasts.deletedTitle'), description: t('rules.toasts.deletedDescription', { name }) }}
      failedTitle={t('rules.toasts.deleteFailedTitle')}
      onClose={onClose}
      returnFocus={returnFocus}
    />
  );
}
