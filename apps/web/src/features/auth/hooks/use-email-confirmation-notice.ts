import { EMAIL_CONFIRMED_NEXT_PARAM, EMAIL_CONFIRMED_PARAM, isSafePath } from '@faxline/shared';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';

import { toast } from '@/lib/toast';

/**
 * Where a confirmation link lands (EMAIL_CONFIRMED_LANDING, the server's callbackURL; Better Auth adds `error` when the
 * link is not valid): says that the address is now confirmed (and the person signed in), or that the link
 * had expired or was used already, then takes the query off the address so that a reload does not say it again, or
 * goes on to the page the person signed up on the way to (`next`, EMAIL_CONFIRMED_NEXT_PARAM). The
 * texts are loaded only then: the landing page does not pay for them otherwise.
 */
export function useEmailConfirmationNotice(): void {
  const { i18n } = useTranslation();
  const { search, pathname, hash } = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    const query = new URLSearchParams(search);
    if (query.get(EMAIL_CONFIRMED_PARAM) !== 'email') return;
    const failed = query.has('error');
    void i18n.loadNamespaces('auth').then(() =>
      toast(
        failed
          ? {
              title: i18n.t('auth:confirmation.failedTitle'),
              description: i18n.t('auth:confirmation.failedDescription'),
              variant: 'destructive',
            }
          : { title: i18n.t('auth:confirmation.doneTitle'), description: i18n.t('auth:confirmation.doneDescription') },
      ),
    );
    // Confirmed on the way to a page (a plan chosen on /pricing before signing up): the person goes on there.
    const next = query.get(EMAIL_CONFIRMED_NEXT_PARAM);
    if (!failed && next !== null && isSafePath(next)) {
      void navigate(next, { replace: true });
      return;
    }
    query.delete(EMAIL_CONFIRMED_PARAM);
    query.delete(EMAIL_CONFIRMED_NEXT_PARAM);
    query.delete('error');
    const rest = query.toString();
    void navigate({ pathname, search: rest ? `?${rest}` : '', hash }, { replace: true });
  }, [search, pathname, hash, i18n, navigate]);
}
