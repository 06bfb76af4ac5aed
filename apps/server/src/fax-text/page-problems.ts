import type { TPageProblem } from '@faxline/shared';

/*
 * Pages a sender should send again (issue 37, item 5; decision 101): found while a fax is read, from the page as drawn
 * for Tesseract and from what Tesseract made of it.
 */

/** How a page looks: its length, and the share of its dots that are dark below the header line's band. */
export type PageLook = { heightInches: number; ink: number };

/** The band at the top that a sending machine prints its header line in (a sixth of an inch), with room around it. */
const HEADER_BAND_INCHES = 0.3;
/** Below this share of dark dots, a page holds nothing: a speck or two of line noise, not a signature or a word. */
const BLANK_INK = 0.0005;
/** Shorter than this, the page was cut off: no paper size a fax carries is (A5 across is 5.8 inches, half-letter 5.5). */
const CUT_OFF_INCHES = 5;
/** Below this mean confidence in its words, Tesseract was guessing: the page is too degraded to read. */
const UNREADABLE_CONFIDENCE = 45;

/** A page drawn by Ghostscript as raw PGM (`P5`, 8-bit grey), measured at its `dpi`. */
export function pageLook(pgm: Uint8Array, dpi: number): PageLook {
  const header = /^P5\s+(?:#[^\n]*\n\s*)*(\d+)\s+(\d+)\s+(\d+)\s/.exec(new TextDecoder('latin1').decode(pgm.subarray(0, 100)));
  if (!header || Number(header[3]) > 255) throw new Error('Not an 8-bit PGM page image');
  const width = Number(header[1]);
  const height = Number(header[2]);
  const pixels = pgm.subarray(header[0].length);
  const firstRow = Math.min(height, Math.round(HEADER_BAND_INCHES * dpi));
  let dark = 0;
  for (let index = firstRow * width; index < width * height; index += 1) if (pixels[index]! < 128) dark += 1;
  const counted = width * (height - firstRow);
  return { heightInches: height / dpi, ink: counted > 0 ? dark / counted : 0 };
}

/** Why a page may need sending again, or null: blank, cut off (too short), or unreadable (words read but guessed). */
export function pageProblemOf(look: PageLook, confidence: number | null): TPageProblem | null {
  if (look.heightInches < CUT_OFF_INCHES) return 'cut_off';
  if (look.ink < BLANK_INK) return 'blank';
  if (confidence !== null && confidence < UNREADABLE_CONFIDENCE) return 'unreadable';
  return null;
}
