import { X509Certificate } from 'node:crypto';
import { DOMParser } from '@xmldom/xmldom';
import { AppError } from '../platform/http/app-error';
import { checkIdpUrl, type IdpUrlConfig } from './idp-url';

const MD = 'urn:oasis:names:tc:SAML:2.0:metadata';
const DS = 'http://www.w3.org/2000/09/xmldsig#';
const REDIRECT_BINDING = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect';
const MAX_METADATA_BYTES = 200_000;

export type SamlIdp = { entityId: string; ssoUrl: string; certificate: string };

/** A certificate pasted as PEM or bare base64, as PEM; refused when it is not one X.509 certificate. */
export function certificateAsPem(text: string): string {
  const body = text.replace(/-----(BEGIN|END) CERTIFICATE-----/g, '').replace(/\s+/g, '');
  const pem = `-----BEGIN CERTIFICATE-----\n${body.replace(/(.{64})/g, '$1\n').replace(/\n$/, '')}\n-----END CERTIFICATE-----\n`;
  try {
    new X509Certificate(pem);
  } catch {
    throw new AppError('invalid_request', 'sso.certificateInvalid', {}, 'body.samlCertificate');
  }
  return pem;
}

export function describeCertificate(pem: string): { subject: string; validTo: string } {
  const certificate = new X509Certificate(pem);
  return { subject: certificate.subject.replace(/\n/g, ', '), validTo: new Date(certificate.validTo).toISOString() };
}

/**
 * What Faxline needs of an identity provider's SAML metadata: its entity id, its HTTP-Redirect single sign-on URL and
 * its signing certificate. Only read, never trusted for more: the certificate is what later checks the assertions.
 */
export function readSamlMetadata(xml: string): SamlIdp {
  const invalid = new AppError('invalid_request', 'sso.metadataInvalid', {}, 'body.samlMetadataXml');
  let document: Document;
  try {
    document = new DOMParser({
      errorHandler: { warning: () => undefined, error: () => undefined, fatalError: () => undefined },
    }).parseFromString(xml, 'text/xml') as unknown as Document;
  } catch {
    throw invalid;
  }
  const entity = document.getElementsByTagNameNS(MD, 'EntityDescriptor')[0];
  const idp = entity?.getElementsByTagNameNS(MD, 'IDPSSODescriptor')[0];
  if (!entity || !idp) throw invalid;
  const sso = Array.from(idp.getElementsByTagNameNS(MD, 'SingleSignOnService')).find(
    (service) => service.getAttribute('Binding') === REDIRECT_BINDING,
  );
  const signingKey = Array.from(idp.getElementsByTagNameNS(MD, 'KeyDescriptor')).find(
    (key) => (key.getAttribute('use') ?? 'signing') === 'signing',
  );
  const certificate = signingKey?.getElementsByTagNameNS(DS, 'X509Certificate')[0]?.textContent;
  const entityId = entity.getAttribute('entityID');
  const ssoUrl = sso?.getAttribute('Location');
  if (!entityId || !ssoUrl || !certificate) throw invalid;
  return { entityId, ssoUrl, certificate: certificateAsPem(certificate) };
}

/** The metadata at a URL the owner gave (checked as any identity provider's address), read. */
export async function fetchSamlMetadata(value: string, config: IdpUrlConfig): Promise<SamlIdp> {
  const url = checkIdpUrl(value, config);
  let text: string;
  try {
    const response = await fetch(url, { redirect: 'error', signal: AbortSignal.timeout(10_000) });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    text = await response.text();
    if (text.length > MAX_METADATA_BYTES) throw new Error('too large');
  } catch (error) {
    throw new AppError('invalid_request', 'sso.metadataUnreachable', { reason: (error as Error).message }, 'body.samlMetadataUrl');
  }
  return readSamlMetadata(text);
}
