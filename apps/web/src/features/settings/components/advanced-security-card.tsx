import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { Badge } from '@/components/ui/badge';
import { KeyIcon, LockIcon, ShieldIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';

/** The card's anchor, and the other spelling that links use for it (spec 001 §2.5: both must reach the card). */
export const ADVANCED_SECURITY_ID = 'advanced-security';
export const ADVANCED_SECURITY_ALIASES = ['advanced-security-settings'] as const;

const linkClass = 'w-fit text-sm font-medium text-primary underline underline-offset-4 hover:no-underline';

type TInfoRowProps = { icon: ReactNode; title: string; badge?: string; body: string; link: { to: string; label: string } };

function RowIcon({ children }: { children: ReactNode }) {
  return (
    <span aria-hidden="true" className="mt-0.5 grid size-9 shrink-0 place-items-center rounded-full bg-accent text-accent-foreground">
      {children}
    </span>
  );
}

function InfoRow({ icon, title, badge, body, link }: TInfoRowProps) {
  return (
    <div className="flex gap-4">
      <RowIcon>{icon}</RowIcon>
      <div className="flex flex-col gap-1">
        <h3 className="flex flex-wrap items-center gap-2 font-semibold">
          {title}
          {badge ? <Badge variant="muted">{badge}</Badge> : null}
        </h3>
        <p className="text-sm text-muted-foreground">{body}</p>
        <Link to={link.to} className={linkClass}>
          {link.label}
        </Link>
      </div>
    </div>
  );
}

/**
 * Advanced Security (spec 001 §2.5): what single sign-on is, two-factor sign-in (managed by the block the page passes
 * in, from the two-factor feature), and PGP encryption, which is planned.
 */
export function AdvancedSecurityCard({ twoFactor }: { twoFactor: ReactNode }) {
  const { t } = useTranslation('settings');
  const securityPage = paths.securityPrivacy.getHref();
  return (
    <section
      id={ADVANCED_SECURITY_ID}
      aria-labelledby="advanced-security-heading"
      className="flex scroll-mt-24 flex-col gap-6 rounded-lg border p-6"
    >
      <div className="flex flex-col gap-1">
        <h2 id="advanced-security-heading" className="text-xl font-semibold">
          {t('security.title')}
        </h2>
        <p className="text-sm text-muted-foreground">{t('security.description')}</p>
      </div>
      <InfoRow
        icon={<KeyIcon className="size-4" />}
        title={t('security.sso.title')}
        body={t('security.sso.body')}
        link={{ to: `${securityPage}#sso`, label: t('security.sso.link') }}
      />
      {/* Laid out like the rows around it; hidden if the block renders nothing. */}
      <div className="flex gap-4 has-[>div:empty]:hidden">
        <RowIcon>
          <ShieldIcon className="size-4" />
        </RowIcon>
        <div className="min-w-0 flex-1">{twoFactor}</div>
      </div>
      <InfoRow
        icon={<LockIcon className="size-4" />}
        title={t('security.pgp.title')}
        badge={t('security.pgp.badge')}
        body={t('security.pgp.body')}
        link={{ to: `${securityPage}#pgp-encryption`, label: t('security.pgp.link') }}
      />
    </section>
  );
}
