import { describe, expect, it } from 'vitest';
import { fileNameProblem, shownFileName } from './inspect-file-name';

describe('an attached file name', () => {
  it('accepts names in any script, with spaces and dots', () => {
    for (const name of ['scan.pdf', 'Überweisung – März.pdf', '診療情報提供書.png', 'v1.2 final (2).docx', '.hidden.txt'])
      expect(fileNameProblem(name), name).toBeNull();
  });

  it('refuses paths, control characters, bidi overrides and emptiness', () => {
    for (const name of [
      '../x.pdf',
      'a/b.pdf',
      'C:\\x.pdf',
      '..',
      '.',
      ' ',
      '',
      'a\u0000.pdf',
      'a\u0085.pdf',
      'a\u202Efdp.exe',
      'a\u2066.pdf',
    ])
      expect(fileNameProblem(name), JSON.stringify(name)).toBe('unsafe');
  });

  it('refuses more than 255 characters, counting characters rather than UTF-16 units', () => {
    expect(fileNameProblem(`${'😀'.repeat(251)}.pdf`)).toBeNull();
    expect(fileNameProblem(`${'a'.repeat(252)}.pdf`)).toBe('too-long');
  });

  it('shows a refused name with its hidden characters made visible, cut short', () => {
    expect(shownFileName('\u001b[2Jx.pdf')).toBe('\uFFFD[2Jx.pdf');
    expect(shownFileName('b'.repeat(100))).toBe(`${'b'.repeat(60)}…`);
  });
});
