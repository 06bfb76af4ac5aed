import { MAX_ATTACHMENT_BYTES, MESSAGES } from '@faxline/shared';
import { describe, expect, it } from 'vitest';

import enFaxes from '@/locales/en/faxes.json';

import { attachmentProblemText, checkNewFiles, extensionOf, hasAllowedExtension, moveItem } from './attachment-checks';

const file = (name: string, size = 1000) => ({ name, size });
const english = (key: string, values: Record<string, string | undefined> = {}) => {
  const [root, path] = key.startsWith('messages:') ? [MESSAGES.en, key.slice('messages:'.length)] : [enFaxes, key];
  const text = path.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], root);
  return String(text).replace(/{{(\w+)}}/g, (_, name: string) => values[name] ?? '');
};
const toast = (problem: NonNullable<ReturnType<typeof checkNewFiles>>) => {
  const text = attachmentProblemText(problem);
  return `${english(text.title)}: ${english(text.description, text.values)}`;
};

describe('file checks (spec 001 §5, §9)', () => {
  it('accepts the allowed extensions in any case', () => {
    for (const name of ['a.pdf', 'b.JPG', 'c.jpeg', 'd.png', 'e.doc', 'f.DOCX', 'g.txt']) expect(hasAllowedExtension(name)).toBe(true);
    expect(extensionOf('Report.Final.PDF')).toBe('.pdf');
    expect(extensionOf('README')).toBe('');
  });

  it('refuses other types with the spec text naming the file', () => {
    const problem = checkNewFiles([], [file('ok.pdf'), file('virus.exe')]);
    expect(problem).toEqual({ kind: 'invalidType', file: 'virus.exe' });
    expect(toast(problem!)).toBe('Invalid File Type: File "virus.exe" has an unsupported type. Allowed: PDF, JPG, PNG, DOC, DOCX, TXT.');
    expect(checkNewFiles([], [file('no-extension')])).toEqual({ kind: 'invalidType', file: 'no-extension' });
    expect(checkNewFiles([], [file('archive.pdf.zip')])).toEqual({ kind: 'invalidType', file: 'archive.pdf.zip' });
  });

  it('refuses an empty file as empty, not as a wrong type', () => {
    const problem = checkNewFiles([], [file('ok.pdf'), file('blank.pdf', 0)]);
    expect(problem).toEqual({ kind: 'empty', file: 'blank.pdf' });
    expect(toast(problem!)).toBe('Empty File: File "blank.pdf" is empty. Attach a file that has content.');
  });

  it('allows exactly 10 MB and refuses one byte more', () => {
    expect(checkNewFiles([], [file('edge.pdf', MAX_ATTACHMENT_BYTES)])).toBeNull();
    const problem = checkNewFiles([], [file('big.pdf', MAX_ATTACHMENT_BYTES + 1)]);
    expect(problem).toEqual({ kind: 'tooLarge', file: 'big.pdf', sizeMB: 10 });
    expect(toast(problem!)).toBe('File Too Large: File "big.pdf" exceeds the 10MB size limit.');
  });

  it("uses the platform's size limit when the back office changed it", () => {
    const problem = checkNewFiles([], [file('mid.pdf', 2 * 1024 * 1024)], 1);
    expect(toast(problem!)).toBe('File Too Large: File "mid.pdf" exceeds the 1MB size limit.');
    expect(checkNewFiles([], [file('mid.pdf', 2 * 1024 * 1024)], 25)).toBeNull();
  });

  it('allows 5 files in all and rejects the whole selection that would make 6', () => {
    const four = [1, 2, 3, 4].map((n) => file(`${n}.pdf`));
    expect(checkNewFiles(four, [file('5.pdf')])).toBeNull();
    const problem = checkNewFiles(four, [file('5.pdf'), file('6.pdf')]);
    expect(problem).toEqual({ kind: 'tooMany' });
    expect(toast(problem!)).toBe('Too many files: You can attach a maximum of 5 files.');
    expect(
      checkNewFiles(
        [],
        [1, 2, 3, 4, 5, 6].map((n) => file(`${n}.png`)),
      ),
    ).toEqual({ kind: 'tooMany' });
  });

  it('counts before it looks at types, as a selection of six is refused whatever it holds', () => {
    expect(
      checkNewFiles(
        [],
        [1, 2, 3, 4, 5, 6].map((n) => file(`${n}.exe`)),
      ),
    ).toEqual({ kind: 'tooMany' });
  });
});

describe('moveItem', () => {
  it('moves a file up or down one place, and leaves the ends alone', () => {
    expect(moveItem(['a', 'b', 'c'], 1, -1)).toEqual(['b', 'a', 'c']);
    expect(moveItem(['a', 'b', 'c'], 1, 1)).toEqual(['a', 'c', 'b']);
    expect(moveItem(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(moveItem(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'b', 'c']);
  });
});
