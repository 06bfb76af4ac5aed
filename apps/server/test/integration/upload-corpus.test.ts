import fs from 'node:fs/promises';
import { ZApiError, ZSendFaxResponse, type TErrorType } from '@faxline/shared';
import { sql } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it, vi, type MockInstance } from 'vitest';
import { makePdf } from '@test-support/factories/documents';
import { createUser } from '@test-support/factories/accounts';
import { convertFixture } from '../support/documents';
import { sendFaxRequest } from '../support/faxes';
import {
  acceptedPdf,
  activePdfs,
  blankPng,
  docxLike,
  filler,
  jpegHeader,
  pdfWithObjectStreamBomb,
  pngHeader,
} from '../support/hostile-files';
import { openTestApp, signIn, type TestApp } from '../support/test-app';

/**
 * Hostile uploads are refused at POST /api/faxes with their own translated message, before anything
 * is stored (docs/decisions/020). Every file is made here, from code.
 */

let t: TestApp;
let pdf: Uint8Array;
/** pdf-lib's image decoders, watched: the only code here that reads an image's pixels. */
let decoders: { png: MockInstance; jpeg: MockInstance };

beforeAll(async () => {
  // No worker: a job queued by mistake stays in the queue, where the checks below would see it.
  t = await openTestApp({ work: false });
  pdf = await makePdf(1);
  decoders = { png: vi.spyOn(PDFDocument.prototype, 'embedPng'), jpeg: vi.spyOn(PDFDocument.prototype, 'embedJpg') };
}, 120_000);
afterAll(async () => {
  vi.restoreAllMocks();
  await t?.close();
});

async function customer() {
  const person = await createUser(t);
  return { cookie: await signIn(t.app, person.email), accountId: person.accountId };
}

async function filesIn(dir: string): Promise<number> {
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).length;
}

/** Everything a send could leave behind: the account's faxes and their files, stored files, queued jobs, audit rows. */
async function whatIsStored(accountId: string) {
  const count = async (query: ReturnType<typeof sql>) => (await t.db.execute<{ n: number }>(query)).rows[0]!.n;
  return {
    faxes: await count(sql`select count(*)::int as n from faxes where account_id = ${accountId}`),
    faxFiles: await count(
      sql`select count(*)::int as n from fax_files f join faxes x on x.id = f.fax_id where x.account_id = ${accountId}`,
    ),
    sendAudits: await count(sql`select count(*)::int as n from audit_events where account_id = ${accountId} and action = 'fax.send'`),
    queuedJobs: await count(sql`select count(*)::int as n from pgboss.job where name = 'faxes.prepare'`),
    storedFiles: await filesIn(t.env.filesDir),
  };
}

const base = { recipientNumber: '+12025550143', faxQuality: 'fine' };
const message = (response: { json: () => unknown }) => ZApiError.parse(response.json()).error;

type Hostile = {
  what: string;
  name: string;
  make: () => Uint8Array | Promise<Uint8Array>;
  status: number;
  type: TErrorType;
  en: string;
  /** The same refusal in another language, asked for with Accept-Language. */
  other?: ['es' | 'fr', string];
  /** An image: no decoder may be asked to read its pixels. */
  image?: boolean;
};

const ACTIVE = (file: string) =>
  `File "${file}" contains JavaScript or an action that opens a program, so it cannot be faxed. Print it to a new PDF (Print, then Save as PDF) and attach that file instead.`;
const UNSAFE_NAME = (file: string) =>
  `The file name "${file}" is not allowed: a file name cannot be empty or contain a folder path (/ or \\) or control characters. Rename the file and attach it again.`;
const DAMAGED = (file: string) => `File "${file}" is damaged and cannot be read.`;
const NNBSP = '\u202f';

const corpus: Hostile[] = [
  {
    what: 'a web page renamed .pdf',
    name: 'invoice.pdf',
    make: () => new TextEncoder().encode('<!DOCTYPE html>\n<html><body><script>location="https://example.com"</script></body></html>'),
    status: 400,
    type: 'invalid_request',
    en: 'File "invoice.pdf" has an unsupported type. Allowed: PDF, JPG, PNG, DOC, DOCX, TXT.',
    other: ['fr', 'Le fichier « invoice.pdf » est d’un type non pris en charge. Types acceptés : PDF, JPG, PNG, DOC, DOCX, TXT.'],
  },
  {
    what: 'a PDF that runs JavaScript when opened',
    name: 'open.pdf',
    make: activePdfs.openActionJavaScript,
    status: 400,
    type: 'invalid_request',
    en: ACTIVE('open.pdf'),
    other: [
      'es',
      'El archivo "open.pdf" contiene JavaScript o una acción que abre un programa, por lo que no se puede enviar por fax. Imprímalo en un PDF nuevo (Imprimir y, después, Guardar como PDF) y adjunte ese archivo.',
    ],
  },
  ...(
    [
      ['a PDF that runs JavaScript when it closes', 'close.pdf', activePdfs.documentWillCloseJavaScript],
      ['a PDF whose page runs JavaScript when shown', 'page.pdf', activePdfs.pageOpenJavaScript],
      ['a PDF with a JavaScript link', 'link.pdf', activePdfs.linkJavaScript],
      ['a PDF with a link that launches a program', 'launch.pdf', activePdfs.linkLaunch],
      ['a PDF with a web link chained to JavaScript', 'chained.pdf', activePdfs.linkUriThenJavaScript],
      ['a PDF with document-level JavaScript (names tree)', 'names.pdf', activePdfs.namesTreeJavaScript],
    ] as const
  ).map(([what, name, make]): Hostile => ({ what, name, make, status: 400, type: 'invalid_request', en: ACTIVE(name) })),
  {
    what: 'a password-protected PDF',
    name: 'locked.pdf',
    make: () => convertFixture(pdf, 'pdf', 'encrypted-pdf'),
    status: 400,
    type: 'invalid_request',
    en: 'File "locked.pdf" is protected with a password. Remove the password and attach it again.',
    other: ['fr', 'Le fichier « locked.pdf » est protégé par un mot de passe. Retirez le mot de passe et joignez-le à nouveau.'],
  },
  {
    what: 'a PDF that is garbage after its header',
    name: 'scan.pdf',
    make: () => new Uint8Array([...new TextEncoder().encode('%PDF-1.7\n'), ...Array.from({ length: 4000 }, (_, i) => (i * 7919) % 256)]),
    status: 400,
    type: 'invalid_request',
    en: DAMAGED('scan.pdf'),
    other: ['es', 'El archivo "scan.pdf" está dañado y no se puede leer.'],
  },
  {
    what: 'a PDF cut in half',
    name: 'statement.pdf',
    make: () => pdf.subarray(0, Math.floor(pdf.length / 2)),
    status: 400,
    type: 'invalid_request',
    en: DAMAGED('statement.pdf'),
  },
  {
    what: 'a PDF whose object stream unpacks to 30 MB',
    name: 'structure.pdf',
    make: () => pdfWithObjectStreamBomb(30),
    status: 400,
    type: 'invalid_request',
    en: 'File "structure.pdf" unpacks to more than 20 MB, too much to convert. Make the document smaller or split it, and attach it again.',
  },
  {
    what: 'a zip bomb renamed .docx (110 MB in about 110 KB)',
    name: 'contract.docx',
    make: () => docxLike([{ name: 'word/document.xml', data: filler(110 * 1024 * 1024) }]),
    status: 400,
    type: 'invalid_request',
    en: 'File "contract.docx" unpacks to more than 100 MB, too much to convert. Make the document smaller or split it, and attach it again.',
    other: [
      'fr',
      'Le fichier « contract.docx » occupe plus de 100 Mo une fois décompressé, trop pour être converti. Réduisez le document ou scindez-le, puis joignez-le à nouveau.',
    ],
  },
  {
    what: 'a .docx whose part compresses a thousand times',
    name: 'letter.docx',
    make: () => docxLike([{ name: 'word/document.xml', data: filler(5 * 1024 * 1024, 0) }]),
    status: 400,
    type: 'invalid_request',
    en: 'File "letter.docx" unpacks to more than 100 times its size, which no real document does. Save it again as a new document or as PDF, and attach that.',
    other: [
      'es',
      'El archivo "letter.docx" ocupa más de 100 veces su tamaño al descomprimirse, algo que ningún documento real hace. Guárdelo de nuevo como documento nuevo o como PDF y adjunte ese archivo.',
    ],
  },
  {
    what: 'a .docx of 10,001 parts',
    name: 'parts.docx',
    make: () =>
      docxLike(
        Array.from({ length: 10_000 }, (_, i) => ({ name: `word/media/part${i}.xml`, data: new Uint8Array([0x3c]), method: 'stored' })),
      ),
    status: 400,
    type: 'invalid_request',
    en: 'File "parts.docx" is made of more than 10,000 parts, too many to convert. Save it as PDF and attach that instead.',
    other: [
      'fr',
      `Le fichier « parts.docx » est composé de plus de 10${NNBSP}000 parties, trop pour être converti. Enregistrez-le au format PDF et joignez celui-ci.`,
    ],
  },
  {
    what: 'a .docx cut before its list of parts',
    name: 'half.docx',
    make: () => {
      const whole = docxLike([{ name: 'word/document.xml', data: new TextEncoder().encode('<w:document/>'.repeat(500)) }]);
      return whole.subarray(0, whole.length - 60);
    },
    status: 400,
    type: 'invalid_request',
    en: DAMAGED('half.docx'),
  },
  {
    what: 'a 30,000 x 30,000 PNG',
    name: 'poster.png',
    make: () => blankPng(30_000, 30_000),
    status: 400,
    type: 'invalid_request',
    en: 'Image "poster.png" is 30,000 × 30,000 pixels; an image can have at most 50 million pixels and 20,000 pixels on each side. Scale it down and attach it again.',
    other: [
      'es',
      'La imagen "poster.png" mide 30.000 × 30.000 píxeles; una imagen puede tener como máximo 50 millones de píxeles y 20.000 píxeles por lado. Redúzcala y vuelva a adjuntarla.',
    ],
    image: true,
  },
  {
    what: 'a JPEG 25,000 pixels wide',
    name: 'panorama.jpg',
    make: () => jpegHeader(25_000, 100),
    status: 400,
    type: 'invalid_request',
    en: 'Image "panorama.jpg" is 25,000 × 100 pixels; an image can have at most 50 million pixels and 20,000 pixels on each side. Scale it down and attach it again.',
    other: [
      'fr',
      `L’image « panorama.jpg » mesure 25${NNBSP}000 × 100 pixels ; une image compte au maximum 50 millions de pixels et 20${NNBSP}000 pixels de côté. Réduisez-la et joignez-la à nouveau.`,
    ],
    image: true,
  },
  {
    what: 'a PNG whose header gives no size',
    name: 'photo.png',
    make: () => pngHeader(0, 0),
    status: 400,
    type: 'invalid_request',
    en: DAMAGED('photo.png'),
    image: true,
  },
  {
    what: 'an empty file',
    name: 'empty.pdf',
    make: () => new Uint8Array(0),
    status: 400,
    type: 'invalid_request',
    en: 'File "empty.pdf" is empty. Attach a file that has content.',
    other: ['es', 'El archivo "empty.pdf" está vacío. Adjunte un archivo con contenido.'],
  },
  {
    what: 'a name that climbs out of its folder',
    name: '../../etc/passwd.pdf',
    make: () => pdf,
    status: 400,
    type: 'invalid_request',
    en: UNSAFE_NAME('../../etc/passwd.pdf'),
    other: [
      'fr',
      'Le nom de fichier « ../../etc/passwd.pdf » n’est pas accepté : un nom de fichier ne peut être ni vide, ni contenir un chemin de dossier (/ ou \\) ou des caractères de contrôle. Renommez le fichier et joignez-le à nouveau.',
    ],
  },
  {
    what: 'a Windows path',
    name: '..\\..\\Windows\\win.ini.pdf',
    make: () => pdf,
    status: 400,
    type: 'invalid_request',
    en: UNSAFE_NAME('..\\..\\Windows\\win.ini.pdf'),
  },
  { what: 'the name ".."', name: '..', make: () => pdf, status: 400, type: 'invalid_request', en: UNSAFE_NAME('..') },
  {
    what: 'a name with a NUL byte',
    name: 'report\u0000.pdf',
    make: () => pdf,
    status: 400,
    type: 'invalid_request',
    en: UNSAFE_NAME('report\uFFFD.pdf'),
  },
  {
    what: 'a name with a terminal escape sequence',
    name: '\u001b[2J\u001b[31minvoice.pdf',
    make: () => pdf,
    status: 400,
    type: 'invalid_request',
    en: UNSAFE_NAME('\uFFFD[2J\uFFFD[31minvoice.pdf'),
  },
  {
    what: 'a name reversed by a bidi override ("holiday\u202Egpj.exe" reads as a .jpg)',
    name: 'holiday\u202Egpj.exe',
    make: () => pdf,
    status: 400,
    type: 'invalid_request',
    en: UNSAFE_NAME('holiday\uFFFDgpj.exe'),
  },
  {
    what: 'a name of 300 characters',
    name: `${'a'.repeat(296)}.pdf`,
    make: () => pdf,
    status: 400,
    type: 'invalid_request',
    en: `The file name "${'a'.repeat(60)}…" is too long: a file name can have at most 255 characters. Rename the file and attach it again.`,
    other: [
      'es',
      `El nombre de archivo "${'a'.repeat(60)}…" es demasiado largo: un nombre de archivo puede tener como máximo 255 caracteres. Cambie el nombre del archivo y vuelva a adjuntarlo.`,
    ],
  },
];

describe('the upload corpus: each hostile file refused with its own message, nothing stored', () => {
  let sender: Awaited<ReturnType<typeof customer>>;
  const outcome = { files: 0, refused: 0, stored: 0 };
  beforeAll(async () => {
    sender = await customer();
  });
  afterAll(() => {
    console.log(`upload corpus: ${outcome.files} files, ${outcome.refused} refused, ${outcome.stored} stored`);
  });

  it.each(corpus.map((file) => [file.what, file] as const))(
    'refuses %s',
    async (_what, file) => {
      const bytes = await file.make();
      const before = await whatIsStored(sender.accountId);
      decoders.png.mockClear();
      decoders.jpeg.mockClear();
      outcome.files += 1;

      const response = await sendFaxRequest(t.app, sender.cookie, base, [{ name: file.name, bytes }]);
      if (response.statusCode === 202) outcome.stored += 1;
      expect(response.statusCode, response.body).toBe(file.status);
      outcome.refused += 1;
      expect(message(response)).toMatchObject({ type: file.type, message: file.en });
      if (file.other) {
        const [language, translated] = file.other;
        const again = await sendFaxRequest(t.app, sender.cookie, base, [{ name: file.name, bytes }], { 'accept-language': language });
        expect(again.statusCode).toBe(file.status);
        expect(message(again).message).toBe(translated);
      }

      expect(await whatIsStored(sender.accountId)).toEqual(before);
      // An image is judged by its header: its pixels are never decoded.
      if (file.image) {
        expect(decoders.png).not.toHaveBeenCalled();
        expect(decoders.jpeg).not.toHaveBeenCalled();
      }
    },
    60_000,
  );

  it('left the account without a fax, a stored file or a queued job', async () => {
    expect(await whatIsStored(sender.accountId)).toEqual({ faxes: 0, faxFiles: 0, sendAudits: 0, queuedJobs: 0, storedFiles: 0 });
  });

  it('refuses the same files in the preview, which stores nothing either', async () => {
    const response = await sendFaxRequest(
      t.app,
      sender.cookie,
      base,
      [{ name: 'open.pdf', bytes: await activePdfs.openActionJavaScript() }],
      {},
      '/api/faxes/preview',
    );
    expect(response.statusCode).toBe(400);
    expect(message(response).message).toBe(ACTIVE('open.pdf'));
  });
});

describe('what the checks let through', () => {
  it('accepts a form with a formatting script, an attached file and a web link; an ordinary PNG; a name in any script', async () => {
    const sender = await customer();
    decoders.png.mockClear();
    const response = await sendFaxRequest(t.app, sender.cookie, base, [
      { name: 'Überweisung – März.pdf', bytes: await acceptedPdf() },
      { name: '診療情報提供書.png', bytes: await blankPng(1728, 2200) },
    ]);
    expect(response.statusCode, response.body).toBe(202);
    ZSendFaxResponse.parse(response.json());
    // Judged by its header too: its pixels are decoded when the fax is made, in a document thread (decision 063).
    expect(decoders.png).not.toHaveBeenCalled();
    expect(await whatIsStored(sender.accountId)).toMatchObject({ faxes: 1, faxFiles: 2, sendAudits: 1 });
    const [names] = await t.db
      .execute<{ names: string[] }>(
        sql`select array_agg(f.name order by f.position) as names from fax_files f join faxes x on x.id = f.fax_id where x.account_id = ${sender.accountId}`,
      )
      .then((r) => r.rows);
    expect(names!.names).toEqual(['Überweisung – März.pdf', '診療情報提供書.png']);
  });
});
