import { ZCreateApiKeyResponse, type TApiKeyScope, API_KEY_SCOPES } from '@faxline/shared';
import { createAccount, type PlanChoice } from '@test-support/factories/accounts';
import type { InjectOptions } from 'fastify';
import { signIn, type TestApp } from './test-app';

/** The plan an account with an API key is on unless a test says otherwise: one that includes the API (decision 087). */
export const API_PLAN = { slug: 'business' } as const;

/**
 * An account's owner, signed in, with an API key made the way a person makes one (POST /api/api-keys), on a plan that
 * includes the API.
 */
export async function ownerWithApiKey(
  t: TestApp,
  scopes: readonly TApiKeyScope[] = API_KEY_SCOPES,
  name = 'Clinic',
  plan: PlanChoice = API_PLAN,
) {
  const account = await createAccount(t, { owner: { name }, plan });
  const { owner } = account;
  const cookie = await signIn(t.app, owner.email);
  const { secret, key: apiKey } = await createApiKey(t, cookie, scopes);
  return { owner, account, cookie, secret, apiKey };
}

export async function createApiKey(t: TestApp, cookie: string, scopes: readonly TApiKeyScope[] = API_KEY_SCOPES, name = 'EHR integration') {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/api-keys',
    // The app's own origin, whatever its public address (a test that listens names its port in it).
    headers: { cookie, origin: new URL(t.config.publicUrl).origin },
    payload: { name, scopes },
  });
  if (response.statusCode !== 201) throw new Error(`creating a key: ${response.statusCode} ${response.body}`);
  return ZCreateApiKeyResponse.parse(response.json());
}

/** A call to /v1 with a key, as a program makes it (no cookie, no origin). */
export function callV1(
  t: TestApp,
  secret: string | null,
  method: InjectOptions['method'],
  url: string,
  options: { payload?: InjectOptions['payload']; headers?: Record<string, string> } = {},
) {
  return t.app.inject({
    method,
    url,
    headers: { ...(secret ? { authorization: `Bearer ${secret}` } : {}), ...options.headers },
    ...(options.payload !== undefined ? { payload: options.payload } : {}),
  });
}

/** A multipart form of the public API's send: fields by their JSON names, files as parts. */
export async function multipartSend(fields: Array<[string, string]>, files: Array<{ name: string; bytes: Uint8Array }>) {
  const form = new FormData();
  for (const [name, value] of fields) form.append(name, value);
  for (const file of files) form.append('file', new Blob([Buffer.from(file.bytes)], { type: 'application/pdf' }), file.name);
  const encoded = new Response(form);
  return { headers: { 'content-type': encoded.headers.get('content-type')! }, payload: Buffer.from(await encoded.arrayBuffer()) };
}
