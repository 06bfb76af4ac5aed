import type { TSessionUser } from '@faxline/shared';
import type { ComponentProps } from 'react';

import { initials } from '@/lib/auth/user-names';
import { cn } from '@/lib/utils';

type TAccountTriggerProps = ComponentProps<'button'> & { user: TSessionUser };

/** The account menu's button: initials and the e-mail address (spec 000 §2: the dropdown shows the user's email). */
export function AccountTrigger({ user, className, ...props }: TAccountTriggerProps) {
  return (
    <button
      type="button"
      className={cn(
        'inline-flex h-9 max-w-[11rem] items-center gap-2 rounded-md border border-input bg-background py-1 pr-2 pl-1 text-sm font-medium outline-hidden hover:bg-accent hover:text-accent-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 disabled:opacity-50 data-[state=open]:bg-accent sm:max-w-[16rem]',
        className,
      )}
      {...props}
    >
      <span
        aria-hidden="true"
        className="grid size-7 shrink-0 place-items-center rounded-full bg-primary text-xs font-semibold text-primary-foreground"
      >
        {initials(user.name, user.email)}
      </span>
      <span className="truncate">{user.email}</span>
      <svg aria-hidden="true" viewBox="0 0 16 16" className="size-4 shrink-0" fill="none" stroke="currentColor" strokeWidth="1.5">
        <path d="m4 6 4 4 4-4" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
    </button>
  );
}
