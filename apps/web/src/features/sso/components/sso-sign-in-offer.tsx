import { SSO_FAILURES, type TSsoFailure } from '@faxline/shared';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';

import { Button } from '@/components/ui/button';
import { useDebouncedValue } from '@/lib/use-debounced-value';

import { ssoStartHref, useSsoDiscovery } from '../api/discover-sso';

const ADDRESS = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

/**
 * The sign-in page's offer: once the address typed is of a domain whose organisation signs in through its identity
 * provider, "Continue with SSO", a link to the server's start (a full page load: the provider's pages follow).
 */
export function SsoSignInOffer({ identifier }: { identifier: string }) {
  const { t } = useTranslation('sso');
  const typed = useDebouncedValue(identifier.trim().toLowerCase(), 300);
  const email = ADDRESS.test(typed) ? typed : null;
  const discovery = useSsoDiscovery(email);
  if (!email || !discovery.data?.sso) return null;
  return (
    <div className="flex flex-col gap-3 rounded-md border border-l-4 border-l-primary bg-accent p-4 text-sm text-accent-foreground">
      <p>{t('signIn.offer', { domain: email.split('@')[1] })}</p>
      <Button asChild>
        <a href={ssoStartHref(email)}>{t('signIn.continue')}</a>
      </Button>
    </div>
  );
}

/** Why the last single sign-on came back refused (`?sso=<reason>` from the server), in the reader's language. */
export function SsoFailureNotice() {
  const { t } = useTranslation('sso');
  const reason = new URLSearchParams(useLocation().search).get('sso');
  if (!reason || !(SSO_FAILURES as readonly string[]).includes(reason)) return null;
  return (
    <div role="alert" className="flex flex-col gap-1 rounded-md border border-l-4 border-l-destructive p-4 text-sm">
      <p className="font-semibold">{t('failures.title')}</p>
      <p>{t(`failures.${reason as TSsoFailure}`)}</p>
    </div>
  );
}
