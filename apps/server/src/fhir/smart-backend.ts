import { randomUUID } from 'node:crypto';
import type { TSmartAssertionAlgorithm } from '@faxline/shared';
import { calculateJwkThumbprint, importJWK, SignJWT, type JWK } from 'jose';
import { AppError } from '../platform/http/app-error';
import { callFhir, diagnosticsOf, type FhirAnswer } from './fhir-http';
import type { FhirUrlConfig } from './fhir-url';

/**
 * SMART Backend Services (SMART App Launch 2.x, "client-confidential-asymmetric"): Faxline asks the EHR's
 * authorization server for an access token with the client_credentials grant, proving who it is by a short JWT it
 * signs with its private key (ES384 or RS384), whose public half the EHR was given.
 */

/** What Faxline asks for: to find patients and to file documents (SMART v1 scopes, which v2 servers still accept). */
export const SMART_SCOPES = 'system/Patient.read system/DocumentReference.write system/Binary.write';
const ASSERTION_TYPE = 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer';
/** SMART says at most five minutes. */
const ASSERTION_LIFETIME = '5m';
const MIN_RSA_BITS = 2048;

/** A private key's facts, read once when it is saved: what it signs with, and the key id the EHR's JWKS knows it by. */
export type SmartKey = { algorithm: TSmartAssertionAlgorithm; keyId: string };

/** Reads a pasted private JWK: an EC P-384 or an RSA key of 2048 bits or more, private part included; else 400. */
export async function readSmartPrivateKey(text: string): Promise<SmartKey> {
  let jwk: JWK;
  try {
    jwk = JSON.parse(text) as JWK;
  } catch {
    throw new AppError('invalid_request', 'fhir.privateKeyInvalid', {}, 'body.privateKey');
  }
  const algorithm = algorithmOf(jwk);
  if (!algorithm || !jwk.d || (jwk.alg !== undefined && jwk.alg !== algorithm))
    throw new AppError('invalid_request', 'fhir.privateKeyInvalid', {}, 'body.privateKey');
  try {
    await importJWK(jwk, algorithm);
  } catch {
    throw new AppError('invalid_request', 'fhir.privateKeyInvalid', {}, 'body.privateKey');
  }
  const { kty, crv, x, y, e, n } = jwk;
  const publicPart = kty === 'EC' ? { kty, crv, x, y } : { kty, e, n };
  return { algorithm, keyId: jwk.kid ?? (await calculateJwkThumbprint(publicPart as JWK)) };
}

function algorithmOf(jwk: JWK): TSmartAssertionAlgorithm | null {
  if (jwk.kty === 'EC' && jwk.crv === 'P-384') return 'ES384';
  if (jwk.kty === 'RSA' && typeof jwk.n === 'string' && Buffer.from(jwk.n, 'base64url').length * 8 >= MIN_RSA_BITS) return 'RS384';
  return null;
}

/** The signed client assertion for one token request: issued by and about the client, for the token URL alone. */
export async function clientAssertionOf(client: { clientId: string; tokenUrl: string; privateKey: string } & SmartKey): Promise<string> {
  const key = await importJWK(JSON.parse(client.privateKey) as JWK, client.algorithm);
  return new SignJWT({})
    .setProtectedHeader({ alg: client.algorithm, kid: client.keyId, typ: 'JWT' })
    .setIssuer(client.clientId)
    .setSubject(client.clientId)
    .setAudience(client.tokenUrl)
    .setJti(randomUUID())
    .setIssuedAt()
    .setExpirationTime(ASSERTION_LIFETIME)
    .sign(key);
}

/** The token endpoint did not give a token: its answer, for the caller to judge (5xx: try again; 4xx: refused). */
export class SmartTokenRefused extends Error {
  override name = 'SmartTokenRefused';
  constructor(readonly answer: FhirAnswer) {
    super(`token endpoint: ${diagnosticsOf(answer)}`);
  }
}

/** An access token for one export or test: asked for each time (they live minutes; an export is one moment). */
export async function smartAccessToken(
  config: FhirUrlConfig,
  client: { clientId: string; tokenUrl: string; privateKey: string } & SmartKey,
): Promise<string> {
  const form = new URLSearchParams({
    grant_type: 'client_credentials',
    scope: SMART_SCOPES,
    client_assertion_type: ASSERTION_TYPE,
    client_assertion: await clientAssertionOf(client),
  });
  const answer = await callFhir(config, {
    method: 'POST',
    url: client.tokenUrl,
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: form.toString(),
  });
  const token = (answer.json as { access_token?: unknown } | null)?.access_token;
  if (answer.status !== 200 || typeof token !== 'string' || token === '') throw new SmartTokenRefused(answer);
  return token;
}
