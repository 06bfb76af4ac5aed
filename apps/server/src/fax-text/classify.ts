import type { TDocumentClass } from '@faxline/shared';

/*
 * What a received fax is (issue 37, item 4; decision 102), from the words read on it: phrases each class is known by in
 * English, Spanish and French, and the account's own corrections, nearest first. All on this machine, nothing
 * downloaded: the phrases are below, the corrections are the account's.
 */

/** A fax's words as the classifier weighs them: each word's share of the fax (a vector of length 1). */
export type WordWeights = Record<string, number>;

/** A fax a member classified: its class and its words. The account's examples, newest first. */
export type ClassExample = { documentClass: TDocumentClass; words: WordWeights };

export type Classification = { documentClass: TDocumentClass; confidence: number };

/** Phrases that name a class, written without accents and in lower case, as `normalized` makes the text. */
const PHRASES: Record<Exclude<TDocumentClass, 'other'>, string[]> = {
  referral: [
    'referral',
    'referring physician',
    'reason for referral',
    'specialist consultation',
    'please evaluate',
    'derivacion',
    'medico remitente',
    'especialista',
    'se ruega valoracion',
    'interconsulta',
    'adressage',
    'medecin adressant',
    'specialiste',
    'merci de bien vouloir recevoir',
  ],
  lab_result: [
    'laboratory',
    'lab report',
    'reference range',
    'specimen',
    'collected',
    'reported',
    'ordering physician',
    'laboratorio',
    'informe de laboratorio',
    'valores de referencia',
    'muestra',
    'resultado',
    'laboratoire',
    'valeurs de reference',
    'prelevement',
    'compte rendu d analyses',
    'resultat',
  ],
  prior_authorization: [
    'prior authorization',
    'preauthorization',
    'authorization request',
    'utilization review',
    'medical necessity',
    'autorizacion previa',
    'preautorizacion',
    'solicitud de autorizacion',
    'accord prealable',
    'entente prealable',
    'demande d accord',
  ],
  prescription_request: [
    'prescription',
    'refill',
    'pharmacy',
    'renewal request',
    'dispense',
    'receta',
    'renovacion de receta',
    'farmacia',
    'ordonnance',
    'renouvellement',
    'pharmacie',
  ],
  medical_records_request: [
    'medical records',
    'records request',
    'release of information',
    'authorization to release',
    'copies of records',
    'historia clinica completa',
    'solicitud de historia',
    'copia del expediente',
    'dossier medical',
    'demande de dossier',
    'copie du dossier',
  ],
  invoice: [
    'invoice',
    'amount due',
    'total due',
    'bill to',
    'payment terms',
    'subtotal',
    'factura',
    'importe',
    'total a pagar',
    'base imponible',
    'iva',
    'facture',
    'montant',
    'total ttc',
    'tva',
    'echeance',
  ],
  legal_notice: [
    'legal notice',
    'court',
    'subpoena',
    'attorney',
    'plaintiff',
    'defendant',
    'notice of',
    'aviso legal',
    'juzgado',
    'demandante',
    'abogado',
    'citacion',
    'avis juridique',
    'tribunal',
    'huissier',
    'mise en demeure',
    'avocat',
  ],
};

/** Words too common in the three languages to tell classes apart. */
const STOP_WORDS = new Set(
  (
    'the and for with from this that are was were has have not you your our all any can will please ' +
    'los las del con por para una que como mas sus ' +
    'les des une pour avec dans sur par est sont aux vous nous'
  ).split(' '),
);

/** How much the nearest corrections weigh beside the phrases: a close example outweighs a few phrases. */
const EXAMPLE_WEIGHT = 12;
/** How much a fax with no phrase and no example leans to "other". */
const OTHER_SCORE = 1;
/** The corrections looked at, newest first. */
export const EXAMPLES_CONSULTED = 500;

/** Lower case, accents and punctuation gone, one space between words: the form the phrases are written in. */
export function normalized(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** The words of a text that carry meaning (three letters or more, no digits, no stop words), weighted to length 1. */
export function wordWeightsOf(text: string): WordWeights {
  const counts: Record<string, number> = {};
  for (const word of normalized(text).split(' ')) {
    if (word.length < 3 || /\d/.test(word) || STOP_WORDS.has(word)) continue;
    counts[word] = (counts[word] ?? 0) + 1;
  }
  const length = Math.sqrt(Object.values(counts).reduce((sum, count) => sum + count * count, 0));
  const weights: WordWeights = {};
  for (const [word, count] of Object.entries(counts)) weights[word] = count / length;
  return weights;
}

const similarity = (a: WordWeights, b: WordWeights) => Object.entries(a).reduce((sum, [word, weight]) => sum + weight * (b[word] ?? 0), 0);

/**
 * The class of a fax from its text: each class scores its phrases found (a phrase of n words counts n) and, for each
 * class the account has corrected faxes to, EXAMPLE_WEIGHT times the likeness of its most similar one; "other" scores a
 * little, so that a fax with nothing to go on is "other". The confidence is the winner's share of the scores' softmax.
 */
export function classify(text: string, examples: readonly ClassExample[] = []): Classification {
  const padded = ` ${normalized(text)} `;
  const words = wordWeightsOf(text);
  const scores = new Map<TDocumentClass, number>([['other', OTHER_SCORE]]);
  for (const [documentClass, phrases] of Object.entries(PHRASES) as Array<[TDocumentClass, string[]]>) {
    const found = phrases.filter((phrase) => padded.includes(` ${phrase} `));
    scores.set(
      documentClass,
      found.reduce((sum, phrase) => sum + phrase.split(' ').length, 0),
    );
  }
  const nearest = new Map<TDocumentClass, number>();
  for (const example of examples.slice(0, EXAMPLES_CONSULTED)) {
    nearest.set(example.documentClass, Math.max(nearest.get(example.documentClass) ?? 0, similarity(words, example.words)));
  }
  for (const [documentClass, likeness] of nearest) scores.set(documentClass, (scores.get(documentClass) ?? 0) + EXAMPLE_WEIGHT * likeness);

  const ranked = [...scores.entries()].sort((a, b) => b[1] - a[1]);
  const [best] = ranked;
  const total = ranked.reduce((sum, [, score]) => sum + Math.exp(score - best![1]), 0);
  return { documentClass: best![0], confidence: Math.round((1 / total) * 100) / 100 };
}
