import { LANGUAGES, PAGE_PROBLEMS } from '@faxline/shared';
import { z } from 'zod';

/**
 * The words read on a fax, as its encrypted file holds them: the language found, and each page's text with Tesseract's
 * confidence in it. Owned by faxes/ like the fax's other files (its key is `faxes.text_key`); fax-text/ writes it.
 */
const ZFaxTextFile = z.object({
  version: z.literal(1),
  language: z.enum(LANGUAGES).nullable(),
  pages: z.array(
    z.object({
      page: z.int().min(1),
      text: z.string(),
      confidence: z.number().min(0).max(100).nullable(),
      // Since decision 101; a file read before it says nothing of its pages' look.
      problem: z.enum(PAGE_PROBLEMS).nullable().default(null),
    }),
  ),
});
export type FaxTextFile = z.output<typeof ZFaxTextFile>;
type PageText = FaxTextFile['pages'][number];

export function encodeFaxText(language: FaxTextFile['language'], pages: PageText[]): Uint8Array {
  return new TextEncoder().encode(JSON.stringify({ version: 1, language, pages } satisfies FaxTextFile));
}

/** The file read back; a file that is not one (damaged, another version) fails loudly. */
export function decodeFaxText(bytes: Uint8Array): FaxTextFile {
  return ZFaxTextFile.parse(JSON.parse(new TextDecoder().decode(bytes)));
}

/** All the pages' text, page after page: what the search holds and what the language is told from. */
export const wholeText = (pages: PageText[]) => pages.map((page) => page.text).join('\n\n');
