import { storedRoleOf, type TMember } from '@faxline/shared';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { Dialog, DialogContent, DialogDescription, DialogFormButtons, DialogTitle } from '@/components/ui/dialog';
import { toast } from '@/lib/toast';

import { useUpdateMemberRole } from '../api/update-member-role';
import { failureMessage } from '../utils/failure-message';
import type { TMemberRole } from '../utils/member-checks';

import { RoleField } from './role-field';

type TMemberRoleDialogProps = {
  member: TMember;
  /** The member's current role as the spec names it. */
  current: TMemberRole;
  onClose: () => void;
  onCloseAutoFocus: (event: Event) => void;
};

/** Changes the role of a sub-user: the same choices as when adding one, saved with one button. */
export function MemberRoleDialog({ member, current, onClose, onCloseAutoFocus }: TMemberRoleDialogProps) {
  const { t } = useTranslation(['members', 'errors']);
  const updateRole = useUpdateMemberRole();
  const [role, setRole] = useState(current);
  const saving = updateRole.isPending;

  const save = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // Nothing changed: nothing to send or announce.
    if (role === current) return onClose();
    try {
      await updateRole.mutateAsync({ userId: member.userId, role });
      toast({
        title: t('toasts.roleChangedTitle'),
        description: t('toasts.roleChangedDescription', { name: member.name, role: t(`roles.${storedRoleOf(role)}`) }),
      });
    } catch (error) {
      toast({ title: t('toasts.roleFailedTitle'), description: failureMessage(error, t('errors:api.unknown')), variant: 'destructive' });
    }
    onClose();
  };

  return (
    <Dialog open onOpenChange={(open) => (open || saving ? null : onClose())}>
      <DialogContent closeLabel={t('roleDialog.close')} className="max-w-md" onCloseAutoFocus={onCloseAutoFocus}>
        <DialogTitle>{t('roleDialog.title', { name: member.name })}</DialogTitle>
        <DialogDescription>{t('roleDialog.description', { name: member.name })}</DialogDescription>
        <form onSubmit={(event) => void save(event)} className="flex flex-col gap-4">
          <RoleField value={role} onChange={setRole} disabled={saving} />
          <DialogFormButtons
            busy={saving}
            cancelLabel={t('roleDialog.cancel')}
            submitLabel={saving ? t('roleDialog.saving') : t('roleDialog.save')}
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
