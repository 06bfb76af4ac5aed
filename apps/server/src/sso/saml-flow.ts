import { SAML, ValidateInResponseTo, type CacheProvider, type Profile } from '@node-saml/node-saml';
import { and, eq, gt, lt } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { TConfig } from '../platform/config';
import type { Database } from '../platform/db/client';
import { isUniqueViolation } from '../platform/db/errors';
import { finishSsoSignIn, type SignInDeps } from './finish-sign-in';
import { SsoRefusal } from './join-person';
import { REQUEST_SECONDS } from './oidc-flow';
import { ssoRequests, ssoUsedAssertions } from './schema';
import { serviceProviderOf } from './service-provider';
import type { SsoConnectionRow } from './sso-account';

/** How far the identity provider's clock may be from ours for NotBefore and NotOnOrAfter. */
export const CLOCK_SKEW_MS = 60_000;

/**
 * The AuthnRequests issued for one account, kept in the database (node-saml's cache of request ids): a response's
 * InResponseTo must name one, from any server, and each is spent by its answer.
 */
function requestsOf(db: Database, accountId: string): CacheProvider {
  return {
    async saveAsync(key, value) {
      const createdAt = new Date(value);
      await db.insert(ssoRequests).values({
        id: key,
        accountId,
        protocol: 'saml',
        createdAt,
        expiresAt: new Date(createdAt.getTime() + REQUEST_SECONDS * 1000),
      });
      return { value, createdAt: createdAt.getTime() };
    },
    async getAsync(key) {
      const [row] = await db
        .select({ createdAt: ssoRequests.createdAt })
        .from(ssoRequests)
        .where(
          and(
            eq(ssoRequests.id, key),
            eq(ssoRequests.accountId, accountId),
            eq(ssoRequests.protocol, 'saml'),
            gt(ssoRequests.expiresAt, new Date()),
          ),
        );
      return row ? row.createdAt.toISOString() : null;
    },
    async removeAsync(key) {
      if (!key) return null;
      const removed = await db
        .delete(ssoRequests)
        .where(and(eq(ssoRequests.id, key), eq(ssoRequests.accountId, accountId)))
        .returning({ id: ssoRequests.id });
      return removed[0]?.id ?? null;
    },
  };
}

/**
 * node-saml for one account: signed assertions only (wantAssertionsSigned, by the certificate the owner gave), our
 * audience (the account's entity id), the identity provider's issuer, InResponseTo one of our requests, and the
 * assertion's time window with a small clock skew.
 */
export function samlOf(deps: { db: Database; config: TConfig }, connection: SsoConnectionRow): SAML {
  const sp = serviceProviderOf(deps.config, connection.accountId);
  return new SAML({
    entryPoint: connection.samlSsoUrl!,
    issuer: sp.samlEntityId,
    callbackUrl: sp.samlAcsUrl,
    audience: sp.samlEntityId,
    idpCert: connection.samlCertificate!,
    idpIssuer: connection.samlEntityId!,
    wantAssertionsSigned: true,
    wantAuthnResponseSigned: false,
    validateInResponseTo: ValidateInResponseTo.always,
    requestIdExpirationPeriodMs: REQUEST_SECONDS * 1000,
    cacheProvider: requestsOf(deps.db, connection.accountId),
    acceptedClockSkewMs: CLOCK_SKEW_MS,
    identifierFormat: null,
    disableRequestedAuthnContext: true,
  });
}

/** Starts a SAML sign-in: an AuthnRequest by the HTTP-Redirect binding, its id kept; answers the URL to send the browser to. */
export async function startSamlSignIn(deps: { db: Database; config: TConfig }, connection: SsoConnectionRow): Promise<string> {
  // Spent or abandoned requests go as new ones come, so the table holds minutes of them.
  await deps.db.delete(ssoRequests).where(lt(ssoRequests.expiresAt, new Date()));
  return samlOf(deps, connection).getAuthorizeUrlAsync('', undefined, {});
}

type Xml = Record<string, unknown>;
const first = (node: unknown, name: string): Xml | undefined => ((node as Xml | undefined)?.[name] as Xml[] | undefined)?.[0];
const attributesOf = (node: Xml | undefined) => (node?.['$'] ?? {}) as Record<string, string | undefined>;

/**
 * What node-saml does not check of the signed assertion: that it was meant for this account's assertion consumer
 * (Recipient), and that it is used once. Its id is remembered until it could no longer be accepted anyway.
 */
async function claimAssertion(db: Database, profile: Profile, acsUrl: string): Promise<void> {
  const assertion = (profile.getAssertion?.() as Xml | undefined)?.['Assertion'] as Xml | undefined;
  const id = attributesOf(assertion).ID;
  const confirmation = first(first(first(assertion, 'Subject'), 'SubjectConfirmation'), 'SubjectConfirmationData');
  const { Recipient: recipient, NotOnOrAfter: subjectEnd } = attributesOf(confirmation);
  if (!id) throw new SsoRefusal('invalid_response', 'the assertion has no ID');
  if (recipient !== acsUrl) throw new SsoRefusal('invalid_response', `Recipient ${recipient ?? '(none)'} is not ${acsUrl}`);
  const conditionsEnd = attributesOf(first(assertion, 'Conditions')).NotOnOrAfter;
  const ends = [subjectEnd, conditionsEnd].map((value) => (value ? Date.parse(value) : NaN)).filter((value) => !Number.isNaN(value));
  const expiresAt = new Date((ends.length ? Math.max(...ends) : Date.now() + 24 * 3600_000) + CLOCK_SKEW_MS);
  await db.delete(ssoUsedAssertions).where(lt(ssoUsedAssertions.expiresAt, new Date()));
  try {
    await db.insert(ssoUsedAssertions).values({ id, expiresAt });
  } catch (error) {
    if (isUniqueViolation(error)) throw new SsoRefusal('replayed', id);
    throw error;
  }
}

const text = (value: unknown) =>
  typeof value === 'string' ? value : Array.isArray(value) && typeof value[0] === 'string' ? value[0] : undefined;

/** The identity provider's POST to the account's assertion consumer service: checked, then the person is signed in. */
export async function finishSamlSignIn(
  deps: SignInDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  connection: SsoConnectionRow,
  samlResponse: string,
): Promise<void> {
  let profile: Profile | null;
  try {
    ({ profile } = await samlOf(deps, connection).validatePostResponseAsync({ SAMLResponse: samlResponse }));
  } catch (error) {
    const message = (error as Error).message;
    throw new SsoRefusal(/InResponseTo/i.test(message) ? 'expired' : 'invalid_response', message).for(connection.accountId);
  }
  if (!profile) throw new SsoRefusal('invalid_response', 'no assertion').for(connection.accountId);
  try {
    await claimAssertion(deps.db, profile, serviceProviderOf(deps.config, connection.accountId).samlAcsUrl);
    const email = text(profile.email) ?? text(profile.mail) ?? text(profile['urn:oid:0.9.2342.19200300.100.1.3']) ?? profile.nameID;
    const given = [text(profile['givenName']), text(profile['sn'] ?? profile['surname'])].filter(Boolean).join(' ');
    await finishSsoSignIn(deps, request, reply, connection, { email, name: text(profile['displayName']) ?? given });
  } catch (error) {
    if (error instanceof SsoRefusal) throw error.for(connection.accountId);
    throw error;
  }
}
