import { createECDH, createHmac } from 'node:crypto';
import { API_KEY_SCOPES } from '@faxline/shared';
import Provider from 'oidc-provider';
import type { Database } from '../platform/db/client';
import { postgresAdapterOf } from './adapter';

/** Where the MCP server answers: a resource its tokens are for (RFC 8707, RFC 9728). */
export const MCP_PATH = '/mcp';
/** The REST API: the other resource (an app names it in `resource`; a token for one door does not open the other). */
export const V1_PATH = '/v1';
/** Where RFC 9728's metadata of a protected resource (a door: MCP_PATH, V1_PATH) is: routes.ts serves it. */
export const PROTECTED_RESOURCE_METADATA = '/.well-known/oauth-protected-resource';
export const protectedResourceMetadataUrl = (publicUrl: string, path: string) => `${publicUrl}${PROTECTED_RESOURCE_METADATA}${path}`;

/** The portal page that asks the signed-in person to approve an app (apps/web, paths.ts `oauthConsent`). */
export const CONSENT_PAGE = '/user/connect';

const HOUR = 3600;
const DAY = 24 * HOUR;

/**
 * Faxline's OAuth 2.1 authorization server (decision 130): oidc-provider, with its records in PostgreSQL, mounted at
 * /oauth. Authorization code with PKCE (S256, always), dynamic client registration (RFC 7591), rotating refresh
 * tokens, revocation (RFC 7009), metadata (RFC 8414); its access tokens are opaque, each for one of two resources
 * (RFC 8707): the MCP server (the default, since MCP clients of the first specifications named none) or /v1, with the
 * API keys' scopes. The consent is the portal's: the interaction goes to CONSENT_PAGE.
 */
export function createAuthorizationServer(deps: { db: Database; publicUrl: string; secret: string; trustProxy: boolean }) {
  const resources = { mcp: `${deps.publicUrl}${MCP_PATH}`, v1: `${deps.publicUrl}${V1_PATH}` };
  const known: readonly string[] = Object.values(resources);
  const provider = new Provider(deps.publicUrl, {
    adapter: postgresAdapterOf(deps.db),
    clients: [],
    // The API's scopes are also the server's own (a client registers with them, RFC 7591 `scope`); its tokens carry
    // them for the resource (getResourceServerInfo).
    scopes: ['openid', 'offline_access', ...API_KEY_SCOPES],
    claims: { openid: ['sub'] },
    jwks: { keys: [signingKeyOf(deps.secret)] },
    clientDefaults: { id_token_signed_response_alg: 'ES256', grant_types: ['authorization_code', 'refresh_token'] },
    cookies: { keys: [createHmac('sha256', deps.secret).update('oauth-cookies').digest('base64url')] },
    pkce: { required: () => true },
    features: {
      devInteractions: { enabled: false },
      registration: { enabled: true },
      revocation: { enabled: true },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => resources.mcp,
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx: unknown, indicator: string) => {
          if (!known.includes(indicator)) throw new Error(`unknown resource ${indicator}`);
          return { scope: API_KEY_SCOPES.join(' '), audience: indicator, accessTokenFormat: 'opaque', accessTokenTTL: HOUR };
        },
      },
    },
    // An app that connected keeps working through its refresh token (rotated on every use) until it is revoked.
    issueRefreshToken: async (_ctx: unknown, client: { grantTypeAllowed(type: string): boolean }) =>
      client.grantTypeAllowed('refresh_token'),
    rotateRefreshToken: true,
    ttl: { AccessToken: HOUR, AuthorizationCode: 60, Grant: 365 * DAY, Interaction: HOUR, RefreshToken: 90 * DAY, Session: 14 * DAY },
    routes: {
      authorization: '/oauth/authorize',
      token: '/oauth/token',
      registration: '/oauth/register',
      revocation: '/oauth/revoke',
      jwks: '/oauth/jwks',
      end_session: '/oauth/logout',
      userinfo: '/oauth/userinfo',
      pushed_authorization_request: '/oauth/par',
    },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `${CONSENT_PAGE}/${interaction.uid}` },
    // The subject is the Faxline person; which account they connected is the connection's (oauth/connections.ts).
    findAccount: async (_ctx: unknown, sub: string) => ({ accountId: sub, claims: async () => ({ sub }) }),
  });
  provider.proxy = deps.trustProxy;
  return { provider, resources, issuer: deps.publicUrl };
}

export type AuthorizationServer = ReturnType<typeof createAuthorizationServer>;

/**
 * The ID tokens' signing key (ES256), the same in every process: its private scalar is derived from the server's
 * secret, so that no key has to be stored or shared. Access tokens are opaque and need no key.
 */
function signingKeyOf(secret: string) {
  const d = createHmac('sha256', secret).update('oauth-signing-key').digest();
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(d);
  const point = ecdh.getPublicKey();
  return {
    kty: 'EC',
    crv: 'P-256',
    alg: 'ES256',
    use: 'sig',
    d: d.toString('base64url'),
    x: point.subarray(1, 33).toString('base64url'),
    y: point.subarray(33, 65).toString('base64url'),
  };
}
