import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { PlanLacks, usePlanFull } from '@/components/layouts/user/plan-lacks';
import { ApiError } from '@/lib/api-client';
import { useAuth } from '@/lib/auth/use-auth';

import { isNotAllowed, useMembers } from '../api/get-members';

import { AddMemberForm } from './add-member-form';
import { InvitationsList } from './invitations-list';
import { MembersList } from './members-list';

/**
 * The form and the account's list for those who manage members (the owner and sub-admins); for anyone else, why not.
 * The server decides: its refusal of the list (403) is what shows the explanation, so the page never offers a form
 * that would only be refused.
 */
export function MemberAdministration() {
  const { t } = useTranslation('members');
  const { user } = useAuth();
  const members = useMembers();
  // Everyone on the account and every open invitation count against the plan's users, as on the server.
  const planFull = usePlanFull((members.data?.members.length ?? 0) + (members.data?.invitations.length ?? 0));

  if (members.isPending) {
    return (
      <p role="status" className="rounded-lg border p-6 text-muted-foreground">
        {t('list.loading')}
      </p>
    );
  }
  if (members.isError) return isNotAllowed(members.error) ? <NotAllowed /> : <LoadFailed error={members.error} retry={members.refetch} />;
  return (
    <>
      {planFull ? <PlanLacks what="users" plan={planFull} /> : <AddMemberForm />}
      <InvitationsList invitations={members.data.invitations} />
      <MembersList members={members.data.members} viewerId={user?.id} />
    </>
  );
}

function NotAllowed() {
  const { t } = useTranslation('members');
  return (
    <section aria-labelledby="members-not-allowed-heading" className="flex flex-col gap-2 rounded-lg border bg-muted/50 p-6">
      <h2 id="members-not-allowed-heading" className="text-xl font-semibold">
        {t('notAllowed.title')}
      </h2>
      <p className="text-muted-foreground">{t('notAllowed.description')}</p>
    </section>
  );
}

function LoadFailed({ error, retry }: { error: Error; retry: () => Promise<unknown> }) {
  const { t } = useTranslation('members');
  return (
    <div role="alert" className="flex flex-col items-start gap-3 rounded-lg border p-6">
      <p className="font-medium">{t('list.loadFailed')}</p>
      {error instanceof ApiError ? <p className="text-sm text-muted-foreground">{error.message}</p> : null}
      <Button type="button" variant="outline" onClick={() => void retry()}>
        {t('list.retry')}
      </Button>
    </div>
  );
}
