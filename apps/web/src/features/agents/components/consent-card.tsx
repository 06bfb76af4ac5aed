import type { TApiKeyScope, TOAuthConsent } from '@faxline/shared';
import { useTranslation } from 'react-i18next';

import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api-client';

import { useDecideConsent } from '../api/agents-api';

/** A scope's text in the page's messages: `faxes:read` is `scopes.faxes.read` (a colon would name a namespace). */
const scopeTextKey = (scope: TApiKeyScope) =>
  `scopes.${scope.replace(':', '.')}` as `scopes.${'faxes' | 'contacts'}.${'read' | 'write'}` | 'scopes.webhooks.manage';

/**
 * The question an app or AI agent asks (OAuth consent): its name as it registered itself, what it may do, for which
 * account and as whom. Either answer sends the browser back to the authorization server, which tells the app.
 */
export function ConsentCard({ consent }: { consent: TOAuthConsent }) {
  const { t } = useTranslation('agents');
  const decide = useDecideConsent(consent.uid);
  const answer = (approve: boolean) =>
    decide.mutate(approve, {
      onSuccess: ({ redirectTo }) => window.location.assign(redirectTo),
    });

  return (
    <div className="flex flex-col gap-6 rounded-lg border p-6">
      <p className="text-lg">{t('consent.asks', { app: consent.clientName, account: consent.accountName })}</p>
      {consent.clientUri ? <p className="text-sm text-muted-foreground">{t('consent.website', { address: consent.clientUri })}</p> : null}
      <div className="flex flex-col gap-2">
        <h2 className="font-semibold">{t('consent.scopesTitle')}</h2>
        <ul className="flex flex-col gap-2">
          {consent.scopes.map((scope) => (
            <li key={scope} className="flex flex-wrap items-center gap-2">
              <Badge variant="accent" translate="no" className="font-mono">
                {scope}
              </Badge>
              <span>{t(scopeTextKey(scope))}</span>
            </li>
          ))}
        </ul>
      </div>
      <div className="flex flex-col gap-2">
        <h2 className="font-semibold">{t('consent.doorsTitle')}</h2>
        <ul className="list-disc ps-5">
          {consent.doors.map((door) => (
            <li key={door}>{t(`consent.doors.${door}`)}</li>
          ))}
        </ul>
      </div>
      <p className="text-sm text-muted-foreground">{t('consent.as', { email: consent.personEmail })}</p>
      <p className="text-sm text-muted-foreground">{t('consent.revokeLater')}</p>
      {decide.error instanceof ApiError ? (
        <p role="alert" className="text-sm text-destructive">
          {decide.error.message}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-3">
        <Button type="button" onClick={() => answer(true)} disabled={decide.isPending || decide.isSuccess}>
          {t('consent.allow', { app: consent.clientName })}
        </Button>
        <Button type="button" variant="outline" onClick={() => answer(false)} disabled={decide.isPending || decide.isSuccess}>
          {t('consent.deny')}
        </Button>
      </div>
    </div>
  );
}
