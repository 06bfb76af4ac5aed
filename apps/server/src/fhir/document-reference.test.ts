import { DOCUMENT_CLASSES } from '@faxline/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { compileFhirSchema, fhirSchemaErrorsOf } from '@test-support/fhir-simulator';
import { binaryOf, documentReferenceOf, ifNoneExistOf, LOINC_TYPE_OF_CLASS, sha1Base64, type ExportedFax } from './document-reference';

const fax: ExportedFax = {
  id: '0b9d3c1e-7f2a-4c55-9b1e-2d4f6a8c0e12',
  documentClass: 'referral',
  foundFields: [{ name: 'npi', value: '1234567893', page: 1, line: 12, column: 40 }],
  fromNumber: '+15035550148',
  senderName: 'Riverside Family Practice',
  pages: 2,
  createdAt: new Date('2026-12-05T01:02:03.000Z'),
};
const pdf = new TextEncoder().encode('%PDF-1.7 a fax');

// The schema's compilation is the file's set-up, not the first test's: it took over 5 s on a busy machine.
beforeAll(compileFhirSchema, 120_000);

describe('the DocumentReference of a received fax', () => {
  it.each(DOCUMENT_CLASSES)(
    'is valid FHIR R4 for a %s, with its LOINC type, inside or by a Binary, with a patient or without',
    (documentClass) => {
      const type = LOINC_TYPE_OF_CLASS[documentClass];
      for (const place of [{ data: pdf }, { binaryUrl: 'Binary/abc', size: pdf.length, sha1: sha1Base64(pdf) }])
        for (const patient of ['Patient/p1', null]) {
          const resource = documentReferenceOf({ ...fax, documentClass }, patient, place);
          expect(fhirSchemaErrorsOf(resource)).toEqual([]);
          expect(resource.type).toEqual({
            coding: [{ system: 'http://loinc.org', code: type.code, display: type.display }],
            text: type.text,
          });
          expect(resource.subject).toEqual(patient ? { reference: patient } : undefined);
        }
    },
  );

  it('carries the fax as an identifier for the conditional create, and its PDF with size and hash', () => {
    const resource = documentReferenceOf({ ...fax, documentClass: null, foundFields: null, senderName: null }, null, { data: pdf });
    expect(resource).toMatchObject({
      identifier: [{ system: 'urn:ietf:rfc:3986', value: `urn:uuid:${fax.id}` }],
      type: { coding: [{ code: '34109-9' }] },
      description: 'Fax received by fax from +15035550148, 2 pages',
      content: [{ attachment: { contentType: 'application/pdf', data: Buffer.from(pdf).toString('base64'), size: pdf.length } }],
    });
    expect(resource.author).toBeUndefined();
    expect(decodeURIComponent(ifNoneExistOf(fax.id))).toBe(`identifier=urn:ietf:rfc:3986|urn:uuid:${fax.id}`);
    expect(fhirSchemaErrorsOf(binaryOf(pdf))).toEqual([]);
  });

  it('is refused by the schema when it is not FHIR (the check is not one that passes everything)', () => {
    const resource = documentReferenceOf(fax, null, { data: pdf });
    expect(fhirSchemaErrorsOf({ ...resource, status: 'draft' })).not.toEqual([]);
    expect(fhirSchemaErrorsOf({ ...resource, content: [{ format: { code: 'pdf' } }] })).not.toEqual([]);
    expect(fhirSchemaErrorsOf({ ...resource, pages: 2 })).not.toEqual([]);
  });
});
