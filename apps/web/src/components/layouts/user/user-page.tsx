import { roleMay, type TRolePermission } from '@faxline/shared';
import type { ReactNode } from 'react';

import { useAccountSummary } from '@/lib/account/get-account-summary';

type TUserPageProps = { title: ReactNode; intro: ReactNode; children: ReactNode };

/** A page of the user area: its only h1 and a short introduction above what it holds. */
export function UserPage({ title, intro, children }: TUserPageProps) {
  return (
    <section className="mx-auto flex w-full max-w-4xl min-w-0 flex-col gap-8 px-4 py-10">
      <div className="flex flex-col gap-2">
        <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
        <p className="text-muted-foreground">{intro}</p>
      </div>
      {children}
    </section>
  );
}

type TForRolesThatMayProps = {
  permission: TRolePermission;
  /** Said while the person's role is not known yet. */
  checking: ReactNode;
  /** Said to a role without the permission: who can help. */
  notAllowed: ReactNode;
  children: ReactNode;
};

/**
 * What only the roles with a permission may use. Anyone else who opens the page is told who can help; the server
 * refuses them all the same.
 */
export function ForRolesThatMay({ permission, checking, notAllowed, children }: TForRolesThatMayProps) {
  const account = useAccountSummary();
  const role = account.data?.role;
  if (account.isPending) {
    return (
      <p role="status" className="text-muted-foreground">
        {checking}
      </p>
    );
  }
  if (role && roleMay(role, permission)) return children;
  return (
    <p role="note" className="rounded-lg border border-dashed p-4">
      {notAllowed}
    </p>
  );
}
