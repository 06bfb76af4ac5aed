import { LANGUAGES } from '@faxline/shared';
import { z } from 'zod';
import type { PageText } from './read-fax-text';

/** The words read on a fax, as its encrypted file holds them: the language found, and each page's text. */
const ZFaxTextFile = z.object({
  version: z.literal(1),
  language: z.enum(LANGUAGES).nullable(),
  pages: z.array(z.object({ page: z.int().min(1), text: z.string(), confidence: z.number().min(0).max(100).nullable() })),
});
export type FaxTextFile = z.infer<typeof ZFaxTextFile>;

export function encodeFaxText(language: FaxTextFile['language'], pages: PageText[]): Uint8Array {
  return new TextEncoder().encode(JSON.stringify({ version: 1, language, pages } satisfies FaxTextFile));
}

/** The file read back; a file that is not one (damaged, another version) fails loudly. */
export function decodeFaxText(bytes: Uint8Array): FaxTextFile {
  return ZFaxTextFile.parse(JSON.parse(new TextDecoder().decode(bytes)));
}

/** All the pages' text, page after page: what the search holds and what the language is told from. */
export const wholeText = (pages: PageText[]) => pages.map((page) => page.text).join('\n\n');
