import { randomUUID } from 'node:crypto';
import { ZFaxDetails, ZFaxListResponse, ZSendFaxResponse } from '@faxline/shared';
import { eq } from 'drizzle-orm';
import { PDFArray, PDFDict, PDFDocument, PDFHexString, PDFName, PDFRawStream, PDFRef, PDFStream, PDFString, type PDFObject } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readTiffPages } from '../../src/documents/fax-image/fax-tiff';
import { faxes } from '../../src/faxes/schema';
import { faxNumbers } from '../../src/numbers/schema';
import { faxInbox } from '../../src/faxes/inbox';
import { internalLine } from '../../src/lines/internal-line';
import { createAccount } from '@test-support/factories/accounts';
import { inspectWith } from '../support/documents';
import { sendFaxRequest } from '../support/faxes';
import { pdfWith } from '../support/hostile-files';
import { openTestApp, signIn, type TestApp } from '../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await openTestApp({ env: { FAX_CLOCK_SCALE: '0.001' } });
}, 180_000);
afterAll(() => t.close());

async function customer(name: string) {
  const { owner, number } = await createAccount(t, { owner: { name } });
  return { ...owner, cookie: await signIn(t.app, owner.email), number: number! };
}

const get = (url: string, cookie: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });
const details = async (id: string, cookie: string) => ZFaxDetails.parse((await get(`/api/faxes/${id}`, cookie)).json());

/**
 * A referral the upload checks accept (docs/decisions/020) that carries everything a download must not: a filled form
 * field (AcroForm, a widget with a formatting script), an attached file (the EmbeddedFiles tree and a FileAttachment
 * annotation), a web link, and a web page opened with the document.
 */
const referralWithExtras = () =>
  pdfWith(async (pdf) => {
    const page = pdf.getPage(0);
    const field = pdf.getForm().createTextField('patient.name');
    field.setText('Jane Doe');
    field.addToPage(page, { x: 60, y: 600, width: 200, height: 24 });
    const script = pdf.context.obj({ S: 'JavaScript', JS: PDFString.of('AFSpecial_Format(0)') });
    field.acroField.getWidgets()[0]!.dict.set(PDFName.of('AA'), pdf.context.obj({ F: script }));
    await pdf.attach(new TextEncoder().encode('notes'), 'notes.txt', { mimeType: 'text/plain' });
    const attached = pdf.context.register(pdf.context.stream('lab values', { Type: 'EmbeddedFile' }));
    const fileSpec = pdf.context.obj({ Type: 'Filespec', F: PDFString.of('values.txt'), EF: { F: attached } });
    const annotations = [
      { Type: 'Annot', Subtype: 'FileAttachment', Rect: [400, 700, 420, 720], FS: fileSpec, Contents: PDFHexString.fromText('values') },
      {
        Type: 'Annot',
        Subtype: 'Link',
        Rect: [60, 740, 300, 790],
        Border: [0, 0, 0],
        A: { S: 'URI', URI: PDFString.of('https://example.com/') },
      },
    ];
    for (const annotation of annotations) page.node.addAnnot(pdf.context.register(pdf.context.obj(annotation)));
    pdf.catalog.set(PDFName.of('OpenAction'), pdf.context.obj({ S: 'URI', URI: PDFString.of('https://example.com/open') }));
  });

const ACTIVE_KEYS = ['Annots', 'AcroForm', 'EmbeddedFiles', 'EF', 'OpenAction', 'AA', 'A', 'JS', 'URI', 'FS', 'Names'];
const ACTIVE_NAMES = ['JavaScript', 'Launch', 'URI', 'FileAttachment', 'EmbeddedFile', 'Filespec', 'Widget', 'Link', 'SubmitForm'];

/** Every key and name in any object of the PDF (object streams included) that can act, link or carry a file. */
async function activeParts(bytes: Uint8Array): Promise<string[]> {
  const pdf = await PDFDocument.load(bytes, { updateMetadata: false });
  const found = new Set<string>();
  const seen = new Set<PDFObject>();
  const visit = (object: PDFObject | undefined): void => {
    if (!object || seen.has(object) || object instanceof PDFRef) return;
    seen.add(object);
    if (object instanceof PDFName && ACTIVE_NAMES.includes(object.decodeText())) found.add(object.decodeText());
    const dict = object instanceof PDFStream ? object.dict : object instanceof PDFDict ? object : undefined;
    for (const [key, value] of dict?.entries() ?? []) {
      if (ACTIVE_KEYS.includes(key.decodeText())) found.add(`/${key.decodeText()}`);
      visit(value);
    }
    if (object instanceof PDFArray) object.asArray().forEach(visit);
  };
  for (const [, object] of pdf.context.enumerateIndirectObjects()) visit(object);
  visit(pdf.catalog);
  return [...found].sort();
}

/** The image XObjects each page draws, with their stream dictionaries. */
async function pageImages(bytes: Uint8Array) {
  const pdf = await PDFDocument.load(bytes);
  return pdf.getPages().map((page) => {
    const xObjects = page.node.Resources()!.lookup(PDFName.of('XObject'), PDFDict);
    return xObjects.keys().map((key) => {
      const stream = xObjects.context.lookup(xObjects.get(key));
      if (!(stream instanceof PDFRawStream)) throw new Error(`XObject ${key.toString()} is not a raw stream`);
      return stream;
    });
  });
}

describe('a received fax is the fax image; downloads carry nothing that acts', () => {
  it('gives the recipient a PDF of the fax image, and the sender a record without forms, files, links or actions', async () => {
    const sender = await customer('Sender Clinic');
    const recipient = await customer('Receiving Lab');
    const upload = await referralWithExtras();
    // The upload itself holds all of it: what is checked below is what the pipeline removed.
    expect(await activeParts(upload)).toEqual(
      expect.arrayContaining(['/AcroForm', '/Annots', '/EmbeddedFiles', '/OpenAction', '/URI', 'FileAttachment', 'JavaScript', 'Widget']),
    );

    const response = await sendFaxRequest(
      t.app,
      sender.cookie,
      { recipientNumber: recipient.number, faxQuality: 'fine', coverSubject: 'Lab work' },
      [{ name: 'referral.pdf', bytes: upload }],
    );
    expect(response.statusCode, response.body).toBe(202);
    const { faxId } = ZSendFaxResponse.parse(response.json());
    await expect.poll(async () => (await details(faxId, sender.cookie)).status, { timeout: 60_000, interval: 250 }).toBe('delivered');
    const sent = await details(faxId, sender.cookie);
    expect(sent.pages).toBe(2); // the cover and the referral

    // The sender's download: the record, every page kept (the field's value printed into the page), nothing active.
    const record = (await get(`/api/faxes/${faxId}/document`, sender.cookie)).rawPayload;
    expect(await activeParts(record)).toEqual([]);
    expect((await PDFDocument.load(record)).getPageCount()).toBe(2);
    const recordText = await inspectWith('pdftotext', record);
    expect(recordText).toContain('Referral');
    expect(recordText).toContain('Jane Doe');

    // The recipient's download: one CCITT G4 image per page, 1728 pixels wide, the very image that was sent.
    const inbox = ZFaxListResponse.parse((await get('/api/faxes?direction=inbound', recipient.cookie)).json());
    const received = inbox.faxes[0]!;
    expect(received.pages).toBe(2);
    const copy = (await get(`/api/faxes/${received.id}/document`, recipient.cookie)).rawPayload;
    expect(await activeParts(copy)).toEqual([]);
    expect(await inspectWith('pdftotext', copy)).not.toMatch(/Jane Doe|Referral/); // pixels only, no text
    const images = await pageImages(copy);
    expect(images).toHaveLength(2);
    const [sentRow] = await t.db.select().from(faxes).where(eq(faxes.id, faxId));
    const tiff = await t.env.files.get(sentRow!.imageKey!);
    readTiffPages(tiff).forEach((tiffPage, i) => {
      expect(images[i]).toHaveLength(1);
      const image = images[i]![0]!;
      expect(image.dict.get(PDFName.of('Filter'))).toBe(PDFName.of('CCITTFaxDecode'));
      expect(image.dict.get(PDFName.of('Width'))?.toString()).toBe('1728');
      const strip = tiffPage.strips[0]!;
      expect(Buffer.from(image.getContents()).equals(Buffer.from(tiff.subarray(strip.offset, strip.offset + strip.length)))).toBe(true);
    });

    // The recipient's copy is its own file, not the sender's record.
    const [receivedRow] = await t.db.select().from(faxes).where(eq(faxes.id, received.id));
    expect(receivedRow!.documentKey).not.toBe(sentRow!.documentKey);
    expect(receivedRow!.documentSha256).not.toBe(sentRow!.documentSha256);

    // A retried delivery (a worker that died after delivering) finds the copy there and leaves it as it is.
    const line = internalLine({ files: t.env.files, inbox: faxInbox(t.db) });
    expect(await line.call(sentRow!, { attempt: 1, firstPage: 1 })).toMatchObject({ result: 'delivered', pagesSent: sentRow!.pages });
    const copies = await t.db.select().from(faxes).where(eq(faxes.sourceFaxId, faxId));
    expect(copies.map((row) => row.documentKey)).toEqual([receivedRow!.documentKey]);

    // A number released after the line was chosen answers no more: the call fails as no fax machine, nothing arrives.
    await t.db.update(faxNumbers).set({ status: 'available', accountId: null }).where(eq(faxNumbers.phoneNumber, recipient.number));
    const another = { ...sentRow!, id: randomUUID() };
    expect(await line.call(another, { attempt: 1, firstPage: 1 })).toMatchObject({ result: 'not_a_fax_machine', pagesSent: 0 });
    expect(await t.db.select().from(faxes).where(eq(faxes.sourceFaxId, another.id))).toEqual([]);
  }, 90_000);
});
