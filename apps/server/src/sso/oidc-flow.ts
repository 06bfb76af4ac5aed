import { and, eq, gt, lt } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import * as oidc from 'openid-client';
import type { TConfig } from '../platform/config';
import type { Database } from '../platform/db/client';
import { bindBrowser, boundBrowserOf, unbindBrowser } from './browser-binding';
import { discoverOidc } from './connection';
import { finishSsoSignIn, type SignInDeps } from './finish-sign-in';
import { SsoRefusal } from './join-person';
import { ssoRequests } from './schema';
import { openSsoSecret } from './secrets';
import { serviceProviderOf } from './service-provider';
import type { SsoConnectionRow } from './sso-account';

/** How long a person has at their identity provider before the sign-in must start again. */
export const REQUEST_SECONDS = 10 * 60;

async function configurationOf(config: TConfig, connection: SsoConnectionRow) {
  const secret = connection.oidcClientSecret ? await openSsoSecret(config, connection.oidcClientSecret) : undefined;
  return discoverOidc(config, connection.oidcIssuer!, connection.oidcClientId!, secret);
}

/**
 * Starts an OpenID Connect sign-in: the authorization code flow with PKCE, a state and a nonce, all three kept in the
 * request's record (bound to this browser); answers the identity provider's URL to send the browser to.
 */
export async function startOidcSignIn(
  deps: { db: Database; config: TConfig },
  reply: FastifyReply,
  connection: SsoConnectionRow,
  email: string,
): Promise<string> {
  const configuration = await configurationOf(deps.config, connection);
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const codeVerifier = oidc.randomPKCECodeVerifier();
  const browserHash = bindBrowser(reply, deps.config.secureTransport, REQUEST_SECONDS);
  // Spent or abandoned requests go as new ones come, so the table holds minutes of them.
  await deps.db.delete(ssoRequests).where(lt(ssoRequests.expiresAt, new Date()));
  await deps.db.insert(ssoRequests).values({
    id: state,
    accountId: connection.accountId,
    protocol: 'oidc',
    nonce,
    codeVerifier,
    browserHash,
    expiresAt: new Date(Date.now() + REQUEST_SECONDS * 1000),
  });
  return oidc.buildAuthorizationUrl(configuration, {
    redirect_uri: serviceProviderOf(deps.config, connection.accountId).oidcRedirectUri,
    scope: 'openid email profile',
    state,
    nonce,
    code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    login_hint: email,
  }).href;
}

/**
 * The identity provider's redirect back: the request is found by its state in this browser and spent, then
 * openid-client exchanges the code (with the PKCE verifier) and checks the ID token's signature, issuer, audience,
 * expiry and nonce. A refusal names the account it was for, so that its audit trail keeps it.
 */
export async function finishOidcSignIn(
  deps: SignInDeps & { connectionOf: (accountId: string) => Promise<SsoConnectionRow | null> },
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<void> {
  const url = new URL(request.url, deps.config.publicUrl);
  const state = url.searchParams.get('state') ?? '';
  const browser = boundBrowserOf(request, deps.config.secureTransport);
  unbindBrowser(reply, deps.config.secureTransport);
  const [pending] = browser
    ? await deps.db
        .delete(ssoRequests)
        .where(
          and(
            eq(ssoRequests.id, state),
            eq(ssoRequests.protocol, 'oidc'),
            eq(ssoRequests.browserHash, browser),
            gt(ssoRequests.expiresAt, new Date()),
          ),
        )
        .returning()
    : [];
  if (!pending) throw new SsoRefusal('expired');
  const connection = await deps.connectionOf(pending.accountId);
  if (!connection || connection.protocol !== 'oidc') throw new SsoRefusal('no_connection').for(pending.accountId);
  const refuse = (reason: 'invalid_response', detail: string) => new SsoRefusal(reason, detail).for(connection.accountId);
  if (url.searchParams.get('error'))
    throw refuse('invalid_response', `${url.searchParams.get('error')}: ${url.searchParams.get('error_description') ?? ''}`);
  let claims: oidc.IDToken | undefined;
  try {
    const configuration = await configurationOf(deps.config, connection);
    const tokens = await oidc.authorizationCodeGrant(configuration, url, {
      pkceCodeVerifier: pending.codeVerifier!,
      expectedState: state,
      expectedNonce: pending.nonce!,
      idTokenExpected: true,
    });
    claims = tokens.claims();
  } catch (error) {
    throw refuse('invalid_response', (error as Error).message);
  }
  if (!claims) throw refuse('invalid_response', 'no ID token');
  // An address the provider says it has not checked is not one to sign in by.
  if (claims.email_verified === false) throw refuse('invalid_response', 'email_verified is false');
  try {
    await finishSsoSignIn(deps, request, reply, connection, {
      email: typeof claims.email === 'string' ? claims.email : undefined,
      name: typeof claims.name === 'string' ? claims.name : undefined,
    });
  } catch (error) {
    if (error instanceof SsoRefusal) throw error.for(connection.accountId);
    throw error;
  }
}
