import type { TFaxQuality, TLanguage } from '@faxline/shared';
import { PDFDocument, StandardFonts, type PDFFont } from 'pdf-lib';
import { faxImagePdf } from '../apps/server/src/documents/fax-image/fax-image-pdf';
import { renderFaxImage, type FaxImage } from '../apps/server/src/documents/fax-image/render-fax-image';

// The corpus Faxline's reading of faxes is measured on (issue 37; bench/ocr.ts and the fax-text tests): known texts of
// the kinds a clinic receives, in its three languages, rendered as the fax image a line would deliver at standard and
// fine resolution. Written here for Faxline; the people, numbers and places are invented.

export type CorpusClass = 'referral' | 'lab_result' | 'invoice' | 'blank';

export type CorpusDocument = {
  id: string;
  language: TLanguage;
  class: CorpusClass;
  /** The page's lines as typed; a blank page has none. */
  lines: string[];
};

export const FAX_TEXT_CORPUS: CorpusDocument[] = [
  {
    id: 'referral-en',
    language: 'en',
    class: 'referral',
    lines: [
      'Riverside Family Practice',
      '1200 Harbor Street, Suite 4, Portland, OR 97205',
      'REFERRAL FOR SPECIALIST CONSULTATION',
      'Date: March 14, 2026',
      'To: Dr. Helen Okafor, Cardiology',
      'Patient: Margaret Ellison',
      'Date of birth: 07/22/1958',
      'Medical record number: MRN 448120',
      'Reason for referral: exertional chest pain for six weeks,',
      'abnormal resting ECG with new left bundle branch block.',
      'Current medications: lisinopril 10 mg daily, atorvastatin 40 mg.',
      'Please evaluate and advise on further testing.',
      'Referring physician: Dr. Samuel Reyes, NPI 1234567893',
      'Callback fax: (503) 555-0148  Phone: (503) 555-0147',
    ],
  },
  {
    id: 'referral-es',
    language: 'es',
    class: 'referral',
    lines: [
      'Centro de Salud Los Álamos',
      'Avenida de la Constitución 28, 41004 Sevilla',
      'SOLICITUD DE DERIVACIÓN A ESPECIALISTA',
      'Fecha: 9 de abril de 2026',
      'Para: Dra. Lucía Fernández, Neurología',
      'Paciente: José Martínez García',
      'Fecha de nacimiento: 03/11/1971',
      'Número de historia clínica: HC 20931',
      'Motivo: cefalea persistente desde hace dos meses,',
      'con episodios de visión borrosa y mareo al levantarse.',
      'Tratamiento actual: ibuprofeno 600 mg cada ocho horas.',
      'Se ruega valoración y resonancia magnética si procede.',
      'Médico remitente: Dr. Andrés Molina',
      'Fax de respuesta: +34 954 555 012  Teléfono: +34 954 555 011',
    ],
  },
  {
    id: 'referral-fr',
    language: 'fr',
    class: 'referral',
    lines: [
      'Cabinet médical des Tilleuls',
      '14 rue Victor Hugo, 69002 Lyon',
      'LETTRE D’ADRESSAGE À UN SPÉCIALISTE',
      'Date : 22 mai 2026',
      'À l’attention du Dr Claire Dubois, dermatologie',
      'Patient : François Lefèvre',
      'Date de naissance : 15/06/1984',
      'Numéro de dossier : DOS 77215',
      'Motif : lésion pigmentée du dos qui a changé de forme,',
      'avec des bords irréguliers et une couleur hétérogène.',
      'Traitement en cours : aucun, pas d’allergie connue.',
      'Merci de bien vouloir recevoir ce patient rapidement.',
      'Médecin adressant : Dr Étienne Marchal',
      'Fax de retour : +33 4 78 55 01 20  Téléphone : +33 4 78 55 01 21',
    ],
  },
  {
    id: 'lab-en',
    language: 'en',
    class: 'lab_result',
    lines: [
      'Northgate Clinical Laboratories',
      'LABORATORY REPORT - FINAL',
      'Patient: Robert Chang   DOB: 02/09/1966   MRN 559031',
      'Ordering physician: Dr. Anita Patel, NPI 1902837461',
      'Collected: 04/02/2026 08:15   Reported: 04/02/2026 16:40',
      'Test                 Result    Units     Reference range',
      'Glucose, fasting     112       mg/dL     70 - 99',
      'Hemoglobin A1c       6.4       %         4.0 - 5.6',
      'Creatinine           0.9       mg/dL     0.7 - 1.3',
      'Potassium            4.2       mmol/L    3.5 - 5.1',
      'Cholesterol, total   214       mg/dL     below 200',
      'Comment: glucose and A1c above range, suggest follow-up.',
      'Results reviewed by: Laura Benson, MT',
    ],
  },
  {
    id: 'lab-es',
    language: 'es',
    class: 'lab_result',
    lines: [
      'Laboratorio de Análisis Clínicos Miramar',
      'INFORME DE RESULTADOS',
      'Paciente: Carmen Ruiz López   Nacimiento: 19/01/1990',
      'Historia clínica: HC 66402',
      'Solicitado por: Dra. Elena Navarro',
      'Fecha de extracción: 12/05/2026',
      'Prueba               Resultado  Unidades   Valores de referencia',
      'Hemoglobina          11,2       g/dL       12,0 - 16,0',
      'Leucocitos           7,8        10^3/uL    4,0 - 11,0',
      'Ferritina            9          ng/mL      15 - 150',
      'Vitamina B12         410        pg/mL      200 - 900',
      'Observaciones: anemia ferropénica leve, repetir en un mes.',
      'Validado por: Pablo Herrera, facultativo especialista',
    ],
  },
  {
    id: 'lab-fr',
    language: 'fr',
    class: 'lab_result',
    lines: [
      'Laboratoire de biologie médicale Saint-Roch',
      'COMPTE RENDU D’ANALYSES',
      'Patiente : Hélène Garnier   Née le : 28/10/1975',
      'Dossier : DOS 31884',
      'Prescripteur : Dr Julien Perrin',
      'Prélèvement du 03/06/2026 à 07 h 50',
      'Analyse              Résultat   Unités     Valeurs de référence',
      'Sodium               139        mmol/L     136 - 145',
      'TSH                  5,8        mUI/L      0,4 - 4,0',
      'T4 libre             11,9       pmol/L     12,0 - 22,0',
      'Protéine C réactive  3          mg/L       inférieur à 5',
      'Conclusion : hypothyroïdie fruste, contrôle conseillé.',
      'Biologiste responsable : Dr Mathilde Roux',
    ],
  },
  {
    id: 'invoice-en',
    language: 'en',
    class: 'invoice',
    lines: [
      'Summit Medical Supply Co.',
      '88 Industrial Parkway, Columbus, OH 43215',
      'INVOICE',
      'Invoice number: INV-2026-0412   Date: 04/12/2026',
      'Bill to: Riverside Family Practice, Accounts Payable',
      'Item                          Qty    Unit price    Amount',
      'Nitrile exam gloves, box      40     $8.50         $340.00',
      'Sterile gauze pads 4x4        25     $6.20         $155.00',
      'Digital thermometer           6      $24.00        $144.00',
      'Subtotal                                           $639.00',
      'Sales tax 7.5%                                     $47.93',
      'Total due                                          $686.93',
      'Payment terms: net 30 days. Thank you for your business.',
    ],
  },
  {
    id: 'invoice-es',
    language: 'es',
    class: 'invoice',
    lines: [
      'Suministros Sanitarios del Sur, S.L.',
      'Polígono El Pino, nave 12, 41016 Sevilla   CIF B41234567',
      'FACTURA',
      'Número de factura: F-2026/0318   Fecha: 18/03/2026',
      'Cliente: Centro de Salud Los Álamos',
      'Concepto                      Cant.  Precio      Importe',
      'Mascarillas quirúrgicas       500    0,12 EUR    60,00 EUR',
      'Jeringas de 5 ml              300    0,09 EUR    27,00 EUR',
      'Batas desechables             80     1,45 EUR    116,00 EUR',
      'Base imponible                                   203,00 EUR',
      'IVA 21%                                          42,63 EUR',
      'Total a pagar                                    245,63 EUR',
      'Forma de pago: transferencia a 30 días.',
    ],
  },
  {
    id: 'invoice-fr',
    language: 'fr',
    class: 'invoice',
    lines: [
      'Fournitures Médicales Rhône-Alpes',
      '5 avenue Jean Jaurès, 69007 Lyon   SIRET 512 345 678 00021',
      'FACTURE',
      'Facture n° FA-2026-0527   Date : 27/05/2026',
      'Client : Cabinet médical des Tilleuls',
      'Désignation                   Qté    Prix unitaire   Montant',
      'Compresses stériles           60     2,10 EUR        126,00 EUR',
      'Abaisse-langues, boîte        10     4,50 EUR        45,00 EUR',
      'Tensiomètre électronique      2      39,00 EUR       78,00 EUR',
      'Total hors taxes                                     249,00 EUR',
      'TVA 20 %                                             49,80 EUR',
      'Total TTC                                            298,80 EUR',
      'Règlement à 30 jours par virement bancaire.',
    ],
  },
  { id: 'blank', language: 'en', class: 'blank', lines: [] },
];

/** The text a reader should find on a document's page: its lines, each line's spaces single. */
export function expectedText(document: CorpusDocument): string {
  return document.lines.map((line) => line.replace(/\s+/g, ' ').trim()).join('\n');
}

const MARGIN = 56;
const LEADING = 1.5;

/**
 * How each kind is typed, as offices type them, from the common size down to the small print that fax resolutions
 * blur: letters in a sans-serif at 10 points, laboratory tables in a fixed-pitch font at 8 (their columns keep their
 * places), invoices in a serif at 9.
 */
const TYPE: Record<CorpusClass, { font: StandardFonts; size: number }> = {
  referral: { font: StandardFonts.Helvetica, size: 10 },
  lab_result: { font: StandardFonts.Courier, size: 8 },
  invoice: { font: StandardFonts.TimesRoman, size: 9 },
  blank: { font: StandardFonts.Helvetica, size: 11 },
};

/** The document as typed: one A4 page, its lines from the top (what a sender uploads). */
export async function typedPdf(document: CorpusDocument): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const { font: fontName, size } = TYPE[document.class];
  const font: PDFFont = await pdf.embedFont(fontName);
  const page = pdf.addPage([595.28, 841.89]);
  document.lines.forEach((line, index) => {
    page.drawText(line, { x: MARGIN, y: 841.89 - MARGIN - index * size * LEADING, size, font });
  });
  return pdf.save();
}

/**
 * The document as a fax line delivers it at `quality`: the fax image, and the PDF of record a received fax keeps
 * (made of that image, decision 023).
 */
export async function corpusFax(document: CorpusDocument, quality: TFaxQuality): Promise<{ image: FaxImage; pdf: Uint8Array }> {
  const image = await renderFaxImage(typedPdf(document), quality);
  return { image, pdf: await faxImagePdf(image) };
}
