import type { TSsoServiceProvider } from '@faxline/shared';
import type { TConfig } from '../platform/config';
import type { SystemSettings } from '../system-settings/system-settings';
import { AppError } from '../platform/http/app-error';

/** Where the identity provider sends people back with their OIDC code (one for every account: the state names it). */
export const OIDC_CALLBACK_PATH = '/api/sso/oidc/callback';
export const samlAcsPath = (accountId: string) => `/api/sso/saml/${encodeURIComponent(accountId)}/acs`;
export const samlMetadataPath = (accountId: string) => `/api/sso/saml/${encodeURIComponent(accountId)}/metadata`;

/**
 * Faxline's own values for an account, to give its identity provider. The SAML entity id is the metadata's URL, one per
 * account, so that an assertion made for one account's audience is refused by any other.
 */
export function serviceProviderOf(config: Pick<TConfig, 'publicUrl'>, accountId: string): TSsoServiceProvider {
  const metadata = `${config.publicUrl}${samlMetadataPath(accountId)}`;
  return {
    oidcRedirectUri: `${config.publicUrl}${OIDC_CALLBACK_PATH}`,
    samlEntityId: metadata,
    samlAcsUrl: `${config.publicUrl}${samlAcsPath(accountId)}`,
    samlMetadataUrl: metadata,
  };
}

/** The platform's switch (back office, `ssoEnabled`): off, no account connects or signs in through its provider. */
export async function ssoOnPlatform(systemSettings: Pick<SystemSettings, 'current'>): Promise<boolean> {
  return (await systemSettings.current()).ssoEnabled;
}

export async function assertSsoOnPlatform(systemSettings: Pick<SystemSettings, 'current'>): Promise<void> {
  if (!(await ssoOnPlatform(systemSettings))) throw new AppError('permission_denied', 'sso.platformDisabled');
}
