import { createHash } from 'node:crypto';
import type { TDocumentClass, TFoundField } from '@faxline/shared';

/**
 * The DocumentReference a received fax becomes (decision 105). Pure: the export job gives it the fax, the patient it
 * found and where the PDF is; tests read it as the FHIR server receives it.
 */

export const LOINC_SYSTEM = 'http://loinc.org';
/**
 * The fax's identity on every FHIR server: its id, a UUID, written as a URI under RFC 3986 (FHIR's way to give a
 * globally unique identifier without a registry of its own). The conditional create asks for it, so that a fax is
 * one DocumentReference however often it is sent.
 */
export const FAX_IDENTIFIER_SYSTEM = 'urn:ietf:rfc:3986';
export const faxIdentifierOf = (faxId: string): string => `urn:uuid:${faxId}`;
/** The `If-None-Exist` search of the conditional create: the DocumentReference with this fax's identifier. */
export const ifNoneExistOf = (faxId: string): string =>
  `identifier=${encodeURIComponent(`${FAX_IDENTIFIER_SYSTEM}|${faxIdentifierOf(faxId)}`)}`;
export const NPI_SYSTEM = 'http://hl7.org/fhir/sid/us-npi';
const US_CORE_CATEGORY_SYSTEM = 'http://hl7.org/fhir/us/core/CodeSystem/us-core-documentreference-category';

/**
 * A PDF up to this size travels inside the DocumentReference (`attachment.data`, base64: a third larger); a larger
 * one is posted first as a Binary and referred to by its URL, since many servers cap a request's body near a few
 * megabytes and read a large resource whole to validate it.
 */
export const INLINE_PDF_MAX_BYTES = 1024 * 1024;

/**
 * Each class's LOINC document type (LOINC Document Ontology). Where LOINC has no document type for the class itself
 * (prior authorisation, records request, invoice, legal notice), the generic administrative one, the class's own
 * words going in `type.text`; a fax with nothing to go on is a "Note".
 */
export const LOINC_TYPE_OF_CLASS: Record<TDocumentClass, { code: string; display: string; text: string; clinical: boolean }> = {
  referral: { code: '57133-1', display: 'Referral note', text: 'Referral', clinical: true },
  lab_result: { code: '11502-2', display: 'Laboratory report', text: 'Lab result', clinical: true },
  prescription_request: { code: '57833-6', display: 'Prescription for medication', text: 'Prescription request', clinical: true },
  prior_authorization: { code: '51851-4', display: 'Administrative note', text: 'Prior authorization', clinical: false },
  medical_records_request: { code: '51851-4', display: 'Administrative note', text: 'Medical records request', clinical: false },
  invoice: { code: '51851-4', display: 'Administrative note', text: 'Invoice', clinical: false },
  legal_notice: { code: '51851-4', display: 'Administrative note', text: 'Legal notice', clinical: false },
  other: { code: '34109-9', display: 'Note', text: 'Fax', clinical: true },
};

export type ExportedFax = {
  id: string;
  documentClass: TDocumentClass | null;
  foundFields: TFoundField[] | null;
  fromNumber: string | null;
  senderName: string | null;
  pages: number | null;
  createdAt: Date;
};

/** Where the PDF is: inside the resource, or in a Binary already on the server. */
export type PdfPlace = { data: Uint8Array } | { binaryUrl: string; size: number; sha1: string };

export const sha1Base64 = (bytes: Uint8Array): string => createHash('sha1').update(bytes).digest('base64');

export function documentReferenceOf(fax: ExportedFax, patientReference: string | null, pdf: PdfPlace): Record<string, unknown> {
  const type = LOINC_TYPE_OF_CLASS[fax.documentClass ?? 'other'];
  const from = fax.senderName ?? fax.fromNumber ?? 'an unknown number';
  const pages = fax.pages === null ? '' : `, ${fax.pages} page${fax.pages === 1 ? '' : 's'}`;
  const npi = fax.foundFields?.find((field) => field.name === 'npi')?.value;
  const attachment =
    'data' in pdf
      ? { data: Buffer.from(pdf.data).toString('base64'), size: pdf.data.length, hash: sha1Base64(pdf.data) }
      : { url: pdf.binaryUrl, size: pdf.size, hash: pdf.sha1 };
  return {
    resourceType: 'DocumentReference',
    masterIdentifier: { system: FAX_IDENTIFIER_SYSTEM, value: faxIdentifierOf(fax.id) },
    identifier: [{ system: FAX_IDENTIFIER_SYSTEM, value: faxIdentifierOf(fax.id) }],
    status: 'current',
    // The fax is what arrived: complete as received, whatever a clinician later makes of it.
    docStatus: 'final',
    type: { coding: [{ system: LOINC_SYSTEM, code: type.code, display: type.display }], text: type.text },
    ...(type.clinical
      ? { category: [{ coding: [{ system: US_CORE_CATEGORY_SYSTEM, code: 'clinical-note', display: 'Clinical Note' }] }] }
      : {}),
    ...(patientReference ? { subject: { reference: patientReference } } : {}),
    date: fax.createdAt.toISOString(),
    // The sender, by the NPI read on the fax when there is one (a logical reference: the EHR may not know them).
    ...(npi || fax.senderName ? { author: [{ ...(npi ? { identifier: { system: NPI_SYSTEM, value: npi } } : {}), display: from }] } : {}),
    description: `${type.text} received by fax from ${from}${pages}`,
    content: [
      {
        attachment: {
          contentType: 'application/pdf',
          ...attachment,
          title: `Fax ${fax.createdAt.toISOString().slice(0, 10)} from ${from}.pdf`,
          creation: fax.createdAt.toISOString(),
        },
      },
    ],
    context: { period: { start: fax.createdAt.toISOString() } },
  };
}

/** The Binary a large PDF goes in first. */
export function binaryOf(pdf: Uint8Array): Record<string, unknown> {
  return { resourceType: 'Binary', contentType: 'application/pdf', data: Buffer.from(pdf).toString('base64') };
}
