// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- oidc-provider ships no types; every project that compiles this file (server tests, e2e) needs them
/// <reference path="../../apps/server/src/oauth/oidc-provider.d.ts" />
import { generateKeyPairSync } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type Context } from 'oidc-provider';
import MemoryAdapter from 'oidc-provider/lib/adapters/memory_adapter.js';

/**
 * oidc-provider's own in-memory storage, which a test's provider wants (it lives as long as the test), under a name of
 * its own: the provider warns only when it falls back to that storage unasked.
 */
class TestProviderStorage extends MemoryAdapter {}

export type OidcIdentityProvider = {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Who the provider signs in next, without a human: the person's address (and name). */
  signInAs(person: { email: string; name?: string }): void;
  close(): Promise<void>;
};

/**
 * A real OpenID Connect provider (oidc-provider) on this machine, for the tests: one confidential client, PKCE
 * required, and an interaction that logs in whoever the test named with `signInAs`, then consents by itself (the
 * grant is made as it is loaded), so that no page of the provider's needs a click.
 */
export async function startOidcIdentityProvider(options: { redirectUris: string[] }): Promise<OidcIdentityProvider> {
  const clientId = 'faxline-test-client';
  const clientSecret = 'faxline-test-secret-0123456789abcdef';
  const people = new Map<string, { email: string; name: string }>();
  let next: string | null = null;
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: options.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    pkce: { required: () => true },
    features: { devInteractions: { enabled: false } },
    adapter: TestProviderStorage,
    // A signing key of its own (RS256, ID tokens' default), made for the run, so that it uses no development key.
    jwks: {
      keys: [{ ...generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' }), alg: 'RS256', use: 'sig' }],
    },
    // The e-mail claims in the ID token itself, which is what Faxline reads.
    conformIdTokenClaims: false,
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    cookies: { keys: ['faxline-test-idp-cookie-key'] },
    // Lifetimes of its own, so that it says nothing of its defaults in the tests' output.
    ttl: { Interaction: 600, Session: 600, Grant: 600, AccessToken: 600, IdToken: 600, AuthorizationCode: 60 },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    findAccount: async (_ctx: unknown, sub: string) => {
      const person = people.get(sub);
      return person && { accountId: sub, claims: async () => ({ sub, email: person.email, email_verified: true, name: person.name }) };
    },
    loadExistingGrant: async (ctx: Context) => {
      const grant = new ctx.oidc.provider.Grant({ clientId: ctx.oidc.client.clientId, accountId: ctx.oidc.session.accountId });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
  });
  const callback = provider.callback();
  server.on('request', (request, response) => {
    if (!request.url?.startsWith('/interaction/')) return callback(request, response);
    void (async () => {
      await provider.interactionDetails(request, response);
      if (!next) throw new Error('The test identity provider was asked to sign in nobody (call signInAs first)');
      await provider.interactionFinished(request, response, { login: { accountId: next } }, { mergeWithLastSubmission: false });
    })().catch((error: Error) => {
      response.statusCode = 500;
      response.end(error.message);
    });
  });

  return {
    issuer,
    clientId,
    clientSecret,
    signInAs(person) {
      const sub = `sub-${person.email}`;
      people.set(sub, { email: person.email, name: person.name ?? person.email.split('@')[0]! });
      next = sub;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
