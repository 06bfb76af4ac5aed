import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inflateRawSync } from 'node:zlib';
import { SignedXml } from 'xml-crypto';

export type SamlIdentityProvider = {
  entityId: string;
  ssoUrl: string;
  metadataUrl: string;
  /** The signing certificate, PEM. */
  certificate: string;
  metadataXml: string;
  /** Who the provider signs in next, without a human. */
  signInAs(person: { email: string; name?: string }): void;
  /** The next answer's e-mail attribute is changed after it was signed (a forged answer). */
  tamperNext(email: string): void;
  /** The next answer reuses the last assertion's ID (a replayed assertion in a fresh answer). */
  reuseAssertionIdNext(): void;
  /** The last answer's form, as it was posted: to post again (a replay). */
  lastForm(): { acsUrl: string; samlResponse: string } | null;
  close(): Promise<void>;
};

const escape = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const attribute = (xml: string, name: string) => new RegExp(`\\b${name}="([^"]*)"`).exec(xml)?.[1];

/**
 * A small SAML 2.0 identity provider for the tests: a throwaway RSA key and self-signed certificate (openssl), its
 * metadata, and an HTTP-Redirect single sign-on endpoint that answers any AuthnRequest for the person named with
 * `signInAs` by the POST binding: a Response whose Assertion is signed with xml-crypto, in a form the page submits by
 * itself, as a real provider's is.
 */
export async function startSamlIdentityProvider(): Promise<SamlIdentityProvider> {
  const folder = mkdtempSync(join(tmpdir(), 'faxline-saml-idp-'));
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-sha256',
      '-days',
      '2',
      '-subj',
      '/CN=Faxline Test IdP',
      '-keyout',
      join(folder, 'key.pem'),
      '-out',
      join(folder, 'cert.pem'),
    ],
    { stdio: 'ignore' },
  );
  const privateKey = readFileSync(join(folder, 'key.pem'), 'utf8');
  const certificate = readFileSync(join(folder, 'cert.pem'), 'utf8');
  rmSync(folder, { recursive: true, force: true });
  const certificateBody = certificate.replace(/-----[A-Z ]+-----/g, '').replace(/\s+/g, '');

  let person: { email: string; name: string } | null = null;
  let tamperTo: string | null = null;
  let last: { acsUrl: string; samlResponse: string } | null = null;
  let lastAssertionId: string | null = null;
  let reuseId = false;
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const entityId = `${base}/metadata`;
  const ssoUrl = `${base}/sso`;
  const metadataXml = `<?xml version="1.0"?>
<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" xmlns:ds="http://www.w3.org/2000/09/xmldsig#" entityID="${entityId}">
  <md:IDPSSODescriptor protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol" WantAuthnRequestsSigned="false">
    <md:KeyDescriptor use="signing"><ds:KeyInfo><ds:X509Data><ds:X509Certificate>${certificateBody}</ds:X509Certificate></ds:X509Data></ds:KeyInfo></md:KeyDescriptor>
    <md:SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect" Location="${ssoUrl}"/>
  </md:IDPSSODescriptor>
</md:EntityDescriptor>`;

  function signedResponse(request: { id: string; acsUrl: string; audience: string }, who: { email: string; name: string }): string {
    const now = new Date();
    const at = (minutes: number) => new Date(now.getTime() + minutes * 60_000).toISOString();
    const assertionId = reuseId && lastAssertionId ? lastAssertionId : `_a${randomBytes(16).toString('hex')}`;
    reuseId = false;
    lastAssertionId = assertionId;
    const xml =
      `<samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="_r${randomBytes(16).toString('hex')}" Version="2.0" IssueInstant="${at(0)}" Destination="${escape(request.acsUrl)}" InResponseTo="${escape(request.id)}">` +
      `<saml:Issuer>${entityId}</saml:Issuer>` +
      `<samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Success"/></samlp:Status>` +
      `<saml:Assertion ID="${assertionId}" Version="2.0" IssueInstant="${at(0)}">` +
      `<saml:Issuer>${entityId}</saml:Issuer>` +
      `<saml:Subject><saml:NameID Format="urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress">${escape(who.email)}</saml:NameID>` +
      `<saml:SubjectConfirmation Method="urn:oasis:names:tc:SAML:2.0:cm:bearer"><saml:SubjectConfirmationData InResponseTo="${escape(request.id)}" NotOnOrAfter="${at(5)}" Recipient="${escape(request.acsUrl)}"/></saml:SubjectConfirmation></saml:Subject>` +
      `<saml:Conditions NotBefore="${at(-1)}" NotOnOrAfter="${at(5)}"><saml:AudienceRestriction><saml:Audience>${escape(request.audience)}</saml:Audience></saml:AudienceRestriction></saml:Conditions>` +
      `<saml:AuthnStatement AuthnInstant="${at(0)}" SessionIndex="_s${randomBytes(8).toString('hex')}"><saml:AuthnContext><saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport</saml:AuthnContextClassRef></saml:AuthnContext></saml:AuthnStatement>` +
      `<saml:AttributeStatement>` +
      `<saml:Attribute Name="email"><saml:AttributeValue>${escape(who.email)}</saml:AttributeValue></saml:Attribute>` +
      `<saml:Attribute Name="displayName"><saml:AttributeValue>${escape(who.name)}</saml:AttributeValue></saml:Attribute>` +
      `</saml:AttributeStatement></saml:Assertion></samlp:Response>`;
    const signer = new SignedXml({
      privateKey,
      signatureAlgorithm: 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
      canonicalizationAlgorithm: 'http://www.w3.org/2001/10/xml-exc-c14n#',
    });
    signer.addReference({
      xpath: "//*[local-name(.)='Assertion']",
      transforms: ['http://www.w3.org/2000/09/xmldsig#enveloped-signature', 'http://www.w3.org/2001/10/xml-exc-c14n#'],
      digestAlgorithm: 'http://www.w3.org/2001/04/xmlenc#sha256',
    });
    signer.computeSignature(xml, {
      location: { reference: "//*[local-name(.)='Assertion']/*[local-name(.)='Issuer']", action: 'after' },
    });
    return signer.getSignedXml();
  }

  server.on('request', (request, response) => {
    const url = new URL(request.url ?? '/', base);
    if (url.pathname === '/metadata') {
      response.setHeader('content-type', 'application/samlmetadata+xml');
      return response.end(metadataXml);
    }
    if (url.pathname !== '/sso' || !person) {
      response.statusCode = 404;
      return response.end();
    }
    const authnRequest = inflateRawSync(Buffer.from(url.searchParams.get('SAMLRequest') ?? '', 'base64')).toString('utf8');
    const id = attribute(authnRequest, 'ID') ?? '';
    const acsUrl = attribute(authnRequest, 'AssertionConsumerServiceURL') ?? '';
    const audience = /<saml:Issuer[^>]*>([^<]+)<\/saml:Issuer>/.exec(authnRequest)?.[1] ?? '';
    let xml = signedResponse({ id, acsUrl, audience }, person);
    if (tamperTo) {
      xml = xml.replace(
        `<saml:AttributeValue>${escape(person.email)}</saml:AttributeValue>`,
        `<saml:AttributeValue>${escape(tamperTo)}</saml:AttributeValue>`,
      );
      tamperTo = null;
    }
    const samlResponse = Buffer.from(xml).toString('base64');
    last = { acsUrl, samlResponse };
    response.setHeader('content-type', 'text/html; charset=utf-8');
    response.end(
      `<!doctype html><html lang="en"><head><title>Test IdP</title></head><body><form method="post" action="${escape(acsUrl)}">` +
        `<input type="hidden" name="SAMLResponse" value="${samlResponse}">` +
        `<input type="hidden" name="RelayState" value="${escape(url.searchParams.get('RelayState') ?? '')}">` +
        `<noscript><button type="submit">Continue</button></noscript></form><script>document.forms[0].submit()</script></body></html>`,
    );
  });

  return {
    entityId,
    ssoUrl,
    metadataUrl: entityId,
    certificate,
    metadataXml,
    signInAs(who) {
      person = { email: who.email, name: who.name ?? who.email.split('@')[0]! };
    },
    tamperNext(email) {
      tamperTo = email;
    },
    reuseAssertionIdNext() {
      reuseId = true;
    },
    lastForm: () => last,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
