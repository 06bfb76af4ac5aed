import type { TSessionUser } from '@faxline/shared';
import Avatar from 'boring-avatars';
import { useState } from 'react';

import { initials } from '@/lib/auth/user-names';
import { cn } from '@/lib/utils';

// The brand's colours (spec 001 §9: #6D28D9 primary, #DB2777 secondary) and lighter tints of them.
const GENERATED_COLOURS = ['#6d28d9', '#db2777', '#a78bfa', '#f5f3ff', '#fbcfe8'];

type TUserAvatarProps = {
  user: Pick<TSessionUser, 'name' | 'email' | 'image'>;
  className?: string;
};

/**
 * The person's avatar (spec 001 §2.2): their picture when they have one, with their initials until it loads and if it
 * cannot (another site's picture is blocked by the Content-Security-Policy); without one, an image generated from the
 * e-mail address. Decorative: what holds it names the person.
 */
export function UserAvatar({ user, className }: TUserAvatarProps) {
  // Which picture has loaded or failed; a new picture starts again from the initials.
  const [outcome, setOutcome] = useState<{ src: string; loaded: boolean } | null>(null);
  const frame = cn('relative grid size-9 shrink-0 place-items-center overflow-hidden rounded-full', className);

  if (!user.image) {
    return (
      <span aria-hidden="true" data-avatar="generated" className={frame}>
        <Avatar name={user.email} variant="beam" colors={GENERATED_COLOURS} size="100%" aria-hidden="true" />
      </span>
    );
  }
  const src = user.image;
  const known = outcome?.src === src ? outcome : null;
  const loaded = known?.loaded === true;
  return (
    <span aria-hidden="true" data-avatar={loaded ? 'image' : 'initials'} className={cn(frame, 'bg-primary text-primary-foreground')}>
      {loaded ? null : <span className="text-xs font-semibold">{initials(user.name, user.email)}</span>}
      {known?.loaded === false ? null : (
        <img
          src={src}
          alt=""
          onLoad={() => setOutcome({ src, loaded: true })}
          onError={() => setOutcome({ src, loaded: false })}
          referrerPolicy="no-referrer"
          className="absolute inset-0 size-full object-cover"
        />
      )}
    </span>
  );
}
